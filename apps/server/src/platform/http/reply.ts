import type { Readable } from 'node:stream';
import { DEFAULT_COMPANY_ID } from '@portal/contract';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Caller } from '../auth/session-user.ts';
import { AppError } from '../core/errors.ts';
import { XLSX_MIME } from '../excel/index.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A file to download as `filename`, never cached. */
export function sendDownload(reply: FastifyReply, filename: string, mime: string, body: Buffer | Readable) {
  return reply
    .header('content-type', mime)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** An .xlsx reply: a download, never cached. */
export const sendXlsx = (reply: FastifyReply, filename: string, body: Buffer | Readable) =>
  sendDownload(reply, filename, XLSX_MIME, body);

/** The portal success envelope. */
export const ok = <T>(d: T) => ({ c: 0 as const, d });

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
