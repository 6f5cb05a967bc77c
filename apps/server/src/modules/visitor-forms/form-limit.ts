import { PUBLIC_FORM_LIMIT } from '@portal/contract';
import { AppError } from '#server/platform/core/errors.ts';
import type { Counters } from '#server/platform/limits/counters.ts';
import { callLimit } from '#server/platform/limits/rate-limit.ts';

export type PublicForm = 'supplier' | 'opinion' | 'message' | 'product_plan' | 'venture_capital';

/** Throws 21002 when `ip` already sent `form` too often; otherwise counts this submission. */
export type FormLimit = (form: PublicForm, ip: string) => Promise<void>;

/** What a visitor's submission must pass before it is stored: an active company, then the limit. */
export type FormGate = (form: PublicForm, ip: string, companyId: number) => Promise<void>;

/** Per IP and form, `PUBLIC_FORM_LIMIT.max` submissions per window, in the shared counters (ADR 0010). */
export function formLimit(counters: Counters): FormLimit {
  const limit = callLimit(counters, {
    name: 'form',
    max: PUBLIC_FORM_LIMIT.max,
    windowMs: PUBLIC_FORM_LIMIT.windowMinutes * 60_000,
  });
  return async (form, ip) => {
    if (!(await limit(`${form}:${ip}`))) throw new AppError('FEEDBACK_TOO_FREQUENT');
  };
}
