import { PrinterOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Descriptions, Flex, Space } from 'antd';
import { useRef } from 'react';
import { formatDateTime } from '#web/shared/format.ts';
import { printElement } from '#web/shared/print.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { LoginLogTable } from './LoginLogTable.tsx';
import { useAccountInfo } from './useAccount.ts';

export function PersonalInfoPage() {
  const info = useAccountInfo();
  const profileRef = useRef<HTMLDivElement>(null);
  const user = info.data?.user;

  const print = () => {
    if (profileRef.current) printElement(profileRef.current, '个人信息');
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div ref={profileRef}>
        <Card
          title="个人信息"
          extra={
            user && (
              <Button className="no-print" icon={<PrinterOutlined aria-hidden />} onClick={print}>
                打印
              </Button>
            )
          }
        >
          {info.isPending ? (
            <PageSpin />
          ) : !user ? (
            <QueryEmpty query={info} description="暂无个人信息" />
          ) : (
            // On a phone the details go under the picture, one to a line.
            <Flex wrap gap="large" align="flex-start">
              <Avatar size={72} src={user.avatarUrl || undefined} alt={user.real_name}>
                {(user.real_name || user.username).slice(0, 1)}
              </Avatar>
              <Descriptions
                column={{ xs: 1, sm: 1, md: 2 }}
                style={{ flex: '1 1 280px', minWidth: 0 }}
                bordered
                size="small"
                items={[
                  { key: 'username', label: '用户名', children: user.username },
                  { key: 'real_name', label: '姓名', children: user.real_name },
                  { key: 'role', label: '角色', children: user.role_name },
                  { key: 'company', label: '单位', children: user.company_name },
                  { key: 'group', label: '部门', children: user.group_name || '—' },
                  { key: 'position', label: '岗位', children: user.position_name || '—' },
                  { key: 'mobile', label: '手机', children: user.mobile || '—' },
                  { key: 'email', label: '邮箱', children: user.email || '—' },
                  {
                    key: 'login_time',
                    label: '本次登录时间',
                    children: formatDateTime(info.data?.login_time),
                  },
                ]}
              />
            </Flex>
          )}
        </Card>
      </div>
      <Card title="登录记录">
        <LoginLogTable />
      </Card>
    </Space>
  );
}
