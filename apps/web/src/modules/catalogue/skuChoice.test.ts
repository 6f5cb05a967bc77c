import type { ShopGoodsSku } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { chosenSku, initialChoice, missingNames, specRows, toggleValue } from './skuChoice.ts';

const sku = (id: number, color: string, size: string, stock: number, price = 1000): ShopGoodsSku => ({
  id,
  specs: [
    { name: '颜色', value: color },
    { name: '尺码', value: size },
  ],
  spec_text: `${color} / ${size}`,
  price,
  stock,
});

// 红 M, 红 L (sold out), 蓝 L; no 蓝 M.
const skus = [sku(1, '红色', 'M', 3), sku(2, '红色', 'L', 0), sku(3, '蓝色', 'L', 5, 1200)];

describe('the specification chooser', () => {
  it('has one row per name with the values in order; sold-out and missing combinations are not offered', () => {
    expect(specRows(skus, {})).toEqual([
      {
        name: '颜色',
        values: [
          { value: '红色', available: true },
          { value: '蓝色', available: true },
        ],
      },
      {
        name: '尺码',
        values: [
          { value: 'M', available: true },
          { value: 'L', available: true },
        ],
      },
    ]);
    // 红色 chosen: L is sold out in red.
    expect(specRows(skus, { 颜色: '红色' })[1]?.values).toEqual([
      { value: 'M', available: true },
      { value: 'L', available: false },
    ]);
    // M chosen: there is no blue M.
    expect(specRows(skus, { 尺码: 'M' })[0]?.values).toEqual([
      { value: '红色', available: true },
      { value: '蓝色', available: false },
    ]);
  });

  it('finds the specification of a complete choice and names what is missing', () => {
    expect(chosenSku(skus, { 颜色: '蓝色' })).toBeUndefined();
    expect(missingNames(skus, { 颜色: '蓝色' })).toEqual(['尺码']);
    expect(chosenSku(skus, { 颜色: '蓝色', 尺码: 'L' })?.id).toBe(3);
    expect(missingNames(skus, { 颜色: '蓝色', 尺码: 'L' })).toEqual([]);
  });

  it('toggles a value and lets go of the other rows that no longer fit', () => {
    expect(toggleValue(skus, { 颜色: '红色' }, '颜色', '红色')).toEqual({});
    expect(toggleValue(skus, { 颜色: '红色', 尺码: 'M' }, '颜色', '蓝色')).toEqual({ 颜色: '蓝色' });
    expect(toggleValue(skus, { 尺码: 'L' }, '颜色', '蓝色')).toEqual({ 颜色: '蓝色', 尺码: 'L' });
  });

  it('chooses the only specification from the start', () => {
    expect(initialChoice([sku(9, '白色', 'S', 1)])).toEqual({ 颜色: '白色', 尺码: 'S' });
    expect(initialChoice(skus)).toEqual({});
  });
});
