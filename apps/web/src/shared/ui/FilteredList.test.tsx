import type { Paging } from '@portal/contract';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { stubMatchMedia } from '#web/shared/testing/matchMedia.ts';
import { mount } from '#web/shared/testing/mount.tsx';
import { FilteredList } from './FilteredList.tsx';
import { type ListFilters, useListFilters } from './pagination.ts';

stubMatchMedia();
// jsdom measures nothing: antd's table watches its size.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

interface Row {
  id: number;
  name: string;
}

let seen: ListFilters['params'][] = [];

/** A list page: its filters, and a reply of `count` rows of which it shows none. */
function Page({ count }: { count: number }) {
  const filters = useListFilters(10);
  seen.push(filters.params);
  const paging: Paging = {
    count,
    num_pages: Math.max(1, Math.ceil(count / 10)),
    cur_page: filters.page,
    page_size: 10,
    has_next: false,
    has_previous: false,
  };
  return (
    <FilteredList<Row>
      listFilters={filters}
      search={{ label: '搜索名称', placeholder: '名称', maxLength: 50, style: { width: 200 } }}
      status={{ label: '状态', options: [{ value: 1, label: '启用' }] }}
      aria-label="名称列表"
      columns={[{ title: '名称', dataIndex: 'name' }]}
      query={{ data: { results: [], paging }, isFetching: false, isError: false, refetch: () => {} }}
      empty={filters.filtered ? '没有符合条件的名称' : '暂无名称'}
    />
  );
}

const last = () => seen[seen.length - 1];
const pageButton = (el: HTMLElement, n: number) =>
  el.querySelector<HTMLElement>(`.ant-pagination-item-${n}`) ?? undefined;

describe('FilteredList', () => {
  it('searches from page 1, with the trimmed keyword, and says nothing matched', () => {
    seen = [];
    const el = mount(<Page count={30} />);
    expect(el.textContent).toContain('暂无名称');
    act(() => pageButton(el, 3)?.click());
    expect(last()).toMatchObject({ page: 3, page_size: 10, keyword: undefined, status: undefined });
    const box = el.querySelector<HTMLInputElement>('input[aria-label="搜索名称"]');
    if (!box) throw new Error('no search box');
    // The box holds no more than the call's keyword takes.
    expect(box.maxLength).toBe(50);
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(box, '  龙井 ');
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const searchButton = [...el.querySelectorAll('button')].find(
      (b) => b.textContent?.replace(/\s/g, '') === '搜索',
    );
    act(() => searchButton?.click());
    expect(last()).toMatchObject({ page: 1, keyword: '龙井' });
    expect(el.textContent).toContain('没有符合条件的名称');
  });

  it('steps back to the last page there is when the rows of its page went away', () => {
    seen = [];
    const el = mount(<Page count={30} />);
    act(() => pageButton(el, 3)?.click());
    expect(last()?.page).toBe(3);
    el.rerender(<Page count={12} />);
    expect(last()?.page).toBe(2);
  });
});
