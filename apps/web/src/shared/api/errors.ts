/** A handled failure answered by the server as `{c, m, field?}`. */
export class ApiError extends Error {
  readonly c: number;
  readonly m: string;
  readonly field: string | undefined;

  constructor(c: number, m: string, field?: string) {
    super(m);
    this.name = 'ApiError';
    this.c = c;
    this.m = m;
    this.field = field;
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
