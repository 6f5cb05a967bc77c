import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@portal/contract';
import { queryId } from './query.ts';

/** Page and page size from the address; a size outside 5/10/15/20 falls back to the default. */
export function pageFromQuery(params: URLSearchParams): { page: number; page_size: number } {
  const size = queryId(params.get('page_size'));
  return {
    page: queryId(params.get('page'), 100_000) ?? 1,
    page_size: size && (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** A text filter from the address, trimmed and cut to the length the server accepts. */
export function textFromQuery(params: URLSearchParams, key: string, max: number): string {
  return (params.get(key) ?? '').trim().slice(0, max);
}

/** The address of a search: empty values and page 1 / the default size are left out. */
export function searchHref(path: string, values: Record<string, string | number>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    if (v === '' || (k === 'page' && v === 1) || (k === 'page_size' && v === DEFAULT_PAGE_SIZE)) continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
