import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Card, List, Tag, Typography } from 'antd';
import { AREAS } from '#web/app/routes/table.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useHeldRoles, useSwitchRole } from './useAccount.ts';

/**
 * 切换角色 (spec §2 personal `switch-roles`, docs/adr/0038 decision 3): the roles the user holds;
 * switching makes the session act in another one — its menu, landing area and permissions, on the
 * server too — and opens that role's area.
 */
export function SwitchRolesPage() {
  const roles = useHeldRoles();
  const switchRole = useSwitchRole();
  const current = roles.data?.current;

  return (
    <Card title="切换角色" style={{ maxWidth: 640 }}>
      <Typography.Paragraph type="secondary">
        你在本单位担任以下角色。切换后，本次登录的菜单、首页和可做的操作随之改变；其他设备上的登录不受影响。
      </Typography.Paragraph>
      {roles.isPending ? (
        <PageSpin />
      ) : !roles.data ? (
        <QueryEmpty query={roles} description="暂无角色" />
      ) : (
        <List
          bordered
          dataSource={roles.data.roles}
          renderItem={(r) => (
            <List.Item
              actions={[
                r.role === current ? (
                  <Tag key="current" color="success" icon={<CheckCircleFilled aria-hidden />}>
                    当前角色
                  </Tag>
                ) : (
                  <Button
                    key="switch"
                    type="primary"
                    loading={switchRole.isPending && switchRole.variables === r.role}
                    disabled={switchRole.isPending}
                    onClick={() => switchRole.mutate(r.role)}
                    aria-label={`切换为${r.role_name}`}
                  >
                    切换
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                title={r.role_name}
                description={`进入${AREAS.find((a) => a.area === r.area)?.title ?? r.area}`}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
