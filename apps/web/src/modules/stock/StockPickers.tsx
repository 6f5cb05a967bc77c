import { Form, Select, type SelectProps } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useState } from 'react';
import { useGoodsOptions, useSkuOptions, useSupplierOptions, useWarehouseOptions } from './useStock.ts';

/** A picker's choice: an id and what the list shows for it. */
export interface PickerOption {
  value: number;
  label: string;
}

/** The options of a picker, with `known` (the edited row's own choice, which a search may not find) first. */
const withKnown = (rows: readonly { id: number; label: string }[] | undefined, known?: PickerOption) => {
  const options = (rows ?? []).map((o) => ({ value: o.id, label: o.label }));
  return known && !options.some((o) => o.value === known.value) ? [known, ...options] : options;
};

type PickerProps = Omit<SelectProps<number>, 'options' | 'loading' | 'showSearch'> & {
  /** The edited row's choice, shown while the search does not list it. */
  known?: PickerOption | undefined;
};

/**
 * A library goods searched by name on the server (`/goods/select`), for a form item: the item's
 * value and onChange pass through (clear the specification in `onChange`).
 */
export function GoodsSelect({ known, ...props }: PickerProps) {
  const [keyword, setKeyword] = useState('');
  const goods = useGoodsOptions(keyword);
  return (
    <Select<number>
      placeholder="输入商品名称搜索"
      notFoundContent={goods.isFetching ? '加载中…' : '没有找到商品'}
      {...props}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={goods.isFetching}
      options={withKnown(goods.data, known)}
    />
  );
}

/** An approved supplier searched by name (`/stock/suppliers`, the 供应商管理 list). */
export function SupplierSelect({ known, ...props }: PickerProps) {
  const [keyword, setKeyword] = useState('');
  const suppliers = useSupplierOptions(keyword);
  return (
    <Select<number>
      placeholder="已通过审核的供应商"
      notFoundContent={suppliers.isFetching ? '加载中…' : '没有供应商：请先在供应商管理中审核通过'}
      {...props}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={suppliers.isFetching}
      options={withKnown(suppliers.data, known)}
    />
  );
}

/** The warehouses in use, for a form item or a list's filter. */
export function WarehouseSelect(props: Omit<SelectProps<number>, 'options' | 'loading'>) {
  const warehouses = useWarehouseOptions();
  return <Select<number> {...props} loading={warehouses.isFetching} options={withKnown(warehouses.data)} />;
}

/**
 * A goods' specification, asked for only when the goods has some (a goods sold as itself has
 * none): `name` is the form item's, `goodsId` the goods picked beside it; `disabled` where the
 * record's goods cannot change (an existing 大宗商品), as the goods picker beside it is.
 */
export function SkuField({
  goodsId,
  name,
  disabled,
}: {
  goodsId: number | undefined;
  name: NamePath;
  disabled?: boolean;
}) {
  const skus = useSkuOptions(goodsId);
  if (!skus.data?.length) return null;
  return (
    <Form.Item label="规格" name={name} required rules={[{ required: true, message: '请选择规格' }]}>
      <Select placeholder="选择规格" options={withKnown(skus.data)} disabled={disabled} />
    </Form.Item>
  );
}
