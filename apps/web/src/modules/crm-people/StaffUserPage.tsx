import type { CompanyLogin } from '@portal/contract';
import { Card, Descriptions, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '#web/shared/format.ts';
import { ListTable } from '#web/shared/ui/ListTable.tsx';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { companyLoginColumns } from './LoginRecordPage.tsx';
import { useStaffUser } from './usePeople.ts';
import './people.css';

const noPaging = () => ({ hideOnSinglePage: true, pageSize: 10 });

/** /crm/user/{id}: one user of the company — profile, role, state and their latest logins (read only). */
export function StaffUserPage() {
  const { id } = useParams();
  const userId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : null;
  const user = useStaffUser(userId);
  const u = user.data;

  if (!u)
    return (
      <Card title="用户">
        {user.isLoading ? <PageSpin /> : <QueryEmpty query={user} description="用户不存在或不属于本单位" />}
        <Link to="/crm/login">返回登录记录</Link>
      </Card>
    );

  const logins = {
    data: { results: u.logins, paging: { count: u.logins.length } },
    isFetching: false,
    isError: false,
    refetch: user.refetch,
  };
  return (
    <Card title={`用户 · ${u.real_name || u.username}`} extra={<Link to="/crm/login">全部登录记录</Link>}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        bordered
        size="small"
        className="people-block"
        items={[
          { key: 'name', label: '姓名', children: u.real_name || '—' },
          { key: 'username', label: '用户名', children: u.username },
          { key: 'role', label: '角色', children: u.role_name },
          {
            key: 'status',
            label: '状态',
            children: u.status === 1 ? <Tag color="green">正常</Tag> : <Tag color="red">已停用</Tag>,
          },
          { key: 'group', label: '部门', children: u.group_name || '—' },
          { key: 'position', label: '职位', children: u.position_name || '—' },
          { key: 'mobile', label: '手机号', children: u.mobile || '—' },
          { key: 'email', label: '邮箱', children: u.email || '—' },
          { key: 'created', label: '创建时间', children: formatDateTime(u.create_time) },
          {
            key: 'login',
            label: '最近登录',
            children: u.last_login_time ? formatDateTime(u.last_login_time) : '从未登录',
          },
        ]}
      />
      <Typography.Title level={5}>最近的登录</Typography.Title>
      <ListTable<CompanyLogin>
        aria-label="该用户的登录记录"
        columns={companyLoginColumns(false)}
        query={logins as never}
        empty="暂无登录记录"
        pagination={noPaging}
      />
    </Card>
  );
}
