import { GENDERS, roleName } from '@portal/contract';
import { Card, Descriptions, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useOrganization } from '#web/modules/department/index.ts';
import { formatDateTime } from '#web/shared/format.ts';
import { useUserInfo } from '#web/shared/session.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { StatusTags, usePersonActions } from './PersonActions.tsx';
import { personName, roleOptions } from './people.ts';
import { useUser } from './useUsers.ts';

const NONE: never[] = [];
const idOf = (raw: string | null | undefined) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null);

/**
 * A person of the company (/manager/user/{id}, spec §2; `?company_id=` for a company of the
 * caller's group): their account, department and position, every role they hold, state and last
 * login, with what 人员管理 offers on their row — 编辑, 停用 or 启用, 重置密码 — when the caller may.
 */
export function UserDetailPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const id = idOf(params.id);
  const companyId = idOf(search.get('company_id')) ?? undefined;
  const me = useUserInfo();
  const user = useUser(id, companyId);
  const org = useOrganization(companyId);
  const roles = useMemo(() => roleOptions(me?.role), [me?.role]);
  const person = usePersonActions({
    companyId,
    departments: org.data?.departments ?? NONE,
    positions: org.data?.positions ?? NONE,
    roles,
  });
  const back = <Link to="/manager/company-user1_1">返回人员管理</Link>;
  const u = user.data;

  if (!u)
    return (
      <Card title="人员详情" extra={back}>
        {user.isLoading ? (
          <PageSpin />
        ) : (
          <QueryEmpty query={user} description="人员不存在或不在你管理的单位" />
        )}
      </Card>
    );

  return (
    <Card title={`人员详情 · ${personName(u)}`} extra={back}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          bordered
          size="small"
          items={[
            { key: 'name', label: '姓名', children: u.real_name || '—' },
            { key: 'username', label: '用户名', children: u.username },
            { key: 'gender', label: '性别', children: GENDERS[u.gender as keyof typeof GENDERS] ?? '—' },
            { key: 'status', label: '状态', children: <StatusTags u={u} /> },
            { key: 'department', label: '部门', children: u.department_name || '未分配' },
            { key: 'position', label: '职务', children: u.position_name || '—' },
            { key: 'roles', label: '角色', children: u.roles.map(roleName).join('、') },
            { key: 'mobile', label: '手机号', children: u.mobile || '—' },
            { key: 'email', label: '邮箱', children: u.email || '—' },
            {
              key: 'login',
              label: '最近登录',
              children: u.last_login_time ? formatDateTime(u.last_login_time) : '从未登录',
            },
            { key: 'created', label: '创建时间', children: formatDateTime(u.create_time) },
            { key: 'updated', label: '更新时间', children: formatDateTime(u.update_time) },
          ]}
        />
        <div>
          <Typography.Text type="secondary" style={{ marginRight: 12 }}>
            操作
          </Typography.Text>
          {person.actions(u, 'middle')}
        </div>
      </Space>
      {person.dialogs}
    </Card>
  );
}
