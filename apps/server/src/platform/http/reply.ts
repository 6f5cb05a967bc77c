import { DEFAULT_COMPANY_ID, DEFAULT_PAGE_SIZE, makePaging } from '@portal/contract';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Caller } from '../auth/session-user.ts';
import { AppError } from './errors.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The portal success envelope. */
export const ok = <T>(d: T) => ({ c: 0 as const, d });

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

/** The success envelope of one page: `{ results, paging }`. */
export const pageReply = <T>(r: { count: number; results: T[] }, p: PageParams) =>
  ok({ results: r.results, paging: makePaging(r.count, p.page, p.pageSize) });

/** The caller of a route that declared `login` or `permission` (the auth hook guarantees it). */
export function callerOf(request: { caller: Caller | null }): Caller {
  if (!request.caller) throw new AppError('NOT_LOGGED_IN');
  return request.caller;
}

/**
 * The company a public call works in: a logged-in caller's own company, else the `company_id`
 * the page sent (the tenant it resolved), else the default company (spec §9).
 */
export function companyOf(request: { caller: Caller | null }, given?: number): number {
  return request.caller?.companyId ?? given ?? DEFAULT_COMPANY_ID;
}

/**
 * The company whose public data a read shows: the `company_id` the page named, else a logged-in
 * caller's own company, else the default company. Only for reads of what any anonymous visitor may
 * read of any company anyway (the catalogue, reviews, a company's microsite), so a member can open
 * another company's microsite and its goods. Writes and a member's own data use `companyOf`.
 */
export function publicReadCompanyOf(request: { caller: Caller | null }, given?: number): number {
  return given ?? request.caller?.companyId ?? DEFAULT_COMPANY_ID;
}
