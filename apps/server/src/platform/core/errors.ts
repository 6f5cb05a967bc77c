import { type CodeName, Codes } from '@portal/contract';

/** A handled portal failure: answered as `{c, m}` with HTTP 200. */
export class AppError extends Error {
  readonly c: number;
  readonly field: string | undefined;
  constructor(code: CodeName, message?: string, field?: string) {
    const def = Codes[code];
    super(message ?? def.m);
    this.c = def.c;
    this.field = field;
  }
}

/**
 * The refusal of a company that does not exist or is disabled, where a call names one (the
 * visitor forms, registration, the public reads served from per-company caches).
 */
export const companyMissing = () => new AppError('NOT_FOUND', '单位不存在', 'company_id');
