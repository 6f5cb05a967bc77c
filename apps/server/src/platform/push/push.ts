import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * What a module tells the open pages of one company at once (issue 35: 新订单 in the back office):
 * a message is published after the commit of what it tells and reaches every listener of that
 * company and topic in every server process.
 *
 * - Without Redis (`REDIS_URL` unset: one process) the messages stay in this process.
 * - With Redis, Redis pub/sub carries them (ioredis, the client the limits and jobs already use):
 *   one channel `<prefix>:push`, a publishing connection and a subscribing one per process; this
 *   process's own messages come back through the channel like everyone else's. When Redis does not
 *   take a message (it is away), this process's listeners still get it and the failure is logged —
 *   a page on another process then learns of it at its next reload or poll.
 *
 * Nothing is kept: a listener that was not connected when a message went out never sees it (the
 * pages reload what they show when they connect again).
 */
export interface PushHub {
  publish(topic: string, companyId: number, data: unknown): void;
  /** Listens to a company's messages of a topic; answers the function that stops listening. */
  subscribe(topic: string, companyId: number, listener: (data: unknown) => void): () => void;
  /** Resolves once the hub receives what is published (Redis: subscribed). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface Envelope {
  topic: string;
  companyId: number;
  data: unknown;
}

const keyOf = (topic: string, companyId: number) => `${topic}:${companyId}`;

function localEmitter() {
  const emitter = new EventEmitter();
  // One listener per open page of the company: no leak warning for a busy back office.
  emitter.setMaxListeners(0);
  return {
    emit: (m: Envelope) => emitter.emit(keyOf(m.topic, m.companyId), m.data),
    subscribe(topic: string, companyId: number, listener: (data: unknown) => void) {
      const key = keyOf(topic, companyId);
      emitter.on(key, listener);
      return () => {
        emitter.off(key, listener);
      };
    },
  };
}

/** In this process only (no Redis). */
export function localPushHub(): PushHub {
  const local = localEmitter();
  return {
    publish: (topic, companyId, data) => local.emit({ topic, companyId, data }),
    subscribe: local.subscribe,
    ready: async () => {},
    close: async () => {},
  };
}

/** Across processes through Redis pub/sub on `<prefix>:push`. */
export function redisPushHub(url: string, prefix: string, warn: (err: unknown) => void = () => {}): PushHub {
  const channel = `${prefix}:push`;
  const local = localEmitter();
  // The publisher fails fast while Redis is away (the message then stays in this process); the
  // subscriber keeps reconnecting and subscribes again by itself (ioredis autoResubscribe).
  const publisher = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  publisher.on('error', warn);
  subscriber.on('error', warn);
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const m = JSON.parse(text) as Envelope;
      if (typeof m.topic === 'string' && Number.isInteger(m.companyId)) local.emit(m);
    } catch (err) {
      warn(err);
    }
  });
  const subscribed = subscriber.subscribe(channel).then(() => undefined);
  subscribed.catch(warn);
  return {
    publish(topic, companyId, data) {
      const m: Envelope = { topic, companyId, data };
      publisher.publish(channel, JSON.stringify(m)).catch((err: unknown) => {
        warn(err);
        local.emit(m);
      });
    },
    subscribe: local.subscribe,
    ready: () => subscribed,
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
