import { type CodeName, Codes } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ConsoleError } from '#server/platform/core/errors.ts';
import { type Fault, faultLogMessage, faultOf } from '../db/faults.ts';

function isConsole(request: FastifyRequest) {
  return request.routeOptions?.config?.family === 'console' || request.url.startsWith('/api/v1/');
}

// Errors bypass the route's response serializer, which describes the success envelope only.
const plain = (payload: unknown) => JSON.stringify(payload);

/** Every error reply is JSON and says so. */
const json = (reply: FastifyReply, status: number, payload: unknown) =>
  reply.status(status).type('application/json; charset=utf-8').serializer(plain).send(payload);

function portal(reply: FastifyReply, c: number, m: string, field?: string, status = 200) {
  return json(reply, status, field ? { c, m, field } : { c, m });
}

/** A portal code's console form (ADR 0034): its HTTP status and the body's `code`. */
const CONSOLE_FORM: Partial<Record<CodeName, [status: number, code: string]>> = {
  PARAM_ERROR: [400, 'INVALID'],
  NOT_LOGGED_IN: [401, 'AUTH_FAIL'],
  TOKEN_REQUIRED: [401, 'AUTH_FAIL'],
  FORBIDDEN: [403, 'PERMISSION_DENIED'],
  NOT_FOUND: [404, 'NOT_FOUND'],
  ROUTE_NOT_FOUND: [404, 'NOT_FOUND'],
  PAYLOAD_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE'],
  UNSUPPORTED_MEDIA: [415, 'UNSUPPORTED_MEDIA'],
  TOO_MANY_REQUESTS: [429, 'TOO_MANY_REQUESTS'],
  SERVER_ERROR: [500, 'SERVER_ERROR'],
  SERVICE_UNAVAILABLE: [503, 'SERVICE_UNAVAILABLE'],
};
const NAME_OF = new Map(Object.entries(Codes).map(([name, code]) => [code.c as number, name as CodeName]));

/**
 * A portal refusal (an `AppError` of the platform or a rule) answered to a console call: the HTTP
 * status its code stands for, `{field: [m]}` when it names a field, else `{code, msg}` (a rule's
 * refusal: 400 with the code's name, `BRAND_NAME_TAKEN`).
 */
function consoleForm(reply: FastifyReply, error: AppError) {
  const name = NAME_OF.get(error.c);
  const [status, code] = (name && CONSOLE_FORM[name]) ?? [400, name ?? 'INVALID'];
  if (error.field && status === 400) return json(reply, status, { [error.field]: [error.message] });
  return json(reply, status, { code, msg: error.message });
}

/**
 * Framework-level client errors (malformed JSON or URL, too large, wrong media type, …) in the
 * caller's envelope. Also Fastify's `frameworkErrors`, which answer before any route is found.
 */
export function clientError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const code =
    status === 413
      ? Codes.PAYLOAD_TOO_LARGE
      : status === 415
        ? Codes.UNSUPPORTED_MEDIA
        : status === 429
          ? Codes.TOO_MANY_REQUESTS
          : Codes.PARAM_ERROR;
  request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
  if (isConsole(request)) return json(reply, status, { code: 'INVALID', msg: code.m });
  return portal(reply, code.c, code === Codes.PARAM_ERROR ? '参数格式不正确' : code.m);
}

/**
 * Logs a fault of the database or the disk for the operator, at most once per `everyMs` per kind
 * and cause with the number seen since (a database that is away fails every request). Per process.
 */
function faultLogger(everyMs = 10_000) {
  const last = new Map<string, { at: number; missed: number }>();
  return (request: FastifyRequest, fault: Fault, error: unknown) => {
    const key = `${fault.kind}:${fault.cause}`;
    const now = Date.now();
    const seen = last.get(key);
    if (seen && now - seen.at < everyMs) {
      seen.missed += 1;
      return;
    }
    last.set(key, { at: now, missed: 0 });
    const since = seen?.missed ? `（此前 ${Math.round(everyMs / 1000)} 秒内另有 ${seen.missed} 次）` : '';
    const level = fault.kind === 'storage_full' ? 'error' : 'warn';
    request.log[level]({ err: error, fault: fault.kind }, `${faultLogMessage(fault)}${since}`);
  };
}

/** One place that turns every failure into its envelope; unknown errors never leak internals. */
export function registerErrorHandler(app: FastifyInstance) {
  const logFault = faultLogger();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (isConsole(request)) return consoleForm(reply, error);
      return portal(reply, error.c, error.message, error.field);
    }
    if (error instanceof ConsoleError) return json(reply, error.status, error.body);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.split('/').filter(Boolean)[0];
      const message = first?.message ?? Codes.PARAM_ERROR.m;
      if (isConsole(request)) {
        return json(reply, 400, field ? { [field]: [message] } : { non_field_errors: [message] });
      }
      return portal(reply, Codes.PARAM_ERROR.c, message, field);
    }

    if ((error.statusCode ?? 500) < 500) return clientError(error, request, reply);

    // The database is away, the disk is full, a lock waited out: nothing was written; try later.
    const fault = faultOf(error);
    if (fault) {
      logFault(request, fault, error);
      reply.header('retry-after', '5');
      const { c, m } = Codes.SERVICE_UNAVAILABLE;
      if (isConsole(request)) return json(reply, 503, { code: 'SERVICE_UNAVAILABLE', msg: m });
      return portal(reply, c, m, undefined, 503);
    }

    request.log.error({ err: error }, 'unhandled error');
    if (isConsole(request)) return json(reply, 500, { code: 'SERVER_ERROR', msg: '请求错误' });
    return portal(reply, Codes.SERVER_ERROR.c, Codes.SERVER_ERROR.m, undefined, 500);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isConsole(request)) return json(reply, 404, { code: 'NOT_FOUND', msg: '未找到' });
    return json(reply, 404, { c: Codes.ROUTE_NOT_FOUND.c, m: Codes.ROUTE_NOT_FOUND.m });
  });
}
