import { BUSINESS_STATUS, type Business } from '@portal/contract';
import { Tag } from 'antd';
import { formatMinute } from '#web/shared/format.ts';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';

const STATUS_COLOR: Record<number, string> = { 1: 'processing', 2: 'success', 9: 'default' };

/** A business as every list shows it (业务管理, 进行中的业务, 已完成的业务); each list adds its actions. */
export const BUSINESS_COLUMNS: ListColumns<Business> = [
  { title: '业务名称', dataIndex: 'name', phone: 'title' },
  { title: '项目', dataIndex: 'project_name', width: 160 },
  { title: '流程', dataIndex: 'flow_name', width: 120 },
  {
    title: '状态',
    dataIndex: 'status',
    width: 100,
    render: (s: number) => (
      <Tag color={STATUS_COLOR[s]}>{BUSINESS_STATUS[s as keyof typeof BUSINESS_STATUS] ?? '—'}</Tag>
    ),
  },
  { title: '已就座', width: 90, render: (_, b) => `${b.seats_taken} / ${b.seats}` },
  { title: '发起人', dataIndex: 'creator_name', width: 110, render: (v: string) => v || '—' },
  { title: '创建时间', dataIndex: 'create_time', width: 150, render: (v: string) => formatMinute(v) },
];
