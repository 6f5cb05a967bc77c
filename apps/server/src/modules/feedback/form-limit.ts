import { PUBLIC_FORM_LIMIT } from '@portal/contract';
import { AppError } from '../../platform/http/errors.ts';
import { LoginLimiter } from '../account/login-limiter.ts';

export type PublicForm = 'supplier' | 'opinion' | 'message';

/** Throws 21002 when `ip` already sent `form` too often; otherwise counts this submission. */
export type FormLimit = (form: PublicForm, ip: string) => void;

/** What a visitor's submission must pass before it is stored: an active company, then the limit. */
export type FormGate = (form: PublicForm, ip: string, companyId: number) => Promise<void>;

/**
 * Per IP and form, `PUBLIC_FORM_LIMIT.max` submissions per window. Reuses the login limiter's
 * in-process fixed windows (a submission is counted where a login counts a failure; the key is
 * form + IP, the limiter's own per-IP bound is switched off). Like logins, each server process
 * counts on its own (ADR 0004).
 */
export function formLimit(
  limiter = new LoginLimiter({
    maxFailuresPerAccount: PUBLIC_FORM_LIMIT.max,
    maxFailuresPerIp: Number.POSITIVE_INFINITY,
    windowMs: PUBLIC_FORM_LIMIT.windowMinutes * 60_000,
  }),
): FormLimit {
  return (form, ip) => {
    const key = `${form}:${ip}`;
    if (limiter.isLocked(key, ip)) throw new AppError('FEEDBACK_TOO_FREQUENT');
    limiter.recordFailure(key, ip);
  };
}
