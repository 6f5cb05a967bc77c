import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.ts';

export const errorEnvelope = z.object({
  c: z.number().int(),
  m: z.string(),
  field: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/**
 * The success reply `{c: 0, d}`. A handled failure is `{c, m}` (see `errorEnvelope`); both are
 * answered with HTTP 200. Route response schemas describe the success shape only.
 */
export function envelope<T extends z.ZodType>(d: T) {
  return z.object({ c: z.literal(0), d });
}

export const pagingSchema = z.object({
  count: z.number().int(),
  has_previous: z.boolean(),
  has_next: z.boolean(),
  num_pages: z.number().int(),
  cur_page: z.number().int(),
  page_size: z.number().int(),
});
export type Paging = z.infer<typeof pagingSchema>;

/** The `d` of a list reply. */
export interface Page<T> {
  results: T[];
  paging: Paging;
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), paging: pagingSchema });
}

export function makePaging(count: number, page = 1, pageSize = DEFAULT_PAGE_SIZE): Paging {
  const numPages = Math.max(1, Math.ceil(count / pageSize));
  return {
    count,
    has_previous: page > 1,
    has_next: page < numPages,
    num_pages: numPages,
    cur_page: page,
    page_size: pageSize,
  };
}

/** Console (DRF-style) list shape. */
export function consolePageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/**
 * The reply of a batch write: how many rows the verb changed, named by its past participle
 * (`{deleted}`, `{reviewed}`). A batch is all or nothing: when one row may not be changed, none is
 * and the refusal names why.
 */
export const deletedResult = z.object({ deleted: z.number().int() });
