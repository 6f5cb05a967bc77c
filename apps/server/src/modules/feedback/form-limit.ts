import { PUBLIC_FORM_LIMIT } from '@portal/contract';
import { AppError } from '../../platform/http/errors.ts';
import { type CallLimit, callLimit } from '../../platform/http/rate-limit.ts';

export type PublicForm = 'supplier' | 'opinion' | 'message';

/** Throws 21002 when `ip` already sent `form` too often; otherwise counts this submission. */
export type FormLimit = (form: PublicForm, ip: string) => void;

/** What a visitor's submission must pass before it is stored: an active company, then the limit. */
export type FormGate = (form: PublicForm, ip: string, companyId: number) => Promise<void>;

/**
 * Per IP and form, `PUBLIC_FORM_LIMIT.max` submissions per window (in-process fixed windows: each
 * server process counts on its own, ADR 0004).
 */
export function formLimit(
  limit: CallLimit = callLimit({
    max: PUBLIC_FORM_LIMIT.max,
    windowMs: PUBLIC_FORM_LIMIT.windowMinutes * 60_000,
  }),
): FormLimit {
  return (form, ip) => {
    if (!limit(`${form}:${ip}`)) throw new AppError('FEEDBACK_TOO_FREQUENT');
  };
}
