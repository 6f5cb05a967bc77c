import { BUSINESS_STATUS, type Business, KEYWORD_MAX } from '@portal/contract';
import { businessCalls } from '@portal/contract/calls';
import { Card, Tag } from 'antd';
import { api } from '#web/shared/api/client.ts';
import { formatMinute } from '#web/shared/format.ts';
import { useListQuery } from '#web/shared/queryHooks.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { LinkButton } from '#web/shared/ui/LinkButton.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { businessKeys, runPath } from './useBusinesses.ts';

type State = 'progress' | 'done';
const TITLES: Record<State, string> = { progress: '进行中的业务', done: '已完成的业务' };

/**
 * The businesses the user has a seat in (spec 001 §2: /business/list/progress and list/done):
 * waiting and running ones, or finished ones; found by name; each opens with 进入业务.
 */
function MyBusinesses({ state }: { state: State }) {
  const filters = useListFilters<number>();
  const params = { ...filters.params, state };
  const list = useListQuery([...businessKeys.all, 'mine', params], () =>
    api.call(businessCalls.mine, params),
  );
  const columns: ListColumns<Business> = [
    { title: '业务名称', dataIndex: 'name', phone: 'title' },
    { title: '项目', dataIndex: 'project_name', width: 160 },
    { title: '流程', dataIndex: 'flow_name', width: 120 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: number) => (
        <Tag color={s === 2 ? 'processing' : undefined}>
          {BUSINESS_STATUS[s as keyof typeof BUSINESS_STATUS]}
        </Tag>
      ),
    },
    { title: '已就座', width: 90, render: (_, b) => `${b.seats_taken} / ${b.seats}` },
    { title: '发起人', dataIndex: 'creator_name', width: 110, render: (v: string) => v || '—' },
    { title: '创建时间', dataIndex: 'create_time', width: 150, render: (v: string) => formatMinute(v) },
    actionsColumn<Business>((b) => (
      <LinkButton to={runPath(b.id)} label={`进入业务 ${b.name}`}>
        进入业务
      </LinkButton>
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
