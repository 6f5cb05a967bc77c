/**
 * A handled failure: a portal call's `{c, m, field?}`, or a console call's refusal (ADR 0034),
 * where `c` is the HTTP status, `code` the body's (`AUTH_FAIL`, …) and `field` the first field
 * named by a field error.
 */
export class ApiError extends Error {
  readonly c: number;
  readonly m: string;
  readonly field: string | undefined;
  readonly code: string | undefined;

  constructor(c: number, m: string, field?: string, code?: string) {
    super(m);
    this.name = 'ApiError';
    this.c = c;
    this.m = m;
    this.field = field;
    this.code = code;
  }
}

/** The call never got a usable answer (network down, aborted, not JSON). Never shown to the user. */
export class TransportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransportError';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
