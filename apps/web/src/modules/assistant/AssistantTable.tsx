import type { Assistant } from '@portal/contract';
import { Button, Space, Tag, Typography } from 'antd';
import { formatMinute } from '#web/shared/format.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { type ListColumns, type ListQuery, ListTable } from '#web/shared/ui/ListTable.tsx';
import { effectiveActions, type Grantable, personName } from './assistants.ts';

/** An assistant as a list row (ListTable keys its rows by `id`). */
export type AssistantRow = Assistant & { id: number };

/** How many of an assistant's actions the list names; the rest are counted. */
const SHOWN = 3;

/** The assistants are one list, never paged (ASSISTANTS_MAX at most). */
const onePage = (count: number) => () => ({ hideOnSinglePage: true, pageSize: Math.max(count, 1) });

/** 可做的操作: how many, and the first few by name (the dialog shows them all). */
function Actions({ row, grantable }: { row: AssistantRow; grantable: readonly Grantable[] }) {
  const actions = effectiveActions(row.codenames, grantable);
  if (actions.length === 0) return <Typography.Text type="secondary">未设置（不能代你做事）</Typography.Text>;
  const more = actions.length - SHOWN;
  return (
    <Space size={[4, 4]} wrap>
      <Typography.Text>{actions.length} 项：</Typography.Text>
      {actions.slice(0, SHOWN).map((a) => (
        <Tag key={a.codename} color="blue">
          {a.name}
        </Tag>
      ))}
      {more > 0 && <Typography.Text type="secondary">等 {more} 项</Typography.Text>}
    </Space>
  );
}

/**
 * The caller's assistants: 姓名, 用户名, 可做的操作, 指定时间 and 设置操作 / 取消助理. On a phone each
 * is a card (ListTable).
 */
export function AssistantTable({
  rows,
  grantable,
  query,
  loading,
  onActions,
  onRemove,
}: {
  rows: AssistantRow[];
  grantable: readonly Grantable[];
  /** The list's query: loading, failure and retry. */
  query: Pick<ListQuery<AssistantRow>, 'isFetching' | 'isError' | 'refetch'>;
  /** Whether the first answer is still on its way (the empty text then says so). */
  loading: boolean;
  onActions: (row: AssistantRow) => void;
  onRemove: (row: AssistantRow) => void;
}) {
  const columns: ListColumns<AssistantRow> = [
    { title: '姓名', key: 'name', width: 120, phone: 'title', render: (_: unknown, r) => personName(r) },
    { title: '用户名', dataIndex: 'username', width: 130 },
    {
      title: '可做的操作',
      key: 'codenames',
      width: 340,
      render: (_: unknown, r) => <Actions row={r} grantable={grantable} />,
    },
    { title: '指定时间', dataIndex: 'create_time', width: 140, render: (v: string) => formatMinute(v) },
    actionsColumn<AssistantRow>((r) => {
      const name = personName(r);
      return (
        <Space size={0} wrap>
          <Button type="link" size="small" aria-label={`设置操作 ${name}`} onClick={() => onActions(r)}>
            设置操作
          </Button>
          <Button type="link" size="small" danger aria-label={`取消助理 ${name}`} onClick={() => onRemove(r)}>
            取消助理
          </Button>
        </Space>
      );
    }),
  ];
  const count = rows.length;
  return (
    <ListTable<AssistantRow>
      aria-label="我的助理列表"
      columns={columns}
      query={{
        data: {
          results: rows,
          paging: {
            count,
            has_previous: false,
            has_next: false,
            num_pages: 1,
            cur_page: 1,
            page_size: Math.max(count, 1),
          },
        },
        isFetching: query.isFetching,
        isError: query.isError,
        refetch: query.refetch,
      }}
      empty={loading ? '正在加载助理…' : '你还没有助理：在上方查找人员，点击「添加助理」'}
      rowName={personName}
      pagination={onePage(count)}
    />
  );
}
