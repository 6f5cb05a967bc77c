import { describe, expect, it } from 'vitest';
import { optionsOf } from './options.ts';

describe('optionsOf', () => {
  it('turns a code → name table into options with numeric values, in code order', () => {
    expect(optionsOf({ 2: '已拒绝', 0: '待审核', 1: '已通过' })).toEqual([
      { value: 0, label: '待审核' },
      { value: 1, label: '已通过' },
      { value: 2, label: '已拒绝' },
    ]);
    expect(optionsOf({})).toEqual([]);
  });
});
