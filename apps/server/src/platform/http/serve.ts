import { type Call, envelope } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Caller } from '../auth/session-user.ts';
import type { UploadSpec } from './multipart.ts';
import { type App, callerOf, ok } from './reply.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a file or a page on success (`Call.file`), the envelope on a refusal. */
    file?: true;
  }
}

/** The caller a handler gets: always there unless the call is public. */
type CallerOf<C extends Call> = C['access'] extends { public: true } ? Caller | null : Caller;

export interface CallContext<C extends Call> {
  /** The parsed input: the query of a GET, the body of a POST. */
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

/**
 * Serves a declared call (packages/contract `defineCall`): path, method, schemas, access and
 * OpenAPI summary come from the declaration; the handler gets the parsed input and the caller and
 * answers the envelope's `d`. A handler that has sent the reply itself (a pre-serialized page)
 * answers `reply`.
 */
export function serve<C extends Call>(
  app: App,
  call: C,
  handler: (ctx: CallContext<C>) => Promise<z.input<C['output']> | FastifyReply>,
  options: ServeOptions = {},
) {
  const isPublic = 'public' in call.access;
  app.route({
    method: call.method,
    url: call.path,
    ...(options.bodyLimit !== undefined && { bodyLimit: options.bodyLimit }),
    config: {
      access: call.access,
      ...(call.file && { file: true }),
      ...(options.upload && { upload: options.upload }),
    },
    schema: {
      tags: [...call.tags],
      summary: call.summary,
      ...(call.method === 'GET' ? { querystring: call.input } : { body: call.input }),
      response: { 200: envelope(call.output) },
    },
    handler: async (request, reply) => {
      const caller = (isPublic ? request.caller : callerOf(request)) as CallerOf<C>;
      const input = (call.method === 'GET' ? request.query : request.body) as z.output<C['input']>;
      const out = await handler({ input, caller, request, reply });
      // A handler that sent the reply itself answers `reply`, a thenable that the await above has
      // already followed to the end of the response (so `out` is undefined): answer nothing more.
      return out === reply || reply.sent ? reply : ok(out);
    },
  });
}
