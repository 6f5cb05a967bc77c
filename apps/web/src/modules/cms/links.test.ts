import { describe, expect, it } from 'vitest';
import { searchHref } from '#web/shared/searchQuery.ts';
import { categoryHref, linkKind, paragraphs } from './links.ts';
import { parseNewsQuery } from './newsQuery.ts';

describe('content links', () => {
  it('splits plain text into paragraphs at blank lines', () => {
    expect(paragraphs('一\n\n二\r\n\r\n三\n接着三\n \n\n')).toEqual(['一', '二', '三\n接着三']);
    expect(paragraphs('<b>不是HTML</b>')).toEqual(['<b>不是HTML</b>']);
    expect(paragraphs('')).toEqual([]);
  });

  it('follows internal paths and http(s) addresses only', () => {
    expect(linkKind('/product')).toBe('internal');
    expect(linkKind('https://example.com/a')).toBe('external');
    expect(linkKind('//evil.example')).toBe('none');
    expect(linkKind('/\\evil.example')).toBe('none');
    expect(linkKind('javascript:alert(1)')).toBe('none');
    expect(linkKind('')).toBe('none');
  });

  it('keeps the list state in the URL, defaults left out, bad values dropped', () => {
    const s = parseNewsQuery(new URLSearchParams('category=technology&keyword=%20云%20&page=2&page_size=5'));
    expect(s).toEqual({ category: 'technology', keyword: '云', page: 2, page_size: 5 });
    expect(searchHref('', s)).toBe('?category=technology&keyword=%E4%BA%91&page=2&page_size=5');
    expect(parseNewsQuery(new URLSearchParams('category=<x>&page=-1&page_size=1000'))).toEqual({
      category: '',
      keyword: '',
      page: 1,
      page_size: 10,
    });
    expect(searchHref('', { page: 1, page_size: 10 })).toBe('');
    expect(categoryHref('documentary')).toBe('/documentary');
    expect(categoryHref('news')).toBe('/news?category=news');
  });
});
