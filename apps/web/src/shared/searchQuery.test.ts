import { describe, expect, it } from 'vitest';
import { pageFromQuery, searchHref, textFromQuery } from './searchQuery.ts';

describe('search query', () => {
  it('reads page and size, refusing odd values', () => {
    expect(pageFromQuery(new URLSearchParams('page=3&page_size=20'))).toEqual({ page: 3, page_size: 20 });
    expect(pageFromQuery(new URLSearchParams('page=-1&page_size=10000'))).toEqual({ page: 1, page_size: 10 });
    expect(pageFromQuery(new URLSearchParams(''))).toEqual({ page: 1, page_size: 10 });
  });

  it('trims and cuts text', () => {
    expect(textFromQuery(new URLSearchParams('name=%20王老师%20'), 'name', 20)).toBe('王老师');
    expect(textFromQuery(new URLSearchParams(`name=${'a'.repeat(30)}`), 'name', 20)).toHaveLength(20);
  });

  it('writes only what differs from the defaults', () => {
    expect(searchHref('/searchPerson', { name: '王', page: 1, page_size: 10 })).toBe(
      `/searchPerson?name=${encodeURIComponent('王')}`,
    );
    expect(searchHref('/searchExperiment', { keyword: '', category: 'sales', page: 2, page_size: 20 })).toBe(
      '/searchExperiment?category=sales&page=2&page_size=20',
    );
    expect(searchHref('/searchExperiment', { keyword: '', page: 1 })).toBe('/searchExperiment');
  });
});
