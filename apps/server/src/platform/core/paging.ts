import { DEFAULT_PAGE_SIZE, makePaging } from '@portal/contract';

/** Which page a list call asks for: page 1 and `DEFAULT_PAGE_SIZE` rows unless given. */
export interface PageParams {
  page: number;
  pageSize: number;
  /** Rows before the page: `(page - 1) * pageSize`. */
  offset: number;
}

export function pageParams(q: { page?: number | undefined; page_size?: number | undefined }): PageParams {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/**
 * The one reply of every list: `{ results, paging }` (design/architecture.md), from the rows of a
 * page, the count of all and the page asked for.
 */
export const paged = <T>(
  r: { count: number; results: T[] },
  p: { page: number; pageSize: number },
): { results: T[]; paging: ReturnType<typeof makePaging> } => ({
  results: r.results,
  paging: makePaging(r.count, p.page, p.pageSize),
});
