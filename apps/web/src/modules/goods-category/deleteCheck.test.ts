import { describe, expect, it } from 'vitest';
import { deleteRefusal } from './deleteCheck.ts';

const cat = (name: string, children_count: number, goods_count: number) => ({
  name,
  children_count,
  goods_count,
});

describe('deleteRefusal', () => {
  it('refuses a category with sub-categories or goods before asking', () => {
    expect(deleteRefusal([cat('茶叶', 2, 0)], { alone: true })).toBe(
      '分类「茶叶」下还有 2 个子分类，请先删除或移走子分类。',
    );
    expect(deleteRefusal([cat('绿茶', 0, 5)], { alone: true })).toContain('还有 5 件商品');
  });

  it('lets a batch take a parent with its children, but not goods', () => {
    expect(deleteRefusal([cat('茶叶', 1, 0), cat('绿茶', 0, 0)], { alone: false })).toBeNull();
    expect(deleteRefusal([cat('茶叶', 1, 3), cat('绿茶', 0, 3)], { alone: false })).toContain('「茶叶」');
  });

  it('asks as before when nothing stands in the way', () => {
    expect(deleteRefusal([cat('空分类', 0, 0)], { alone: true })).toBeNull();
  });
});
