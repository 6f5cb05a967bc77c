import { PlusOutlined } from '@ant-design/icons';
import { GENDERS, KEYWORD_MAX, USER_IMPORT_KIND, type UserAdmin } from '@portal/contract';
import { Button, Card, Select, Space, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatMinute } from '#web/shared/format.ts';
import { useUserInfo } from '#web/shared/session.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { TREE_SWITCHER } from '#web/shared/ui/treeSwitcher.tsx';
import { personPath, StatusTags, usePersonActions } from './PersonActions.tsx';
import {
  departmentFilterOptions,
  offers,
  otherRoleNames,
  personName,
  positionFilterOptions,
  ROLE_FILTER_OPTIONS,
  roleOptions,
  STATUS_OPTIONS,
} from './people.ts';
import { useReloadPeople, useUserList } from './useUsers.ts';
import './users.css';
import { usersCalls } from '@portal/contract/calls';
import { useOrganization } from '#web/modules/department/index.ts';
import { inCompany, ScopeCompanySelect, useCanChooseCompany } from '#web/modules/group/index.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { ImportDialogOnDemand, ImportJobs } from '#web/shared/resource/ImportJobs.tsx';
import { ExportButton, ExportJobs } from '#web/shared/resource/ListExport.tsx';

const NONE: never[] = [];

/**
 * 人员管理 (/<area>/company-user1_1): a company's people (everyone but the shop's members), found by
 * 部门 (a department with those below it, or 未分配部门), 职务, 角色, 状态 and a search of 姓名、用户名
 * or 手机号; 新增人员, 编辑, 停用 (after a confirmation naming the person; they are logged out at
 * once) and 启用, 重置密码 (they must choose their own at the next login). The buttons follow the
 * caller's permissions and, on each row, whether the caller may change that person (`manageable`:
 * not themselves, and a role they may give); the role offered is one they may give. A group's staff
 * and the super administrator choose the company (单位); everyone else sees their own. 导入 takes
 * people from an Excel sheet into that company (the shared ImportDialog: template, preview with each
 * row's reasons, the good rows imported as a job, 下载错误行); 导出 Excel is the list as filtered.
 */
export function UsersPage({
  title = '人员管理',
  fixedRoles,
}: {
  /** The screen's title (学生管理, 管理员管理 over the same list). */
  title?: string;
  /** The people the screen lists: those holding any of these roles (the list's filter, fixed). */
  fixedRoles?: readonly number[];
} = {}) {
  const me = useUserInfo();
  const canSwitch = useCanChooseCompany();
  const canAdd = useCanCall(usersCalls.create);
  const canImport = useCanCall(usersCalls.import);
  const canExport = useCanCall(usersCalls.export);
  const [companyId, setCompanyId] = useState<number>();
  const org = useOrganization(companyId);
  const departments = org.data?.departments ?? NONE;
  const positions = org.data?.positions ?? NONE;

  const filters = useListFilters<0 | 1>();
  const [department, setDepartment] = useState<number>();
  const [position, setPosition] = useState<number>();
  const [role, setRole] = useState<number>();
  /** The list's filters: what the list and its export ask. */
  const filtered = {
    keyword: filters.params.keyword,
    status: filters.params.status,
    department_id: department,
    position_id: position,
    role,
    ...(fixedRoles ? { roles: [...fixedRoles] } : {}),
    ...inCompany(companyId),
  };
  const list = useUserList({ ...filters.params, ...filtered });
  const reload = useReloadPeople();
  const [importing, setImporting] = useState(false);
  /** Imports the dialog was closed on while they ran, and exports run as jobs: shown above the list. */
  const [handed, setHanded] = useState<number[]>([]);
  const [exports, setExports] = useState<number[]>([]);

  const departmentTree = useMemo(() => departmentFilterOptions(departments), [departments]);
  const positionGroups = useMemo(
    () => positionFilterOptions(positions, departments, department),
    [positions, departments, department],
  );
  const roles = useMemo(
    () => roleOptions(me?.role).filter((o) => !fixedRoles || fixedRoles.includes(o.value)),
    [me?.role, fixedRoles],
  );
  const roleFilter = useMemo(
    () => ROLE_FILTER_OPTIONS.filter((o) => !fixedRoles || fixedRoles.includes(o.value)),
    [fixedRoles],
  );

  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      filters.setPage(1);
    };
  const chooseDepartment = (id: number | undefined) => {
    setDepartment(id);
    // A position the department's people cannot hold would leave the list empty for nothing.
    if (!offers(positionFilterOptions(positions, departments, id), position)) setPosition(undefined);
    filters.setPage(1);
  };
  const chooseCompany = (id: number | undefined) => {
    setCompanyId(id);
    setDepartment(undefined);
    setPosition(undefined);
    filters.setPage(1);
  };

  const person = usePersonActions({ companyId, departments, positions, roles });

  const columns: ListColumns<UserAdmin> = [
    { title: '用户名', dataIndex: 'username', width: 130 },
    {
      title: '姓名',
      dataIndex: 'real_name',
      width: 100,
      phone: 'title',
      render: (_: string, u) => (
        <Link to={personPath(u.id, companyId)} aria-label={`查看 ${personName(u)}`}>
          {personName(u)}
        </Link>
      ),
    },
    {
      title: '性别',
      dataIndex: 'gender',
      width: 60,
      phone: 'hidden',
      render: (v: number) => GENDERS[v as keyof typeof GENDERS] ?? '—',
    },
    {
      title: '部门',
      dataIndex: 'department_name',
      width: 110,
      render: (v: string) => v || <Typography.Text type="secondary">未分配</Typography.Text>,
    },
    { title: '职务', dataIndex: 'position_name', width: 110, render: (v: string) => v || '—' },
    {
      title: '角色',
      dataIndex: 'role_name',
      width: 150,
      render: (v: string, u) => {
        const others = otherRoleNames(u);
        return others.length === 0 ? (
          v
        ) : (
          <span>
            {v}
            <Typography.Text type="secondary">（兼 {others.join('、')}）</Typography.Text>
          </span>
        );
      },
    },
    { title: '手机号', dataIndex: 'mobile', width: 120, render: (v: string) => v || '—' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 120,
      phone: 'title',
      render: (_: number, u) => <StatusTags u={u} />,
    },
    {
      title: '最近登录',
      dataIndex: 'last_login_time',
      width: 140,
      render: (v: string) => (v ? formatMinute(v) : '从未登录'),
    },
    ...(person.canChange || person.canReset ? [actionsColumn<UserAdmin>((u) => person.actions(u))] : []),
  ];

  return (
    <Card title={title}>
      <div className="users-page">
        {canSwitch && <ScopeCompanySelect value={companyId} onChange={chooseCompany} />}
        {canExport && <ExportJobs routes={usersCalls} started={exports} />}
        {canImport && (
          <ImportJobs kind={USER_IMPORT_KIND} label="人员" unit="名" handed={handed} onImported={reload} />
        )}
        <FilteredList<UserAdmin, 0 | 1>
          listFilters={filters}
          search={{
            label: '搜索人员',
            placeholder: '姓名 / 用户名 / 手机号',
            maxLength: KEYWORD_MAX,
            style: { width: 260 },
          }}
          filters={
            <>
              <TreeSelect<number>
                switcherIcon={TREE_SWITCHER}
                aria-label="部门筛选"
                placeholder="全部部门"
                allowClear={CLEARABLE}
                showSearch
                treeNodeFilterProp="title"
                treeDefaultExpandAll
                loading={org.isPending}
                treeData={departmentTree}
                notFoundContent="没有符合条件的部门"
                value={department}
                onChange={chooseDepartment}
                style={{ width: 170 }}
              />
              <Select<number>
                aria-label="职务筛选"
                placeholder="全部职务"
                allowClear={CLEARABLE}
                showSearch={{ optionFilterProp: 'label' }}
                loading={org.isPending}
                options={positionGroups}
                notFoundContent="没有可选的职务"
                value={position}
                onChange={refilter(setPosition)}
                style={{ width: 150 }}
              />
              {roleFilter.length > 1 && (
                <Select<number>
                  aria-label="角色筛选"
                  placeholder="全部角色"
                  allowClear={CLEARABLE}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={roleFilter}
                  value={role}
                  onChange={refilter(setRole)}
                  style={{ width: 150 }}
                />
              )}
            </>
          }
          status={{ label: '人员状态', options: STATUS_OPTIONS }}
          aria-label="人员列表"
          columns={columns}
          query={list}
          empty={
            filters.filtered || department !== undefined || position !== undefined || role !== undefined
              ? '没有符合条件的人员'
              : '还没有人员：点击「新增人员」添加'
          }
          rowName={personName}
        >
          <Space wrap>
            {canExport && (
              <ExportButton
                routes={usersCalls}
                query={filtered}
                total={list.data?.paging.count}
                onStarted={(job) => setExports((ids) => [...ids, job.id])}
              />
            )}
            {canImport && (
              <Button disabled={roles.length === 0} onClick={() => setImporting(true)}>
                导入
              </Button>
            )}
            {canAdd && (
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                disabled={roles.length === 0}
                onClick={person.add}
              >
                新增人员
              </Button>
            )}
          </Space>
        </FilteredList>
      </div>
      {person.dialogs}
      {canImport && (
        <ImportDialogOnDemand
          label="人员"
          unit="名"
          routes={usersCalls}
          open={importing}
          fields={inCompany(companyId)}
          onClose={(running) => {
            setImporting(false);
            if (running) setHanded((ids) => [...ids, running.id]);
          }}
          onImported={reload}
        />
      )}
    </Card>
  );
}

/** 学生 of the company (/<area>/company-user1_2): 人员管理 over the people holding role 9. */
const STUDENT_ROLES = [9] as const;
export const StudentsPage = () => <UsersPage title="学生管理" fixedRoles={STUDENT_ROLES} />;

/** The company's administrators (/<area>/company-user2): 人员管理 over roles 2, 3, 6 and 7. */
const ADMIN_ROLES = [2, 3, 6, 7] as const;
export const AdministratorsPage = () => <UsersPage title="管理员管理" fixedRoles={ADMIN_ROLES} />;
