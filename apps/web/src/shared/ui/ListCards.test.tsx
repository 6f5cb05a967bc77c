import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '#web/shared/testing/matchMedia.ts';
import { mount } from '#web/shared/testing/mount.tsx';
import { ListCards } from './ListCards.tsx';
import type { ListColumns } from './listCards.ts';

stubMatchMedia();

interface Row {
  id: number;
  name: string;
  goods: number;
  children?: Row[];
}

const rows: Row[] = [
  {
    id: 1,
    name: '数码电器',
    goods: 9,
    children: [{ id: 2, name: '手机通讯', goods: 5 }],
  },
  { id: 3, name: '汽车', goods: 0 },
];
const columns: ListColumns<Row> = [
  { title: '名称', dataIndex: 'name', phone: 'title' },
  { title: '商品数', dataIndex: 'goods' },
  {
    title: '操作',
    key: 'actions',
    phone: 'actions',
    render: (_: unknown, r: Row) => <button type="button">编辑{r.name}</button>,
  },
];

const props = {
  columns,
  label: '分类列表',
  loading: false,
  empty: <p>暂无分类</p>,
  pagination: { current: 1, pageSize: 10, total: 2 },
  rowSelection: undefined,
  expandable: undefined,
  rowName: (r: Row) => r.name,
  childLabel: '子分类',
};

const buttonNamed = (el: HTMLElement, name: string) =>
  [...el.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);

describe('ListCards', () => {
  it('shows each row as a card: its name, labelled fields and buttons', () => {
    const el = mount(<ListCards<Row> {...props} rows={rows} />);
    const list = el.querySelector('ul[aria-label="分类列表"]');
    expect(list?.children).toHaveLength(2);
    const first = list?.children[0] as HTMLElement;
    expect(first.querySelector('.list-card-title')?.textContent).toBe('数码电器');
    expect(first.querySelector('dt')?.textContent).toBe('商品数');
    expect(first.querySelector('dd')?.textContent).toBe('9');
    expect(buttonNamed(first, '编辑数码电器')).toBeDefined();
    // A leaf has no 展开.
    expect(buttonNamed(list?.children[1] as HTMLElement, '展开子分类（1）：汽车')).toBeUndefined();
  });

  it('unfolds a tree row into a list of its children, and folds it again', () => {
    const el = mount(<ListCards<Row> {...props} rows={rows} />);
    const unfold = buttonNamed(el, '展开子分类（1）：数码电器');
    expect(unfold?.getAttribute('aria-expanded')).toBe('false');
    expect(el.querySelector('ul[aria-label="数码电器的子分类"]')).toBeNull();
    act(() => unfold?.click());
    expect(el.querySelector('ul[aria-label="数码电器的子分类"]')?.textContent).toContain('手机通讯');
    const fold = buttonNamed(el, '收起子分类：数码电器');
    expect(fold?.getAttribute('aria-expanded')).toBe('true');
    act(() => fold?.click());
    expect(el.querySelector('ul[aria-label="数码电器的子分类"]')).toBeNull();
  });

  it('tells a controlled list which row opened', () => {
    const onExpand = vi.fn();
    const onExpandedRowsChange = vi.fn();
    const el = mount(
      <ListCards<Row>
        {...props}
        rows={rows}
        expandable={{ expandedRowKeys: [], onExpand, onExpandedRowsChange }}
      />,
    );
    act(() => buttonNamed(el, '展开子分类（1）：数码电器')?.click());
    expect(onExpand).toHaveBeenCalledWith(true, rows[0]);
    expect(onExpandedRowsChange).toHaveBeenCalledWith([1]);
    // Controlled: it stays as the list says until the list says otherwise.
    expect(el.querySelector('ul[aria-label="数码电器的子分类"]')).toBeNull();
  });

  it('selects a card and the whole page through the table’s rowSelection', () => {
    const onChange = vi.fn();
    const el = mount(
      <ListCards<Row>
        {...props}
        rows={rows}
        expandable={{ expandedRowKeys: [1] }}
        rowSelection={{ selectedRowKeys: [], onChange }}
      />,
    );
    const box = el.querySelector<HTMLInputElement>('input[aria-label="选择 手机通讯"]');
    act(() => box?.click());
    expect(onChange).toHaveBeenLastCalledWith([2], [rows[0]?.children?.[0]], { type: 'single' });
    const all = [...el.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((i) =>
      i.closest('label')?.textContent?.includes('全选本页'),
    );
    act(() => all?.click());
    expect(onChange.mock.lastCall?.[0]).toEqual([1, 2, 3]);
  });

  it('shows the empty state instead of an empty list', () => {
    const el = mount(<ListCards<Row> {...props} rows={[]} />);
    expect(el.querySelector('ul.list-cards')).toBeNull();
    expect(el.textContent).toContain('暂无分类');
  });
});
