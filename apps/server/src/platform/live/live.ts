import { Codes } from '@portal/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Caller } from '../auth/session-user.ts';
import { AppError } from '../core/errors.ts';
import type { LiveAck, LiveHandler, LiveHub } from './live-hub.ts';

/** Where the browser opens its socket: under /api, so a proxy that routes the API routes it too. */
export const LIVE_PATH = '/api/live';
/** The largest frame a client may send; a bigger one closes its connection. */
export const LIVE_MAX_FRAME = 8 * 1024;

/**
 * Live messages to open pages (issue 37, ADR 0043): a socket.io server on the app's HTTP server at
 * LIVE_PATH. A socket is a logged-in user's: the handshake carries the session token (`auth.token`,
 * as calls carry it in a header — a cookie alone, which another site's page would send, opens
 * nothing). Modules handle client events (`on`) and send to rooms (`to`).
 *
 * - One process: socket.io's in-memory adapter.
 * - With `REDIS_URL`: @socket.io/redis-adapter (Redis pub/sub, ioredis), so a message sent in one
 *   process reaches the room's sockets in every process. What is sent is not kept here: modules
 *   store what must not be lost first, and a client catches up from the store (by sequence).
 */
export function liveHub(
  app: FastifyInstance,
  options: { redisUrl?: string | undefined; prefix: string; recheckMs: number; warn: (err: unknown) => void },
): LiveHub {
  const handlers = new Map<string, LiveHandler>();
  const io = new Server(app.server, {
    path: LIVE_PATH,
    serveClient: false,
    maxHttpBufferSize: LIVE_MAX_FRAME,
    // Same origin only: the web is served by this server (a dev server proxies /api).
    cors: { origin: false },
  });
  const clients: Redis[] = [];
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on('error', options.warn);
    clients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: `${options.prefix}:live` }));
  }

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const caller =
      typeof token === 'string' && token.length > 0 && token.length <= 200
        ? await app.callerOf(token, socket.handshake.address).catch(() => null)
        : null;
    if (!caller) return next(new Error('未登录或登录已过期'));
    socket.data.caller = caller;
    socket.data.token = token;
    next();
  });

  io.on('connection', (socket) => {
    const caller = socket.data.caller as Caller;
    // The session is checked again every `recheckMs`: a logout, a disabled account or an expired
    // session closes the socket (the page then fails to connect again and asks for a login).
    const recheck = setInterval(() => {
      app.callerOf(socket.data.token as string, socket.handshake.address).then(
        (still) => {
          if (!still) socket.disconnect(true);
        },
        (err: unknown) => options.warn(err),
      );
    }, options.recheckMs);
    socket.on('disconnect', () => clearInterval(recheck));
    for (const [event, handler] of handlers)
      socket.on(event, (payload: unknown, ack?: unknown) => {
        const answer: LiveAck = typeof ack === 'function' ? (ack as LiveAck) : () => {};
        handler(caller, payload, socket, answer).catch((err: unknown) => {
          if (err instanceof AppError) answer({ c: err.c, m: err.message });
          else {
            options.warn(err);
            answer({ c: Codes.SERVER_ERROR.c, m: Codes.SERVER_ERROR.m });
          }
        });
      });
  });

  // The server is closing: drop every socket (the browser connects again, to another process).
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    for (const c of clients) c.disconnect();
  });

  return {
    on(event, handler) {
      handlers.set(event, handler);
    },
    to(room, event, data) {
      io.to(room).emit(event, data);
    },
  };
}
