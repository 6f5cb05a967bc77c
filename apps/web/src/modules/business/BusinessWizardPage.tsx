import './business.css';
import { KEYWORD_MAX, PROJECT_OPEN_MODE, type Project } from '@portal/contract';
import { Button, Card, Radio, Space, Steps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useProjectList } from '#web/modules/project/index.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { wizard1Path } from './useBusinesses.ts';

export const BUSINESS_STEPS = [{ title: '选择项目' }, { title: '确认角色并启动' }];

/**
 * 启动业务, step 1 (/manager/business/create_business_wizard): the company's projects, found by
 * name; one is chosen (a radio per row) and 下一步 opens step 2 with it.
 */
export function BusinessWizardPage() {
  const navigate = useNavigate();
  const filters = useListFilters<number>();
  const list = useProjectList(filters.params);
  const [chosen, setChosen] = useState<Project | null>(null);

  const columns: ListColumns<Project> = [
    {
      title: '选择',
      width: 70,
      render: (_, p) => (
        <Radio checked={chosen?.id === p.id} onChange={() => setChosen(p)} aria-label={`选择 ${p.name}`} />
      ),
    },
    { title: '项目名称', dataIndex: 'name', phone: 'title' },
    { title: '流程', dataIndex: 'flow_name', width: 140 },
    { title: '所属事项', dataIndex: 'office_item', width: 110, render: (v: string) => v || '—' },
    {
      title: '开放模式',
      dataIndex: 'open_mode',
      width: 110,
      render: (m: number) => PROJECT_OPEN_MODE[m as keyof typeof PROJECT_OPEN_MODE] ?? '—',
    },
  ];

  return (
    <Card title="启动业务" extra={<Link to="/manager/business">返回业务管理</Link>}>
      <Steps className="business-steps" current={0} items={BUSINESS_STEPS} />
      <FilteredList<Project, number>
        listFilters={filters}
        search={{ label: '搜索项目', placeholder: '项目名称', maxLength: KEYWORD_MAX, style: { width: 200 } }}
        aria-label="可启动的项目"
        columns={columns}
        query={list}
        empty={filters.filtered ? '没有符合条件的项目' : '还没有项目：请先在项目管理中新建项目'}
        rowName={(p) => p.name}
      />
      <Space className="business-actions">
        <Button type="primary" disabled={!chosen} onClick={() => chosen && navigate(wizard1Path(chosen.id))}>
          下一步
        </Button>
        {chosen && <span>已选择：{chosen.name}</span>}
      </Space>
    </Card>
  );
}
