import { Card } from 'antd';
import { PasswordForm } from './PasswordForm.tsx';

export function PasswordResetPage() {
  return (
    <Card title="修改密码" style={{ maxWidth: 520 }}>
      <PasswordForm />
    </Card>
  );
}
