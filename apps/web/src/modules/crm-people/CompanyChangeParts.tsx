import { COMPANY_CHANGE_STATUS_NAMES, type CompanyChange } from '@portal/contract';
import { Table, Tag } from 'antd';

const COLORS: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red', 3: 'default' };

/** 待审核 / 已通过 / 已驳回 / 已撤回. */
export function ChangeStatusTag({ status }: { status: number }) {
  return <Tag color={COLORS[status]}>{COMPANY_CHANGE_STATUS_NAMES[status] ?? status}</Tag>;
}

/** A value as shown beside another: an empty one says so. */
export const shownValue = (v: string) => v || '（空）';

/** The changed fields as lines: 单位名称：旧 → 新. */
export function ChangeLines({ changes }: { changes: readonly CompanyChange[] }) {
  return (
    <ul className="company-change-lines">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="company-change-label">{c.label}：</span>
          <span className="company-change-before">{shownValue(c.before)}</span>
          <span> → </span>
          <strong>{shownValue(c.after)}</strong>
        </li>
      ))}
    </ul>
  );
}

/** Each changed field: its value when the request was made, the proposed one and the company's now. */
export function ChangeCompare({ changes }: { changes: readonly CompanyChange[] }) {
  return (
    <Table<CompanyChange>
      aria-label="变更内容"
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={[...changes]}
      columns={[
        { title: '项目', dataIndex: 'label', onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
        { title: '申请时的值', dataIndex: 'before', render: shownValue },
        { title: '申请变更为', dataIndex: 'after', render: (v: string) => <strong>{shownValue(v)}</strong> },
        { title: '当前值', dataIndex: 'current', render: shownValue },
      ]}
    />
  );
}
