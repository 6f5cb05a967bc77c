import { DownOutlined, IdcardOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '#web/modules/account/useAccount.ts';
import { useUserInfo } from '#web/shared/session.ts';
import { useOpenedOnce } from '#web/shared/ui/useOpenedOnce.ts';

/** The password form (antd's Form, the contract's rules) is fetched when first asked for, not with every page. */
const ChangePasswordModal = lazy(() =>
  import('#web/modules/account/ChangePasswordModal.tsx').then((m) => ({ default: m.ChangePasswordModal })),
);

const items: MenuProps['items'] = [
  { key: 'info', icon: <IdcardOutlined aria-hidden />, label: '个人信息' },
  { key: 'password', icon: <LockOutlined aria-hidden />, label: '修改密码' },
  { type: 'divider' },
  { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: '退出登录', danger: true },
];

/** The user's name with 个人信息, 修改密码 and 退出登录. */
export function UserMenu({ areaPath }: { areaPath: string }) {
  const user = useUserInfo();
  const navigate = useNavigate();
  const logout = useLogout();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const passwordAsked = useOpenedOnce(passwordOpen);
  const name = user?.real_name || user?.username || '用户';

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'info') navigate(`${areaPath}/personal-info`);
    else if (key === 'password') setPasswordOpen(true);
    else if (key === 'logout') logout();
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        {/* Named by what it shows, then what it is (WCAG 2.5.3: the name holds the visible text). */}
        <Button type="text" aria-label={`${name} 用户菜单`} className="shell-user">
          <Avatar size="small" icon={<UserOutlined aria-hidden />} />
          <span className="shell-user-name">{name}</span>
          <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      {passwordAsked && (
        <Suspense fallback={null}>
          <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
