import { groupCalls } from '@portal/contract/calls';
import { Select, Typography } from 'antd';
import { useId, useMemo } from 'react';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { useUserInfo } from '#web/shared/session.ts';
import { useMyGroups } from './useGroups.ts';
import './group.css';

/**
 * 单位: the company an administration screen works in (部门与职务, 人员管理; docs/adr/0038 decision
 * 7), for a group's staff and the super administrator — 本单位 (the caller's own, the default)
 * first, then the companies of each group they work for, under the group's name; typing filters
 * by name. Choosing the caller's own company gives `undefined` (the calls then name none). Only
 * for those who hold view_group_company (nobody else may ask for the groups).
 */
export function ScopeCompanySelect({
  value,
  ownName,
  onChange,
}: {
  /** The company chosen; undefined for the caller's own. */
  value: number | undefined;
  /** The caller's company as the server names it (else the name the login left). */
  ownName?: string | undefined;
  onChange: (companyId: number | undefined) => void;
}) {
  const user = useUserInfo();
  const labelId = `scope-company-${useId().replace(/:/g, '')}`;
  const ownId = user?.company_id;
  const groups = useMyGroups();
  const options = useMemo(
    () => [
      ...(ownId === undefined
        ? []
        : [
            {
              key: 'own',
              label: '本单位',
              options: [{ value: ownId, label: ownName || user?.company_name || '本单位' }],
            },
          ]),
      ...(groups.data?.results ?? [])
        .map((g) => ({
          key: String(g.id),
          label: g.name,
          options: g.companies
            .filter((c) => c.id !== ownId)
            .map((c) => ({ value: c.id, label: c.company_name })),
        }))
        .filter((g) => g.options.length > 0),
    ],
    [groups.data, ownId, ownName, user?.company_name],
  );
  return (
    <div className="scope-company">
      <Typography.Text id={labelId} strong>
        单位
      </Typography.Text>
      <Select<number>
        aria-labelledby={labelId}
        className="scope-company-select"
        value={value ?? ownId}
        options={options}
        loading={groups.isPending}
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent={groups.isError ? '单位列表加载失败，请稍后重试' : '没有符合条件的单位'}
        onChange={(id) => onChange(id === ownId ? undefined : id)}
      />
    </div>
  );
}

/** What a call of an administration screen says of its company: nothing for the caller's own (`company_id` otherwise). */
export const inCompany = (companyId: number | undefined): { company_id?: number } =>
  companyId === undefined ? {} : { company_id: companyId };

/** Whether the caller may choose the company (they may ask for their groups' companies: 2, 6, 1). */
export const useCanChooseCompany = () => useCanCall(groupCalls.myGroup);
