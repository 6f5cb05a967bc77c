import { PlusOutlined } from '@ant-design/icons';
import { BUSINESS_STATUS, BUSINESS_WAITING, type Business, KEYWORD_MAX } from '@portal/contract';
import { businessCalls } from '@portal/contract/calls';
import { App, Button, Card, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { BUSINESS_COLUMNS } from './businessColumns.tsx';
import { runPath, teammatesPath, useBusinessList, useBusinessWrites, wizardPath } from './useBusinesses.ts';

const STATUS_OPTIONS = Object.entries(BUSINESS_STATUS).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/**
 * 业务管理 (/manager/business): the company's businesses — found by name and state, started with the
 * wizard, deleted after a confirmation and recovered from 已删除 (spec §4).
 */
export function BusinessPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const canChange = useCanCall(businessCalls.create);
  const [deleted, setDeleted] = useState(false);
  const filters = useListFilters<number>();
  const list = useBusinessList(deleted, filters.params);
  const { remove, recover } = useBusinessWrites();

  const confirmRemove = (b: Business) =>
    confirmDanger(modal, {
      title: `确定删除业务「${b.name}」吗？`,
      content: '删除后可在「已删除」中恢复。',
      okText: '删除',
      onOk: () =>
        remove
          .mutateAsync(b.id)
          .then(() => toastSuccess(`已删除业务「${b.name}」`))
          .catch(() => {}),
    });
  const recoverOne = (b: Business) =>
    recover
      .mutateAsync(b.id)
      .then(() => toastSuccess(`已恢复业务「${b.name}」`))
      .catch(() => {});

  const columns: ListColumns<Business> = [
    ...BUSINESS_COLUMNS,
    ...(canChange
      ? [
          actionsColumn<Business>((b) =>
            deleted ? (
              <Button
                type="link"
                size="small"
                aria-label={`恢复 ${b.name}`}
                onClick={() => void recoverOne(b)}
              >
                恢复
              </Button>
            ) : (
              <Space size={0} wrap>
                {b.status !== BUSINESS_WAITING && (
                  <Button
                    type="link"
                    size="small"
                    aria-label={`进入业务 ${b.name}`}
                    onClick={() => navigate(runPath(b.id))}
                  >
                    进入业务
                  </Button>
                )}
                <Button
                  type="link"
                  size="small"
                  aria-label={`${b.status === BUSINESS_WAITING ? '配备团队' : '查看团队'} ${b.name}`}
                  onClick={() => navigate(teammatesPath(b.id))}
                >
                  {b.status === BUSINESS_WAITING ? '配备团队' : '查看团队'}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  aria-label={`删除 ${b.name}`}
                  onClick={() => confirmRemove(b)}
                >
                  删除
                </Button>
              </Space>
            ),
          ),
        ]
      : []),
  ];

  return (
    <Card
      title="业务管理"
      extra={
        <Segmented
          aria-label="业务范围"
          value={deleted ? 'deleted' : 'live'}
          onChange={(v) => {
            setDeleted(v === 'deleted');
            filters.setPage(1);
          }}
          options={[
            { value: 'live', label: '业务列表' },
            { value: 'deleted', label: '已删除' },
          ]}
        />
      }
    >
      <FilteredList<Business, number>
        listFilters={filters}
        search={{ label: '搜索业务', placeholder: '业务名称', maxLength: KEYWORD_MAX, style: { width: 200 } }}
        status={{ label: '业务状态', options: STATUS_OPTIONS }}
        aria-label={deleted ? '已删除的业务' : '业务列表'}
        columns={columns}
        query={list}
        empty={
          filters.filtered
            ? '没有符合条件的业务'
            : deleted
              ? '没有已删除的业务'
              : canChange
                ? '还没有业务：点击「启动业务」'
                : '还没有业务'
        }
        rowName={(b) => b.name}
      >
        {canChange && !deleted && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(wizardPath)}>
            启动业务
          </Button>
        )}
      </FilteredList>
    </Card>
  );
}
