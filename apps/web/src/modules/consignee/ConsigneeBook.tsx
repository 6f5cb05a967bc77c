import { PlusOutlined } from '@ant-design/icons';
import { CONSIGNEE_MAX, type Consignee, consigneeText } from '@portal/contract';
import { App, Button, Radio, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { ConsigneeFormModal, type ConsigneeFormTarget } from './ConsigneeFormModal.tsx';
import { useConsignees, useDeleteConsignee, useSetDefaultConsignee } from './useConsignees.ts';
import './address.css';

/**
 * The member's addresses: add, edit, delete (confirmed), set default. With `selected`/`onSelect`
 * the rows are radio choices (the checkout); otherwise a plain list (the workbench).
 */
export function ConsigneeBook({
  selected,
  onSelect,
}: {
  selected?: number | null | undefined;
  onSelect?: ((c: Consignee) => void) | undefined;
}) {
  const list = useConsignees();
  const remove = useDeleteConsignee();
  const { modal } = App.useApp();
  const setDefault = useSetDefaultConsignee();
  const [target, setTarget] = useState<ConsigneeFormTarget | null>(null);
  const rows = list.data ?? [];
  const full = rows.length >= CONSIGNEE_MAX;

  const main = (c: Consignee) => (
    <div className="consignee-main">
      <Space wrap size={[8, 0]}>
        <Typography.Text strong>{c.name}</Typography.Text>
        <Typography.Text>{c.mobile}</Typography.Text>
        {c.is_default === 1 && <Tag color="blue">默认</Tag>}
      </Space>
      <div className="consignee-address">{consigneeText(c)}</div>
    </div>
  );

  const actions = (c: Consignee) => (
    <Space size={0} wrap className="consignee-actions">
      {c.is_default !== 1 && (
        <Button
          type="link"
          size="small"
          loading={setDefault.isPending && setDefault.variables?.id === c.id}
          onClick={() => setDefault.mutate(c, { onSuccess: () => toastSuccess('已设为默认地址') })}
        >
          设为默认
        </Button>
      )}
      <Button type="link" size="small" onClick={() => setTarget({ mode: 'edit', consignee: c })}>
        编辑
      </Button>
      <Button
        type="link"
        size="small"
        danger
        onClick={() =>
          confirmDanger(modal, {
            title: '确定删除这个收货地址吗？',
            content: `${c.name} ${consigneeText(c)}`,
            okText: '删除',
            onOk: () =>
              remove.mutateAsync(c.id).then(
                () => toastSuccess('收货地址已删除'),
                () => {},
              ),
          })
        }
      >
        删除
      </Button>
    </Space>
  );

  let body: React.ReactNode;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (rows.length === 0)
    body = <QueryEmpty query={list} description="还没有收货地址，请先新增" simple />;
  else if (onSelect)
    body = (
      <Radio.Group
        className="consignee-list"
        aria-label="选择收货地址"
        value={selected ?? null}
        onChange={(e) => {
          const c = rows.find((r) => r.id === e.target.value);
          if (c) onSelect(c);
        }}
      >
        {rows.map((c) => (
          <div key={c.id} className={`consignee-item${selected === c.id ? ' consignee-item--on' : ''}`}>
            <Radio value={c.id} className="consignee-radio">
              {main(c)}
            </Radio>
            {actions(c)}
          </div>
        ))}
      </Radio.Group>
    );
  else
    body = (
      <div className="consignee-list">
        {rows.map((c) => (
          <div key={c.id} className="consignee-item">
            {main(c)}
            {actions(c)}
          </div>
        ))}
      </div>
    );

  return (
    <div>
      {body}
      <Space style={{ marginTop: 12 }} wrap>
        <Button
          icon={<PlusOutlined aria-hidden />}
          disabled={full || list.isPending}
          onClick={() => setTarget({ mode: 'new', first: rows.length === 0 })}
        >
          新增收货地址
        </Button>
        {full && <Typography.Text type="secondary">收货地址最多{CONSIGNEE_MAX}个</Typography.Text>}
      </Space>
      <ConsigneeFormModal
        target={target}
        onClose={() => setTarget(null)}
        onSaved={(c) => {
          if (onSelect && (target?.mode === 'new' || c.id === selected)) onSelect(c);
        }}
      />
    </div>
  );
}
