import { describe, expect, it } from 'vitest';
import { micrositeGoodsHref, micrositeNewsHref, micrositeView } from './links.ts';

describe('a microsite address', () => {
  it('names an article or a goods to show inside the site, or the home', () => {
    expect(micrositeView('')).toEqual({ kind: 'home' });
    expect(micrositeView(micrositeNewsHref('/dzcen', 3).slice('/dzcen'.length))).toEqual({
      kind: 'news',
      id: 3,
    });
    expect(micrositeView(micrositeGoodsHref('/zc', 41).slice('/zc'.length))).toEqual({
      kind: 'goods',
      id: 41,
    });
  });

  it('ignores ids that are not ids', () => {
    for (const bad of ['?news=0', '?news=-1', '?news=1.5', '?news=abc', '?goods=99999999999', '?news='])
      expect(micrositeView(bad), bad).toEqual({ kind: 'home' });
  });
});
