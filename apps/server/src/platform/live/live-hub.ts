import type { Caller } from '../auth/session-user.ts';

/** Answers a client's request (socket.io acknowledgement): the envelope's shape, `{c: 0, d}` or `{c, m}`. */
export type LiveAck = (reply: { c: number; m?: string; d?: unknown }) => void;

/** The one open socket a client event came on: the rooms it is in. */
export interface LiveSocket {
  join(room: string): Promise<void> | void;
  leave(room: string): Promise<void> | void;
}

/** A client event's handler: a refusal is thrown as an AppError and answered to the client. */
export type LiveHandler = (
  caller: Caller,
  payload: unknown,
  socket: LiveSocket,
  ack: LiveAck,
) => Promise<void>;

/**
 * What modules see of the live socket (platform/live/live.ts): they handle client events and send
 * to rooms, in every process. No HTTP types: services use it.
 */
export interface LiveHub {
  /** Handles a client event on every socket (registered before the server listens). */
  on(event: string, handler: LiveHandler): void;
  /** Sends an event to a room's sockets in every process. */
  to(room: string, event: string, data: unknown): void;
}
