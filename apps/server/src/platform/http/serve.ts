import { type Call, type CallFamily, envelope, fillPath, inputInQuery, pathParams } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../auth/session-user.ts';
import { refuseNul } from './body-guards.ts';
import type { UploadSpec } from './multipart.ts';
import { type App, callerOf, ok } from './reply.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a file or a page on success (`Call.file`), the envelope on a refusal. */
    file?: true;
    /** The reply family (`Call.family`): which form the error handler answers a refusal in. */
    family?: CallFamily;
  }
}

/** The caller a handler gets: always there unless the call is public. */
type CallerOf<C extends Call> = C['access'] extends { public: true } ? Caller | null : Caller;

export interface CallContext<C extends Call> {
  /** The parsed input: the path parameters with the query (GET, DELETE) or the body. */
  input: z.output<C['input']>;
  caller: CallerOf<C>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface ServeOptions {
  /** The route's byte budget when it is not the default (platform/http/body-guards.ts). */
  bodyLimit?: number;
  /** Files this route accepts (platform/http/multipart.ts); none without it. */
  upload?: UploadSpec;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Serves a declared call (packages/contract `defineCall`): path, method, schemas, access, reply
 * family and OpenAPI summary come from the declaration; the handler gets the parsed input and the
 * caller and answers the output (the envelope's `d`, or a console call's body). A handler that has
 * sent the reply itself (a pre-serialized page) answers `reply`.
 *
 * Path parameters (`{bid}` in the declared path, `:bid` for Fastify) are documented and checked as
 * such, refused holding a NUL byte as the body and query are (body-guards.ts), then laid over the
 * query or body before it is validated, so the input schema checks them with the rest (its
 * object-wide rules too) and the handler gets one input; the path's value wins.
 */
export function serve<C extends Call>(
  app: App,
  call: C,
  handler: (ctx: CallContext<C>) => Promise<z.input<C['output']> | FastifyReply>,
  options: ServeOptions = {},
) {
  const isPublic = 'public' in call.access;
  const inQuery = inputInQuery(call.method);
  const params = pathParams(call.path);
  const shape = (call.input as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const family = call.family ?? 'portal';
  const status = call.status ?? 200;
  app.route({
    method: call.method,
    url: fillPath(call.path, (name) => `:${name}`),
    ...(options.bodyLimit !== undefined && { bodyLimit: options.bodyLimit }),
    config: {
      access: call.access,
      ...(family === 'console' && { family }),
      ...(call.file && { file: true }),
      ...(options.upload && { upload: options.upload }),
    },
    schema: {
      tags: [...call.tags],
      summary: call.summary,
      ...(params.length > 0 && {
        params: z.object(Object.fromEntries(params.map((p) => [p, shape[p] as z.ZodType])), {
          error: '参数格式不正确',
        }),
      }),
      ...(inQuery ? { querystring: call.input } : { body: call.input }),
      response:
        family === 'portal'
          ? { 200: envelope(call.output) }
          : status === 204
            ? {}
            : { [status]: call.output },
    },
    ...(params.length > 0 && {
      preValidation: async (request: FastifyRequest) => {
        const from = request.params as Record<string, string>;
        const taken = Object.fromEntries(params.map((p) => [p, from[p]]));
        refuseNul(taken);
        if (inQuery) request.query = { ...(request.query as object), ...taken };
        else if (isRecord(request.body)) request.body = { ...request.body, ...taken };
      },
    }),
    handler: async (request, reply) => {
      const caller = (isPublic ? request.caller : callerOf(request)) as CallerOf<C>;
      const input = (inQuery ? request.query : request.body) as z.output<C['input']>;
      const out = await handler({ input, caller, request, reply });
      // A handler that sent the reply itself answers `reply`, a thenable that the await above has
      // already followed to the end of the response (so `out` is undefined): answer nothing more.
      if (out === reply || reply.sent) return reply;
      if (family === 'portal') return ok(out);
      (reply as FastifyReply).code(status);
      return status === 204 ? reply.send() : out;
    },
  });
}
