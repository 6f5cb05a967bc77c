import {
  type Department,
  OTHER_ROLES_MAX,
  type Position,
  USER_LIMITS,
  type UserAdmin,
  userCreateBody,
} from '@portal/contract';
import { Col, Form, Input, Radio, Row, Select, TreeSelect } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { treeOptions } from '#web/modules/department/index.ts';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { TREE_SWITCHER } from '#web/shared/ui/treeSwitcher.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import {
  formValuesOf,
  GENDER_OPTIONS,
  otherRoleOptions,
  type PersonFormValues,
  personInput,
  personName,
  positionChoices,
  positionFits,
} from './people.ts';
import { useSaveUser } from './useUsers.ts';

interface Values extends PersonFormValues {
  username?: string;
  password?: string;
}

/** The fields a server error may name; any other is toasted. */
const FIELDS = [
  'username',
  'password',
  'real_name',
  'gender',
  'mobile',
  'email',
  'role',
  'other_roles',
  'department_id',
  'position_id',
] as const;
const rules = userCreateBody.shape;

/** 新增人员, or 编辑 of a person. */
export type UserFormTarget = { mode: 'add' } | { mode: 'edit'; user: UserAdmin };

const NEW: Values = {
  username: '',
  password: '',
  real_name: '',
  gender: 0,
  mobile: '',
  email: '',
  role: undefined,
  other_roles: [],
  department_id: undefined,
  position_id: undefined,
};

/** Two fields side by side on a wide dialog, one above the other on a phone. */
const Half = ({ children }: { children: ReactNode }) => (
  <Col xs={24} sm={12}>
    {children}
  </Col>
);

/**
 * 新增人员 / 编辑人员: 用户名 and 初始密码 (新增 only; 编辑 shows the user name read only), 姓名, 性别,
 * 手机号, 邮箱, 角色 and 其他角色 (the roles the caller may give; the others are sent every time, the
 * server keeps exactly those), 部门 and 职务 (the department's own and the
 * whole company's; a position that does not go with a newly chosen department is cleared). Enter
 * submits; a server field error (用户名 or 手机号 taken, a role not allowed, a department gone) lands
 * beside its field.
 */
export function UserFormModal({
  target,
  companyId,
  departments,
  positions,
  roles,
  onClose,
}: {
  target: UserFormTarget | null;
  /** The company the page shows (undefined: the caller's own). */
  companyId: number | undefined;
  departments: readonly Department[];
  positions: readonly Position[];
  roles: { value: number; label: string }[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveUser(companyId);
  const editing = target?.mode === 'edit' ? target.user : null;
  const departmentTree = useMemo(() => treeOptions(departments), [departments]);
  const departmentId = Form.useWatch('department_id', form);
  const mainRole = Form.useWatch('role', form);
  const otherRoles = useMemo(() => otherRoleOptions(roles, mainRole), [roles, mainRole]);
  const positionGroups = useMemo(
    () => positionChoices(positions, departments, departmentId),
    [positions, departments, departmentId],
  );

  const initialValues = useMemo<Values | undefined>(
    () => (!target ? undefined : target.mode === 'edit' ? formValuesOf(target.user) : NEW),
    [target],
  );
  // The form's store outlives the dialog's content: each opening starts from its target's values.
  useEffect(() => {
    if (initialValues) {
      form.resetFields();
      form.setFieldsValue(initialValues);
    }
  }, [initialValues, form]);

  const submit = (v: Values) => {
    const person = personInput({ ...v, role: v.role ?? 0 });
    const done = savedWithToast(
      form,
      FIELDS,
      editing ? `已保存「${person.real_name}」` : `已新增人员「${person.real_name}」`,
      onClose,
    );
    if (editing) save.mutate({ ...person, id: editing.id }, done);
    else save.mutate({ ...person, username: v.username?.trim() ?? '', password: v.password ?? '' }, done);
  };

  return (
    <FormModal<Values>
      form={form}
      name="user-form"
      label={editing ? '编辑人员' : '新增人员'}
      onFinish={submit}
      formProps={{
        initialValues,
        preserve: false,
        autoComplete: 'off',
        onValuesChange: (changed: Partial<Values>, all: Values) => {
          // A position of another department does not go with the department now chosen.
          if ('department_id' in changed && !positionFits(positions, all.position_id, all.department_id))
            form.setFieldValue('position_id', undefined);
          // The main role is held already: not among the others too.
          if ('role' in changed && all.other_roles?.includes(all.role ?? 0))
            form.setFieldValue(
              'other_roles',
              all.other_roles.filter((r) => r !== all.role),
            );
        },
      }}
      title={editing ? `编辑人员 · ${personName(editing)}` : '新增人员'}
      open={target !== null}
      onCancel={onClose}
      okText="保存"
      ok={{ loading: save.isPending }}
      width={640}
    >
      <Row gutter={16}>
        {editing ? (
          <Col span={24}>
            <Form.Item label="用户名" htmlFor="user-form-username-shown" extra="用户名用于登录，不能修改">
              <Input id="user-form-username-shown" value={editing.username} readOnly variant="filled" />
            </Form.Item>
          </Col>
        ) : (
          <>
            <Half>
              <Form.Item
                label="用户名"
                name="username"
                required
                rules={[zodRule(rules.username)]}
                extra="字母、数字和 _ . @ -，用于登录"
              >
                <Input maxLength={USER_LIMITS.username} placeholder="请输入用户名" />
              </Form.Item>
            </Half>
            <Half>
              <Form.Item
                label="初始密码"
                name="password"
                required
                rules={[zodRule(rules.password)]}
                extra="至少8位，须含字母和数字；首次登录须修改"
              >
                <Input.Password autoComplete="new-password" placeholder="请输入初始密码" />
              </Form.Item>
            </Half>
          </>
        )}
        <Half>
          <Form.Item label="姓名" name="real_name" required rules={[zodRule(rules.real_name)]}>
            <Input placeholder="请输入姓名" count={{ show: true, max: USER_LIMITS.realName }} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item label="性别" name="gender">
            <Radio.Group options={GENDER_OPTIONS} aria-label="性别" />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item label="手机号" name="mobile" rules={[zodRule(rules.mobile)]}>
            <Input maxLength={11} inputMode="numeric" placeholder="选填，可用于登录" />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item label="邮箱" name="email" rules={[zodRule(rules.email)]}>
            <Input type="email" placeholder="选填" />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item
            label="角色"
            name="role"
            required
            rules={[{ required: true, message: '请选择角色' }]}
            extra="登录后默认所在的角色"
          >
            <Select
              aria-label="角色"
              placeholder="请选择角色"
              options={roles}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent="没有可授予的角色"
            />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item label="其他角色" name="other_roles" extra="选填：兼任的角色，登录后可切换">
            <Select
              mode="multiple"
              aria-label="其他角色"
              placeholder="不兼任其他角色"
              allowClear={CLEARABLE}
              options={otherRoles}
              maxCount={OTHER_ROLES_MAX}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent="没有可授予的角色"
            />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item label="部门" name="department_id">
            <TreeSelect
              switcherIcon={TREE_SWITCHER}
              aria-label="部门"
              allowClear={CLEARABLE}
              showSearch
              treeNodeFilterProp="title"
              treeDefaultExpandAll
              placeholder="未分配部门"
              treeData={departmentTree}
              notFoundContent="没有符合条件的部门"
            />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item label="职务" name="position_id" extra="本部门的职务和全单位通用的职务">
            <Select
              aria-label="职务"
              allowClear={CLEARABLE}
              placeholder="不设职务"
              options={positionGroups}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent="没有可选的职务"
            />
          </Form.Item>
        </Half>
      </Row>
    </FormModal>
  );
}
