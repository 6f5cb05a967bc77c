import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/platform/core/errors.ts';

/** Bytes a request body may have unless its route says otherwise (JSON, form and multipart alike; ADR 0010). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Whether a string anywhere in a parsed body or query holds a NUL byte. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const v of Array.isArray(value) ? value : Object.values(value))
    if (holdsNul(v, depth + 1)) return true;
  return false;
}

/**
 * Refuses input holding a NUL byte (no field needs one; PostgreSQL refuses them in text): every
 * route's body and query here, a declared call's path parameters where `serve` takes them as input.
 */
export function refuseNul(...inputs: unknown[]) {
  if (inputs.some((input) => holdsNul(input))) throw new AppError('PARAM_ERROR', '参数包含非法字符');
}

/**
 * What every route's input passes before its schema (ADR 0010): a compressed body is refused, never
 * read as plain; a missing body is an empty form, so it gets the field's message; a NUL byte in any
 * value is refused (no field needs one; PostgreSQL refuses them in text).
 */
export function registerBodyGuards(app: FastifyInstance) {
  app.addHook('preParsing', async (request) => {
    const encoding = request.headers['content-encoding'];
    if (request.method === 'GET' || request.method === 'HEAD' || encoding === undefined) return;
    if (encoding.trim().toLowerCase() !== 'identity') {
      throw new AppError('UNSUPPORTED_MEDIA', '不支持压缩的提交内容');
    }
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
    // Path parameters are not checked here: a declared call's are input, checked where `serve`
    // takes them (http/serve.ts); the web app's catch-all `/*` is a file path (a NUL there is 404).
    refuseNul(request.body, request.query);
  });
}
