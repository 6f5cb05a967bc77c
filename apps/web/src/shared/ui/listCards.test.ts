import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  cardParts,
  cellContent,
  flattenRows,
  type ListColumns,
  tableColumn,
  toggledKeys,
  valueAt,
} from './listCards.ts';

interface Row {
  id: number;
  name: string;
  status: number;
  owner?: { name: string };
  children?: Row[];
}

const columns: ListColumns<Row> = [
  { title: '名称', dataIndex: 'name', phone: 'title' },
  { title: '负责人', dataIndex: ['owner', 'name'] },
  { title: '图标', dataIndex: 'icon', phone: 'hidden' },
  { title: '状态', dataIndex: 'status', phone: 'title', render: (v: number) => (v ? '启用' : '停用') },
  { title: '操作', key: 'actions', render: () => createElement('button', { type: 'button' }, '编辑') },
];

describe('cardParts', () => {
  it('sorts the columns into head, fields and actions in column order, leaving out hidden ones', () => {
    const parts = cardParts(columns);
    expect(parts.titles.map((c) => c.title)).toEqual(['名称', '状态']);
    expect(parts.fields.map((c) => c.title)).toEqual(['负责人']);
    // The 操作 column is the card's buttons even without a hint (actionsColumn gives one).
    expect(parts.actions.map((c) => c.title)).toEqual(['操作']);
  });
  it('makes the first shown column the head when none is marked', () => {
    const parts = cardParts<Row>([
      { title: '图标', dataIndex: 'icon', phone: 'hidden' },
      { title: '名称', dataIndex: 'name' },
      { title: '状态', dataIndex: 'status' },
    ]);
    expect(parts.titles.map((c) => c.title)).toEqual(['名称']);
    expect(parts.fields.map((c) => c.title)).toEqual(['状态']);
  });
  it('hands antd the column without its phone hint', () => {
    expect(tableColumn(columns[0] ?? {})).toEqual({ title: '名称', dataIndex: 'name' });
  });
});

describe('cells', () => {
  const row: Row = { id: 1, name: '数码电器', status: 0, owner: { name: '张三' } };
  it('reads a value by name or by path', () => {
    expect(valueAt(row, 'name')).toBe('数码电器');
    expect(valueAt(row, ['owner', 'name'])).toBe('张三');
    expect(valueAt(row, ['missing', 'name'])).toBeUndefined();
    expect(valueAt(row, undefined)).toBeUndefined();
  });
  it('renders as the table would, and a blank as —', () => {
    expect(cellContent(columns[3] ?? {}, row, 0)).toBe('停用');
    expect(cellContent(columns[1] ?? {}, { ...row, owner: { name: '' } }, 0)).toBe('—');
    expect(cellContent<Row>({ dataIndex: 'id' }, { ...row, id: 0 }, 0)).toBe(0);
    // antd's { children, props } answer of a render.
    expect(cellContent<Row>({ render: () => ({ children: '合并', props: { colSpan: 2 } }) }, row, 0)).toBe(
      '合并',
    );
  });
});

describe('keys and rows', () => {
  it('adds or takes out one key, keeping the others', () => {
    expect(toggledKeys([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(toggledKeys([1, 2, 3], 2, false)).toEqual([1, 3]);
    expect(toggledKeys([1, 2], 2, true)).toEqual([1, 2]);
  });
  it('flattens a tree page, parents first', () => {
    const tree: Row[] = [
      {
        id: 1,
        name: 'a',
        status: 1,
        children: [{ id: 2, name: 'b', status: 1, children: [{ id: 3, name: 'c', status: 1 }] }],
      },
      { id: 4, name: 'd', status: 1 },
    ];
    expect(flattenRows(tree).map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });
});
