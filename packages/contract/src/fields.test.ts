import { describe, expect, it } from 'vitest';
import { makePaging } from './envelope.ts';
import { flag, idList, int, text } from './fields.ts';

const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('field schemas', () => {
  it('parses integers from form strings and names the field in errors', () => {
    const sort = int('排序', { min: 0, max: 9 });
    expect(sort.parse('7')).toBe(7);
    expect(msg(sort.safeParse(''))).toBe('排序不能为空');
    expect(msg(sort.safeParse('1e3'))).toBe('排序必须是整数');
    expect(msg(sort.safeParse('10'))).toBe('排序不能大于9');
  });
  it('trims text and bounds its length', () => {
    const name = text('名称', { max: 3 });
    expect(name.parse('  ab ')).toBe('ab');
    expect(msg(name.safeParse('abcd'))).toBe('名称不能超过3个字符');
    expect(msg(name.safeParse({}))).toBe('名称格式不正确');
  });
  it('reads id lists in every form the browser sends', () => {
    const ids = idList('分类', 3);
    expect(ids.parse(['1', '2'])).toEqual([1, 2]);
    expect(ids.parse('1,2')).toEqual([1, 2]);
    expect(ids.parse('[3]')).toEqual([3]);
    expect(msg(ids.safeParse('1,2,3,4'))).toBe('分类一次最多3个');
    expect(msg(ids.safeParse('0'))).toBe('分类不能小于1');
  });
  it('reads flags', () => {
    const f = flag('状态');
    expect([f.parse('1'), f.parse('false'), f.parse(true)]).toEqual([1, 0, 1]);
    expect(msg(f.safeParse('2'))).toBe('状态只能是0或1');
  });
  it('computes paging', () => {
    expect(makePaging(0, 1, 10)).toEqual({
      count: 0,
      has_previous: false,
      has_next: false,
      num_pages: 1,
      cur_page: 1,
      page_size: 10,
    });
    expect(makePaging(21, 2, 10)).toMatchObject({ has_previous: true, has_next: true, num_pages: 3 });
  });
});
