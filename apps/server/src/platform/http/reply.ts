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

/** The caller of a route that declared `login` or `permission` (the auth hook guarantees it). */
export function callerOf(request: { caller: Caller | null }): Caller {
  if (!request.caller) throw new AppError('NOT_LOGGED_IN');
  return request.caller;
}
