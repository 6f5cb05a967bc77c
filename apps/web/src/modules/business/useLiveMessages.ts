import { type BusinessMessage, LIVE_EVENTS } from '@portal/contract';
import { businessMessageCalls } from '@portal/contract/calls';
import { useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import { api } from '#web/shared/api/client.ts';
import { getToken } from '#web/shared/session.ts';

/** Where the server's live socket is (apps/server platform/live/live.ts LIVE_PATH). */
const LIVE_PATH = '/api/live';

export type LiveState = 'connecting' | 'live' | 'offline' | 'refused';

/**
 * A running business's messages, live (ADR 0043): the page joins the business on the socket and
 * is answered what it missed; every message after that arrives as it is sent. Messages are kept by
 * number — a duplicate is dropped, a gap (the socket was away, two processes' sends crossed) is
 * read again from `/business/messages` — so the list is always in order and whole. socket.io's
 * client reconnects by itself; each connection joins again from the last number it has. The
 * commands not seen before (a node ended, an item read) are handed to `onCommands`, those of one
 * batch at once: the page reads again what they changed (useBusinessRun.ts `heardKeys`).
 */
export function useLiveMessages(
  businessId: number,
  enabled: boolean,
  onCommands?: (commands: readonly BusinessMessage[]) => void,
) {
  const [messages, setMessages] = useState<BusinessMessage[]>([]);
  const commanded = useRef(onCommands);
  commanded.current = onCommands;
  const [state, setState] = useState<LiveState>('connecting');
  /** Why the server refused to join the business (a refused page does not retry by itself). */
  const [reason, setReason] = useState('');
  const [attempt, setAttempt] = useState(0);
  const kept = useRef(new Map<number, BusinessMessage>());
  const last = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry: a new connection.
  useEffect(() => {
    if (!enabled) return;
    kept.current = new Map();
    last.current = 0;
    setMessages([]);
    let reading = false;
    const publish = () => setMessages([...kept.current.values()].sort((a, b) => a.seq - b.seq));
    /** Keeps what came; reads again what is missing before the highest number seen. */
    const take = (list: readonly BusinessMessage[]) => {
      const commands: BusinessMessage[] = [];
      for (const m of list) {
        if (m.type === 'cmd' && !kept.current.has(m.seq)) commands.push(m);
        kept.current.set(m.seq, m);
      }
      // Commands changed the business (a node ended): the page reads it again, once per batch.
      if (commands.length > 0) commanded.current?.(commands);
      while (kept.current.has(last.current + 1)) last.current += 1;
      publish();
      const highest = Math.max(0, ...kept.current.keys());
      if (highest > last.current && !reading) {
        reading = true;
        api
          .call(businessMessageCalls.list, { business_id: businessId, after_seq: last.current })
          .then((r) => {
            reading = false;
            take(r.results);
          })
          .catch(() => {
            reading = false;
          });
      }
    };
    const socket = io({
      path: LIVE_PATH,
      transports: ['websocket'],
      auth: (cb) => cb({ token: getToken() ?? '' }),
    });
    socket.on('connect', () => {
      socket.emit(
        LIVE_EVENTS.join,
        { business_id: businessId, after_seq: last.current },
        (reply: { c: number; m?: string; d?: { messages: BusinessMessage[] } }) => {
          if (reply.c !== 0) {
            // Refused (the member was taken off, the business deleted): say why, do not rejoin.
            setReason(reply.m ?? '');
            setState('refused');
            socket.close();
            return;
          }
          setReason('');
          setState('live');
          take(reply.d?.messages ?? []);
        },
      );
    });
    socket.on('disconnect', () => setState('connecting'));
    socket.on('connect_error', () => setState('offline'));
    socket.on(LIVE_EVENTS.message, (m: BusinessMessage) => take([m]));
    return () => {
      socket.close();
    };
  }, [businessId, enabled, attempt]);

  return { messages, state, reason, retry: () => setAttempt((n) => n + 1) };
}
