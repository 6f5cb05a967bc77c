import { type CodeName, Codes, type ConsoleCodeName, ConsoleCodes } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '#server/platform/core/errors.ts';
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

/** The console refusal a portal code stands for (ADR 0034); a code not here is a rule's: 400. */
const CONSOLE_CODE: Partial<Record<CodeName, ConsoleCodeName>> = {
  PARAM_ERROR: 'INVALID',
  NOT_LOGGED_IN: 'AUTH_FAIL',
  TOKEN_REQUIRED: 'AUTH_FAIL',
  FORBIDDEN: 'PERMISSION_DENIED',
  NOT_FOUND: 'NOT_FOUND',
  ROUTE_NOT_FOUND: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  SERVER_ERROR: 'SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};
const NAME_OF = new Map(Object.entries(Codes).map(([name, code]) => [code.c as number, name as CodeName]));

/**
 * The one place a console refusal is decided (ADR 0034), whoever refuses — the access check, a
 * rule, the framework, a fault: the HTTP status and body of `ConsoleCodes`; `{field: [msg]}` for a
 * 400 that names a field; a rule's own code (not in the table) 400 `{code: 'BRAND_NAME_TAKEN',
 * msg}`. The message is the refusal's own when it was given one (单位不存在), else the table's.
 */
function consoleRefusal(reply: FastifyReply, name: CodeName, message?: string, field?: string) {
  const known = CONSOLE_CODE[name];
  const def = known ? ConsoleCodes[known] : undefined;
  const status = def?.status ?? 400;
  const msg = message && message !== Codes[name].m ? message : (def?.msg ?? message ?? Codes[name].m);
  if (field && status === 400) return json(reply, status, { [field]: [msg] });
  return json(reply, status, { code: def?.code ?? name, msg });
}

const consoleForm = (reply: FastifyReply, error: AppError) =>
  consoleRefusal(reply, NAME_OF.get(error.c) ?? 'PARAM_ERROR', error.message, error.field);

/**
 * Framework-level client errors (malformed JSON or URL, too large, wrong media type, …) in the
 * caller's envelope. Also Fastify's `frameworkErrors`, which answer before any route is found.
 */
export function clientError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const name: CodeName =
    status === 413
      ? 'PAYLOAD_TOO_LARGE'
      : status === 415
        ? 'UNSUPPORTED_MEDIA'
        : status === 429
          ? 'TOO_MANY_REQUESTS'
          : 'PARAM_ERROR';
  const message = name === 'PARAM_ERROR' ? '参数格式不正确' : Codes[name].m;
  request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
  if (isConsole(request)) return consoleRefusal(reply, name, message);
  return portal(reply, Codes[name].c, message);
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
      if (isConsole(request)) return consoleRefusal(reply, 'SERVICE_UNAVAILABLE');
      return portal(reply, c, m, undefined, 503);
    }

    request.log.error({ err: error }, 'unhandled error');
    if (isConsole(request)) return consoleRefusal(reply, 'SERVER_ERROR');
    return portal(reply, Codes.SERVER_ERROR.c, Codes.SERVER_ERROR.m, undefined, 500);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isConsole(request)) return consoleRefusal(reply, 'ROUTE_NOT_FOUND');
    return json(reply, 404, { c: Codes.ROUTE_NOT_FOUND.c, m: Codes.ROUTE_NOT_FOUND.m });
  });
}
