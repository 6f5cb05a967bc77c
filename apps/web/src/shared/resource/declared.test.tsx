import { brandResource, col, couponResource, customerResource, publicBrandResource } from '@portal/contract';
import { brandCalls, productCalls, publicBrandCalls, warehouseCalls } from '@portal/contract/calls';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Form } from 'antd';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from '#web/shared/api/client.ts';
import { formatMinute } from '#web/shared/format.ts';
import { stubMatchMedia } from '#web/shared/testing/matchMedia.ts';
import {
  callAt,
  DeclaredDetail,
  declaredColumns,
  declaredForm,
  fieldRules,
  mayCall,
  searchPlaceholderOf,
  shown,
  statusOptionsOf,
} from './declared.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let host: HTMLDivElement;
afterEach(() => host?.remove());
// antd's text areas measure themselves; jsdom has no ResizeObserver.
beforeAll(() => {
  stubMatchMedia();
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

function render(node: React.ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  act(() => createRoot(host).render(node));
  return host;
}

type Brand = (typeof brandResource)['item']['_zod']['output'];
const brand: Brand = {
  id: 3,
  name: '青峰',
  logo: '/files/a.png',
  description: '坚果炒货',
  sort: 2,
  status: 0,
  create_time: '2026-01-01T00:00:00.000Z',
  update_time: '2026-01-02T01:30:00.000Z',
};

/** The derived form items in a form, as the dialog holds them. */
function Dialog({ form }: { form: ReturnType<typeof declaredForm<Brand, Record<string, unknown>>> }) {
  const [f] = Form.useForm();
  return (
    <Form form={f} initialValues={form.initial}>
      {form.items(f as never, null)}
    </Form>
  );
}

type Plan = { id: number; warehouse_id: number; warehouse_name: string };
/** The derived form items holding a row, as the dialog holds them when it edits the row. */
function EditDialog({
  form,
  row,
}: {
  form: ReturnType<typeof declaredForm<Plan, Record<string, unknown>>>;
  row: Plan;
}) {
  const [f] = Form.useForm();
  return (
    <Form form={f} initialValues={form.fromItem(row)}>
      {form.items(f as never, row)}
    </Form>
  );
}

describe('a screen from its declaration', () => {
  it('makes the list columns: labels, phone hints, the kinds rendered, a page’s own render joined', () => {
    const columns = declaredColumns<Brand>(brandResource.shape, (b) => b.name, { sort: { width: 90 } });
    expect(columns.map((c) => c.title)).toEqual([
      '品牌名称',
      '品牌标志',
      '品牌介绍',
      '排序',
      '状态',
      '更新时间',
    ]);
    expect(columns.map((c) => c.phone)).toEqual([
      'title',
      'hidden',
      undefined,
      undefined,
      'title',
      undefined,
    ]);
    expect(columns.find((c) => c.title === '排序')).toMatchObject({ width: 90, align: 'right' });
    const cell = (title: string) => {
      const c = columns.find((x) => x.title === title);
      return render(c?.render?.(brand[c.dataIndex as keyof Brand], brand, 0) as React.ReactNode);
    };
    expect(cell('状态').textContent).toBe('停用');
    expect(cell('更新时间').textContent).toBe(formatMinute(brand.update_time));
    expect(cell('品牌标志').querySelector('img')?.getAttribute('alt')).toBe('青峰 品牌标志');
    expect(searchPlaceholderOf(brandResource.shape)).toBe('品牌名称 / 品牌介绍');
    expect(statusOptionsOf(brandResource.shape)).toEqual([
      { value: 1, label: '启用' },
      { value: 0, label: '停用' },
    ]);
  });

  it('makes the dialog form: an item per writable field with its rule, the values both ways', async () => {
    const form = declaredForm<Brand, Record<string, unknown>>(brandResource);
    expect(form.fields).toEqual(['name', 'logo', 'description', 'sort', 'status']);
    expect(form.initial).toEqual({ sort: 0, status: 1 });
    expect(form.fromItem(brand)).toEqual({
      name: '青峰',
      logo: '/files/a.png',
      description: '坚果炒货',
      sort: 2,
      status: 0,
    });
    expect(form.toInput({ name: ' 青峰 ', status: 1 })).toEqual({
      name: '青峰',
      logo: '',
      description: '',
      sort: '',
      status: 1,
    });
    const el = render(<Dialog form={form} />);
    const labels = [...el.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(expect.arrayContaining(['品牌名称', '品牌标志', '品牌介绍', '排序', '状态']));
    expect(el.querySelector('input#name')?.getAttribute('maxlength')).toBe('30');
    expect(el.textContent).toContain('数字小的排在前面');
    expect(el.querySelector('.ant-form-item-required')?.textContent).toBe('品牌名称');
  });

  it('checks money typed in yuan as the server checks fen, and says the bound in yuan', async () => {
    const c = customerResource.shape.credit_limit;
    const [rule] = fieldRules(c, customerResource.fields.credit_limit) as [
      { validator: (r: unknown, v: unknown) => Promise<void> },
    ];
    await expect(rule.validator({}, 50000)).resolves.toBeUndefined();
    await expect(rule.validator({}, 20_000_001)).rejects.toThrow('信用额度不能大于20000000');
  });

  it('writes a time in a datetime-local input, says money is typed in yuan, refuses three decimals', async () => {
    const form = declaredForm<Brand, Record<string, unknown>>(couponResource as never);
    const el = render(<Dialog form={form} />);
    expect(el.querySelector('input#start_time')?.getAttribute('type')).toBe('datetime-local');
    const labels = [...el.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(expect.arrayContaining(['优惠金额（元）', '使用门槛（元）', '开始时间']));
    const [time] = fieldRules(couponResource.shape.start_time, couponResource.fields.start_time) as [
      { validator: (r: unknown, v: unknown) => Promise<void> },
    ];
    await expect(time.validator({}, '2026-02-30T08:00')).rejects.toThrow('开始时间格式不正确');
    await expect(time.validator({}, '2026-02-28T08:00')).resolves.toBeUndefined();
    const [money] = fieldRules(customerResource.shape.credit_limit, customerResource.fields.credit_limit) as [
      { validator: (r: unknown, v: unknown) => Promise<void> },
    ];
    await expect(money.validator({}, 12.345)).rejects.toThrow('信用额度须为金额，最多两位小数');
  });

  it('shows a row’s detail: every detail column, labelled', () => {
    const el = render(<DeclaredDetail shape={brandResource.shape} row={brand} />);
    expect(el.textContent).toContain('创建时间');
    expect(el.textContent).toContain(formatMinute(brand.create_time));
    expect(el.textContent).toContain('坚果炒货');
  });

  it('shows a column the page renders itself as the page does, in the detail too (not a custom column’s JSON)', () => {
    const shape = { tiers: col.custom('价格档位', { item: z.array(z.object({ from: z.number() })) }) };
    const row = { id: 1, tiers: [{ from: 10 }, { from: 50 }], create_time: '', update_time: '' };
    expect(render(<DeclaredDetail shape={shape} row={row} />).textContent).toContain('[{"from":10}');
    const own = (v: unknown) => (v as { from: number }[]).map((t) => `${t.from}件起`).join('，');
    const el = render(<DeclaredDetail shape={shape} row={row} render={{ tiers: { render: own } }} />);
    expect(el.textContent).toContain('10件起，50件起');
    expect(el.textContent).not.toContain('{');
  });

  it('shows a read-only amount in yuan, right-aligned, and never puts it in the form', () => {
    const shape = {
      quantity: col.int('数量', { min: 1, max: 99 }),
      amount: col.readOnly('金额', { money: true }),
    };
    const row = { id: 1, quantity: 3, amount: 36150 };
    const [, amount] = declaredColumns<typeof row>(shape, () => '甲');
    expect(amount).toMatchObject({ title: '金额', align: 'right' });
    expect(render(amount?.render?.(row.amount, row, 0) as React.ReactNode).textContent).toBe('¥361.50');
    const form = declaredForm<typeof row, Record<string, unknown>>({ label: '单', shape, fields: {} });
    expect(form.fields).toEqual(['quantity']);
    expect(form.toInput({ quantity: 3, amount: 1 })).toEqual({ quantity: 3 });
  });

  it('shows a reference by the name its item holds, or a dash when the item holds none', () => {
    const named = col.ref('品牌', { select: '/goods/brands', name: 'brand_name' });
    const unnamed = col.ref('大宗分类', { select: '/dzc/categorys' });
    expect(shown(named, 7, { brand_name: '青峰' })).toBe('青峰');
    expect(shown(unnamed, 7, { brand_name: '青峰' })).toBe('—');
  });

  it('picks a reference with its select call, searched, the edited row’s name shown', async () => {
    expect(callAt('/product/select')).toEqual(productCalls.select);
    const call = vi
      .spyOn(api, 'call')
      .mockResolvedValue({ results: [{ id: 8, label: '默认仓库' }] } as never);
    const warehouse = col.ref('入库仓库', { select: '/stock/warehouses', name: 'warehouse_name' });
    const form = declaredForm<Plan, Record<string, unknown>>({
      label: '生产计划',
      shape: { warehouse_id: warehouse },
      fields: { warehouse_id: warehouse.field },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    host = document.createElement('div');
    document.body.append(host);
    await act(async () =>
      createRoot(host).render(
        <QueryClientProvider client={client}>
          <EditDialog form={form} row={{ id: 1, warehouse_id: 3, warehouse_name: '二号仓' }} />
        </QueryClientProvider>,
      ),
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    // A picker, not a text box: the declared select call asked, the row's own warehouse shown.
    expect(host.querySelector('#warehouse_id')?.getAttribute('role')).toBe('combobox');
    expect(call).toHaveBeenCalledWith(warehouseCalls.select, { keyword: undefined });
    expect(host.textContent).toContain('二号仓');
    vi.restoreAllMocks();
  });

  it('shows a rich text’s words, not its HTML: tags gone, entities read, a dash when empty', () => {
    const content = col.richText('内容', { max: 1000 });
    const el = render(
      shown(content, '<p>新品<strong>上市</strong></p><p>满 100 &amp; 减 10<br>包邮</p>', {}),
    );
    expect(el.textContent).toBe('新品上市 满 100 & 减 10 包邮');
    expect(el.innerHTML).not.toContain('&lt;p&gt;');
    expect(render(shown(content, '', {})).textContent).toBe('—');
  });

  it('takes the buttons’ permissions from the declared calls', () => {
    const shopAdmin = { goods: [{ codename: 'add_goods_brand', name: '' }] };
    expect(mayCall(brandCalls.create, shopAdmin as never, true)).toBe(true);
    expect(mayCall(brandCalls.update, shopAdmin as never, true)).toBe(false);
    expect(mayCall(publicBrandCalls.create, shopAdmin as never, true)).toBe(false);
    expect(publicBrandResource.calls.create.access).toEqual(publicBrandCalls.create.access);
  });
});
