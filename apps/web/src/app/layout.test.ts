import { describe, expect, it } from 'vitest';
import { layoutForPath } from './layout.ts';

describe('layoutForPath', () => {
  it.each(['/', '/shop', '/login', '/loginPurchase', '/car', '/detail', '/lx', '/qingfang', '/jy', '/dzcen'])(
    '%s has automatic height',
    (path) => expect(layoutForPath(path)).toBe('auto'),
  );

  it.each(['/zhonggu', '/jdzc', '/zc', '/qf', '/zg', '/dzc', '/zt'])(
    'microsite %s has automatic height',
    (path) => expect(layoutForPath(path)).toBe('auto'),
  );

  it('ignores a trailing slash', () => {
    expect(layoutForPath('/login/')).toBe('auto');
    expect(layoutForPath('/car/')).toBe('auto');
  });

  it.each(['/home', '/crm/goods_category', '/car/car_auto_parts', '/manager/workflow', '/404', '/shopping'])(
    '%s is full height with the user background',
    (path) => expect(layoutForPath(path)).toBe('full'),
  );
});
