import { BUSINESS_WAITING, type Business, KEYWORD_MAX } from '@portal/contract';
import { businessCalls } from '@portal/contract/calls';
import { App, Button, Card } from 'antd';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { useListQuery } from '#web/shared/queryHooks.ts';
import { useUserInfo } from '#web/shared/session.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { LinkButton } from '#web/shared/ui/LinkButton.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { BUSINESS_COLUMNS } from './businessColumns.tsx';
import { businessKeys, runPath, teammatesPath, useBusinessWrites } from './useBusinesses.ts';

type State = 'progress' | 'done';
const TITLES: Record<State, string> = { progress: '进行中的业务', done: '已完成的业务' };

/**
 * The businesses the user has a seat in (spec 001 §2: /business/list/progress and list/done):
 * waiting and running ones, or finished ones; found by name; each opens with 进入业务. A waiting
 * one the user started can have its team completed (配备团队) or be withdrawn (撤回, confirmed).
 */
function MyBusinesses({ state }: { state: State }) {
  const { modal } = App.useApp();
  const me = useUserInfo()?.id;
  const { withdraw } = useBusinessWrites();
  const confirmWithdraw = (b: Business) =>
    confirmDanger(modal, {
      title: `确定撤回业务「${b.name}」吗？`,
      content: '业务还没有开始，撤回后团队成员不再看到它；业务管理者可以恢复。',
      okText: '撤回',
      onOk: () =>
        withdraw
          .mutateAsync(b.id)
          .then(() => toastSuccess(`已撤回业务「${b.name}」`))
          .catch(() => {}),
    });
  const filters = useListFilters<number>();
  const params = { ...filters.params, state };
  const list = useListQuery([...businessKeys.all, 'mine', params], () =>
    api.call(businessCalls.mine, params),
  );
  const columns: ListColumns<Business> = [
    ...BUSINESS_COLUMNS,
    actionsColumn<Business>((b) => (
      <>
        <LinkButton to={runPath(b.id)} label={`进入业务 ${b.name}`}>
          进入业务
        </LinkButton>
        {b.status === BUSINESS_WAITING && b.created_by === me && (
          <>
            <LinkButton to={teammatesPath(b.id)} label={`配备团队 ${b.name}`}>
              配备团队
            </LinkButton>
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirmWithdraw(b)}
              aria-label={`撤回 ${b.name}`}
            >
              撤回
            </Button>
          </>
        )}
        {state === 'done' && (
          <LinkButton to={`/business/done/detail/${b.id}`} label={`回放 ${b.name}`}>
            回放
          </LinkButton>
        )}
      </>
    )),
  ];
  return (
    <Card title={TITLES[state]}>
      <FilteredList<Business, number>
        listFilters={filters}
        search={{ label: '搜索业务', placeholder: '业务名称', maxLength: KEYWORD_MAX, style: { width: 200 } }}
        aria-label={TITLES[state]}
        columns={columns}
        query={list}
        empty={
          filters.filtered
            ? '没有符合条件的业务'
            : state === 'progress'
              ? '你还没有参与进行中的业务：发起人把你配备进团队后，业务会出现在这里'
              : '还没有已完成的业务'
        }
        rowName={(b) => b.name}
      />
    </Card>
  );
}

export const ProgressBusinessesPage = () => <MyBusinesses state="progress" />;
export const DoneBusinessesPage = () => <MyBusinesses state="done" />;
