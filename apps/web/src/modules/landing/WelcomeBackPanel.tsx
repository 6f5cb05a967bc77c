import { Avatar, Button, Card, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { landingAfterLogin } from '#web/app/guard.ts';
import { useLogout } from '#web/modules/account/index.ts';
import type { UserInfo } from '#web/shared/session.ts';

/** The login panel's place when the user is already logged in. */
export function WelcomeBackPanel({ user, redirect }: { user: UserInfo; redirect: string | null }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const name = user.real_name || user.username || '用户';
  return (
    <Card title="欢迎回来" style={{ width: 360, maxWidth: '100%' }}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Space>
          <Avatar size={48}>{name.slice(0, 1)}</Avatar>
          <div>
            <Typography.Text strong>{name}</Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {[user.company_name, user.role_name].filter(Boolean).join(' · ')}
            </Typography.Text>
          </div>
        </Space>
        <Button
          type="primary"
          block
          size="large"
          onClick={() => navigate(landingAfterLogin(redirect, user.role))}
        >
          进入系统
        </Button>
        <Button block size="large" onClick={logout}>
          退出登录
        </Button>
      </Space>
    </Card>
  );
}
