import { Alert, Card } from 'antd';
import { useNavigate } from 'react-router';
import { updateUserInfo, useUserInfo } from '#web/shared/session.ts';
import { PasswordForm } from './PasswordForm.tsx';

/**
 * 修改密码. A user whose password an administrator reset is kept here (ScreenGate) until they
 * choose their own; then they go on to their area.
 */
export function PasswordResetPage() {
  const mustChange = useUserInfo()?.must_change_password === 1;
  const navigate = useNavigate();
  const done = () => {
    if (!mustChange) return;
    updateUserInfo({ must_change_password: 0 });
    navigate('..', { relative: 'path', replace: true });
  };
  return (
    <Card title="修改密码" style={{ maxWidth: 520 }}>
      {mustChange && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="管理员已重置你的密码"
          description="请输入管理员告诉你的密码作为原密码，并设置自己的新密码后再继续使用。"
        />
      )}
      <PasswordForm onDone={done} />
    </Card>
  );
}
