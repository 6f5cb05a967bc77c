import { PlusOutlined } from '@ant-design/icons';
import { type Department, type Position, TOP_DEPARTMENT } from '@portal/contract';
import { App, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { DepartmentFormModal, type DepartmentFormTarget } from './DepartmentFormModal.tsx';
import { type DepartmentActions, DepartmentTree } from './DepartmentTree.tsx';
import { positionsOf } from './departmentTree.ts';
import { PositionFormModal, type PositionFormTarget } from './PositionFormModal.tsx';
import { PositionTable } from './PositionTable.tsx';
import { useOrganization, useOwnCompanyName, useRemove } from './useDepartments.ts';
import './department.css';
import { departmentCalls } from '@portal/contract/calls';
import { ScopeCompanySelect, useCanChooseCompany } from '#web/modules/group/index.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';

const NONE: never[] = [];

/**
 * 部门与职务 (/<area>/part-postion): a company's department tree on the left, each department with
 * its 人数, and the positions of the department chosen there (or of the whole company, 全单位) on
 * the right; on a phone the tree comes first and the positions below it. Who holds
 * change_department adds, edits and deletes both (a deletion asks first; the server refuses a
 * department that still has departments, positions or people under it, and a position somebody
 * holds). A group's staff and the super administrator choose the company (单位); everyone else
 * sees their own company's.
 */
export function DepartmentPage() {
  const { modal } = App.useApp();
  const canChange = useCanCall(departmentCalls.create);
  const canSwitch = useCanChooseCompany();
  const [companyId, setCompanyId] = useState<number>();
  const org = useOrganization(companyId);
  const ownName = useOwnCompanyName();
  const remove = useRemove(companyId);
  const [chosen, setChosen] = useState<number>(TOP_DEPARTMENT);
  const [departmentTarget, setDepartmentTarget] = useState<DepartmentFormTarget | null>(null);
  const [positionTarget, setPositionTarget] = useState<PositionFormTarget | null>(null);

  const departments = org.data?.departments ?? NONE;
  // A department deleted (here or by someone else) leaves 全单位 chosen.
  const department = departments.find((d) => d.id === chosen) ?? null;
  const shown = department?.id ?? TOP_DEPARTMENT;
  const positions = positionsOf(org.data?.positions ?? NONE, shown);
  const positionsTitle = department ? `「${department.name}」的职务` : '全单位职务';

  const removeDepartment = (d: Department) =>
    confirmDanger(modal, {
      title: `确定删除部门「${d.name}」吗？`,
      content: '删除后不可恢复。部门下还有下级部门、职务或人员时不能删除，须先移走。',
      okText: '删除',
      onOk: () =>
        remove('department', d.id)
          .then(() => toastSuccess(`已删除部门「${d.name}」`))
          .catch(() => {}),
    });

  const removePosition = (p: Position) =>
    confirmDanger(modal, {
      title: `确定删除职务「${p.name}」吗？`,
      content: '删除后不可恢复。还有人员担任该职务时不能删除。',
      okText: '删除',
      onOk: () =>
        remove('position', p.id)
          .then(() => toastSuccess(`已删除职务「${p.name}」`))
          .catch(() => {}),
    });

  const actions: DepartmentActions | null = canChange
    ? {
        add: (parentId) => setDepartmentTarget({ mode: 'add', parentId }),
        edit: (d) => setDepartmentTarget({ mode: 'edit', department: d }),
        remove: removeDepartment,
      }
    : null;

  const chooseCompany = (id: number | undefined) => {
    setCompanyId(id);
    setChosen(TOP_DEPARTMENT);
  };

  return (
    <div className="department-page">
      {canSwitch ? (
        <ScopeCompanySelect value={companyId} ownName={ownName} onChange={chooseCompany} />
      ) : (
        org.data && (
          <Typography.Title level={4} className="department-company-name">
            {org.data.company_name}
          </Typography.Title>
        )
      )}
      <div className="department-panes">
        <Card
          title="部门"
          className="department-tree-card"
          extra={
            // Shown once the tree is there (a button turning from disabled to enabled fades in:
            // a scan in between saw too little contrast).
            canChange &&
            org.data && (
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => setDepartmentTarget({ mode: 'add', parentId: TOP_DEPARTMENT })}
              >
                新增部门
              </Button>
            )
          }
        >
          {/* Where focus goes when the department whose button had it is deleted (focusRescue.ts). */}
          <div data-focus-home>
            {org.data ? (
              <DepartmentTree
                departments={departments}
                selected={shown}
                onSelect={setChosen}
                actions={actions}
              />
            ) : org.isPending ? (
              <PageSpin description="正在加载部门…" />
            ) : (
              <QueryEmpty query={org} description="暂无部门" simple />
            )}
          </div>
        </Card>
        <Card
          title={positionsTitle}
          className="department-positions-card"
          extra={
            canChange &&
            org.data && (
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => setPositionTarget({ mode: 'add', departmentId: shown })}
              >
                新增职务
              </Button>
            )
          }
        >
          {!department && (
            <Typography.Paragraph type="secondary" className="department-hint">
              全单位职务不属于某个部门，各部门的人员都可担任。在部门树中选择部门，查看和管理该部门的职务。
            </Typography.Paragraph>
          )}
          <PositionTable
            label={positionsTitle}
            positions={positions}
            query={org}
            empty={department ? '该部门暂无职务' : '暂无全单位职务'}
            onEdit={canChange ? (p) => setPositionTarget({ mode: 'edit', position: p }) : null}
            onDelete={canChange ? removePosition : null}
          />
        </Card>
      </div>
      <DepartmentFormModal
        target={departmentTarget}
        companyId={companyId}
        departments={departments}
        onClose={() => setDepartmentTarget(null)}
        onSaved={(d) => setChosen(d.id)}
      />
      <PositionFormModal
        target={positionTarget}
        companyId={companyId}
        departments={departments}
        onClose={() => setPositionTarget(null)}
        onSaved={(p) => setChosen(p.department_id)}
      />
    </div>
  );
}
