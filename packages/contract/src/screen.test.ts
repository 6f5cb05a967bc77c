import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { brandResource } from './brand.ts';
import { defineResource } from './resource.ts';
import {
  col,
  columnName,
  excelChoicesOf,
  excelColumnsOf,
  fieldsOf,
  filtersOf,
  itemFromRow,
  itemSchemaOf,
  searchColumnsOf,
  valuesFromFields,
} from './screen.ts';

const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

/** A declaration with every kind, the places varied. */
const shape = {
  name: col.text('名称', { max: 5, search: true }),
  intro: col.longText('介绍', { max: 10, list: false }),
  sort: col.int('排序', { min: 0, max: 99, optional: true }),
  price: col.money('价格', { max: 10_000 }),
  kind: col.choice('类型', { a: '甲', b: '乙' }, { search: true }),
  status: col.flag('状态', '启用', '停用', { search: true }),
  logo: col.picture('图片'),
  brand_id: col.ref('品牌', { select: '/goods/brands', name: 'brand_name' }, { optional: true }),
  brand_name: col.text('品牌', { max: 30, form: false, excel: false }),
  code: col.text('编号', { max: 10, column: 'goods_code', excel: false }),
  start_time: col.time('开始时间', { form: true }),
};

describe('a resource from its declaration', () => {
  it('checks a day as a date that exists, optional when it says so', () => {
    const due = col.day('完工日期');
    expect(due.kind).toBe('day');
    const day = fieldsOf({ due }).due;
    expect(due.field?.parse('2026-02-28')).toBe('2026-02-28');
    expect(msg(day.safeParse('2026-02-30'))).toBe('完工日期格式应为YYYY-MM-DD');
    expect(msg(day.safeParse(''))).toBe('完工日期不能为空');
    expect(col.day('开始日期', { optional: true }).field?.parse(undefined)).toBeUndefined();
  });

  it('reads an amount the server works out as money, never a field', () => {
    const amount = col.readOnly('金额', { money: true, excel: '金额（分）' });
    expect(amount.kind).toBe('money');
    expect(amount.field).toBeUndefined();
    expect(amount.places.form).toBe(false);
    expect(amount.item.parse(36150)).toBe(36150);
    expect(amount.item.safeParse('361.50').success).toBe(false);
    const money = { amount, code: col.readOnly('编码') };
    expectTypeOf(money.amount.item).toEqualTypeOf<z.ZodNumber>();
    expectTypeOf(money.code.item).toEqualTypeOf<z.ZodString>();
    expect(itemFromRow(money, { id: 1, amount: '36150', code: null })).toMatchObject({
      amount: 36150,
      code: '',
    });
    expect(fieldsOf(money)).toEqual({});
    expect(excelColumnsOf(money)).toEqual({ amount: '金额（分）', code: '编码' });
  });

  it('makes the writable fields with the Chinese messages of fields.ts, in declaration order', () => {
    const fields = fieldsOf(shape);
    expect(Object.keys(fields)).toEqual([
      'name',
      'intro',
      'sort',
      'price',
      'kind',
      'status',
      'logo',
      'brand_id',
      'code',
      'start_time',
    ]);
    expect(msg(fields.name.safeParse(''))).toBe('名称不能为空');
    expect(msg(fields.name.safeParse('123456'))).toBe('名称不能超过5个字符');
    expect(fields.intro.parse(undefined)).toBeUndefined();
    expect(msg(fields.sort.safeParse('100'))).toBe('排序不能大于99');
    expect(msg(fields.price.safeParse('-1'))).toBe('价格不能小于0');
    expect(msg(fields.kind.safeParse('c'))).toBe('类型不正确');
    expect(msg(fields.status.safeParse('2'))).toBe('状态只能是0或1');
    expect(msg(fields.logo.safeParse('javascript:alert(1)'))).toBe('图片须为本站路径或 http(s) 地址');
    expect(fields.brand_id.parse('')).toBeUndefined();
    expect(fields.start_time.parse('2026-01-02 08:00:00')).toBe('2026-01-02T00:00:00.000Z');
  });

  it("takes a column's own field, typed as it is (a time the form may leave empty)", () => {
    const own = col.time('发布时间', { form: true, field: fieldsOf(shape).start_time.optional() });
    // The field's type is the override's (tsc checks the line): the create call's may leave it out.
    expectTypeOf(own.field.parse).returns.toEqualTypeOf<string | undefined>();
    expect(own.field.parse(undefined)).toBeUndefined();
    expect(own.field.parse('2026-01-02 08:00:00')).toBe('2026-01-02T00:00:00.000Z');
    expect(own.item.safeParse(null).success).toBe(false);
  });

  it('makes the item: the id, every column, the audit times', () => {
    const item = itemSchemaOf(shape);
    expect(Object.keys(item.shape)).toEqual(['id', ...Object.keys(shape), 'create_time', 'update_time']);
    expect(item.safeParse({ id: 1 }).success).toBe(false);
  });

  it('makes the filters of the searched choices and flags, the keyword columns and the Excel columns', () => {
    expect(Object.keys(filtersOf(shape))).toEqual(['kind', 'status']);
    expect(searchColumnsOf(shape)).toEqual(['name']);
    expect(excelColumnsOf(shape)).toEqual({
      name: '名称',
      intro: '介绍',
      sort: '排序',
      price: '价格（元）',
      kind: '类型',
      status: '状态',
      logo: '图片',
      brand_id: '品牌',
      start_time: '开始时间',
    });
    // Words in the order the list offers them: 1 before 0.
    expect(excelChoicesOf(shape)).toEqual({ kind: { 甲: 'a', 乙: 'b' }, status: { 启用: 1, 停用: 0 } });
    expect(Object.keys(excelChoicesOf(shape).status ?? {})).toEqual(['启用', '停用']);
  });

  it('keeps what a declared resource had: its calls, import columns, picked words, permissions', () => {
    expect(brandResource.importColumns.map((c) => `${c.label}${c.required ? '*' : ''}`)).toEqual([
      '品牌名称*',
      '品牌标志',
      '品牌介绍',
      '排序',
      '状态*',
    ]);
    expect(brandResource.calls.create.access).toEqual({ permission: 'add_goods_brand' });
    expect(brandResource.schemas.importRow.parse({ name: '清芳', status: '停用' })).toMatchObject({
      status: 0,
    });
    expect(msg(brandResource.schemas.listBody.safeParse({ status: '3' }))).toBe('状态只能是0或1');
    const own = defineResource({
      ...brandResource,
      shape: { title: col.text('标题', { max: 9 }) },
      filters: { tag: col.text('标签', { max: 3 }).field },
      excel: { example: { title: '甲' } },
    });
    expect(Object.keys(own.filters)).toEqual(['tag']);
    expect(own.shape.title.label).toBe('标题');
  });
});

describe('the naming rule and the row mapping', () => {
  it('maps created_at and updated_at to create_time and update_time, other columns by name or override', () => {
    expect(columnName('create_time')).toBe('created_at');
    expect(columnName('update_time')).toBe('updated_at');
    expect(columnName('name')).toBe('name');
    expect(columnName('code', shape.code)).toBe('goods_code');
  });

  it('reads a stored row as the item: numbers from strings, a missing reference as null', () => {
    const row = {
      id: '7',
      name: '甲',
      intro: null,
      sort: '3',
      price: '1250',
      kind: 'a',
      status: 1,
      logo: '',
      brand_id: null,
      brand_name: '',
      goods_code: 'X-1',
      start_time: '2026-01-02T00:00:00.000Z',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-03T00:00:00.000Z',
      del_flag: 0,
    };
    const item = itemFromRow(shape, row);
    expect(item).toEqual({
      id: 7,
      name: '甲',
      intro: '',
      sort: 3,
      price: 1250,
      kind: 'a',
      status: 1,
      logo: '',
      brand_id: null,
      brand_name: '',
      code: 'X-1',
      start_time: '2026-01-02T00:00:00.000Z',
      create_time: '2026-01-01T00:00:00.000Z',
      update_time: '2026-01-03T00:00:00.000Z',
    });
    expect(itemSchemaOf(shape).parse(item)).toEqual(item);
  });

  it('leaves out of the item a custom column the row does not hold (a product’s lines)', () => {
    const lines = { name: shape.name, lines: col.custom('物料', { item: z.never().optional() }) };
    const item = itemFromRow(lines, { id: 1, name: '甲', created_at: 'a', updated_at: 'b' });
    expect(item).toEqual({ id: 1, name: '甲', create_time: 'a', update_time: 'b' });
    expect(itemFromRow(lines, { id: 1, name: '甲', lines: [1] }).lines).toEqual([1]);
  });

  it('writes the fields under their columns, a field left out as empty, read-only columns not at all', () => {
    expect(valuesFromFields(shape, { name: '甲', price: 100, kind: 'b', status: 0, code: 'Y' })).toEqual({
      name: '甲',
      intro: '',
      sort: 0,
      price: 100,
      kind: 'b',
      status: 0,
      logo: '',
      brand_id: null,
      goods_code: 'Y',
      start_time: null,
    });
  });

  it('keeps pictures in order as JSON text, checks each and their count, reads them back as a list', () => {
    const gallery = { images: col.pictures('商品图片', { max: 2 }) };
    const field = fieldsOf(gallery).images;
    expect(field.parse('/a.png,/b.png')).toEqual(['/a.png', '/b.png']);
    expect(field.parse(undefined)).toEqual([]);
    expect(msg(field.safeParse(['/a.png', '/b.png', '/c.png']))).toBe('商品图片最多2张');
    expect(msg(field.safeParse(['javascript:alert(1)']))).toBe('商品图片须为本站路径或 http(s) 地址');
    expect(valuesFromFields(gallery, { images: ['/b.png', '/a.png'] })).toEqual({
      images: '["/b.png","/a.png"]',
    });
    expect(valuesFromFields(gallery, {})).toEqual({ images: '[]' });
    expect(itemFromRow(gallery, { id: 1, images: '["/b.png","/a.png"]' }).images).toEqual([
      '/b.png',
      '/a.png',
    ]);
    expect(itemFromRow(gallery, { id: 1, images: 'not json' }).images).toEqual([]);
  });
});
