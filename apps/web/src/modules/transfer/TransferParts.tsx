import { TRANSFER_SIDE_NAMES, TRANSFER_STATUS_NAMES, type Transfer } from '@portal/contract';
import { Tag } from 'antd';

const STATUS_COLOR: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red', 3: 'default' };
const SIDE_COLOR: Record<number, string> = { 0: 'default', 1: 'green', 2: 'red' };

export const TransferStatusTag = ({ status }: { status: number }) => (
  <Tag color={STATUS_COLOR[status]}>{TRANSFER_STATUS_NAMES[status] ?? status}</Tag>
);

/** Each side's answer: 调出方 (the company or group left), 调入方 (the one joined). */
export function TransferSides({ t }: { t: Transfer }) {
  return (
    <span className="transfer-sides">
      <span>
        调出方：<Tag color={SIDE_COLOR[t.from_state]}>{TRANSFER_SIDE_NAMES[t.from_state]}</Tag>
      </span>
      <span>
        调入方：<Tag color={SIDE_COLOR[t.to_state]}>{TRANSFER_SIDE_NAMES[t.to_state]}</Tag>
      </span>
    </span>
  );
}

/** A company with its group (a group change names both). */
export const placeOf = (company: string, group: string) => (group ? `${group} · ${company}` : company);
