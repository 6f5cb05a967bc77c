// Issue 37's live-messages budget, in one run: 50 businesses × 10 members connected over the live
// socket (socket.io, ADR 0043), each member sending a text every few seconds; push-to-delivery
// latency at every member (from just before the sender's POST /business/message/push to the
// message's being applied on each member's socket, all measured in this process), p50 and p99, and
// every message applied at every member once and in order — as the page applies them: by number,
// one that arrives before an earlier one (two processes' sends crossing) waiting for it:
//   1. one server process on PostgreSQL (socket.io's in-memory adapter);
//   2. two server processes on the same PostgreSQL and Redis (@socket.io/redis-adapter), each
//      member connected to one of them and sending through the other.
// Target: p99 under 100 ms, nothing lost or reordered.
//
//   npm run live -w @portal/bench   (BENCH_SECONDS=20, BENCH_INTERVAL_MS=3000; needs PostgreSQL at
//   BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres, and Redis at BENCH_REDIS_URL)
import type { ChildProcess } from 'node:child_process';
import { type BusinessMessage, LIVE_EVENTS } from '@portal/contract';
import { io, type Socket } from 'socket.io-client';
import { startServer } from './harness.ts';
import { throwAwayDatabase } from './pg-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const INTERVAL = Number(process.env.BENCH_INTERVAL_MS ?? 3000);
const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Seeded {
  port: number;
  businesses: { id: number; node: number; members: { seat: number; token: string }[] }[];
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/** Connects every member (to `ports[i % n]`), runs the load for SECONDS and measures. */
async function load(label: string, ports: number[], businesses: Seeded['businesses']) {
  const sockets: Socket[] = [];
  const latencies: number[] = [];
  const sentAt = new Map<string, number>();
  const sentSeqs = new Map<number, number[]>();
  let reordered = 0;
  let failed = 0;
  const received: { business: number; seqs: number[]; next: number; held: Map<number, BusinessMessage> }[] =
    [];
  let k = 0;
  for (const b of businesses) {
    for (const m of b.members) {
      const port = ports[k++ % ports.length] as number;
      const socket = io(`http://127.0.0.1:${port}`, {
        path: '/api/live',
        transports: ['websocket'],
        auth: { token: m.token },
        forceNew: true,
      });
      // As the page does (useLiveMessages): messages are applied by number; one that arrives before
      // an earlier one waits for it. Latency is taken when a message is applied.
      const mine = {
        business: b.id,
        seqs: [] as number[],
        next: 0,
        held: new Map<number, BusinessMessage>(),
      };
      received.push(mine);
      socket.on(LIVE_EVENTS.message, (msg: BusinessMessage) => {
        if (msg.seq < mine.next || mine.held.has(msg.seq)) return;
        if (msg.seq > mine.next) reordered++;
        mine.held.set(msg.seq, msg);
        const at = performance.now();
        for (let m = mine.held.get(mine.next); m; m = mine.held.get(mine.next)) {
          mine.held.delete(mine.next);
          const t = sentAt.get(m.msg);
          if (t !== undefined) latencies.push(at - t);
          mine.seqs.push(m.seq);
          mine.next += 1;
        }
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const joined = (await socket.timeout(10_000).emitWithAck(LIVE_EVENTS.join, {
        business_id: b.id,
        after_seq: 2_000_000_000,
      })) as { c: number; m?: string; d?: { last_seq: number } };
      if (joined.c !== 0) throw new Error(`join: ${joined.m}`);
      mine.next = (joined.d?.last_seq ?? 0) + 1;
      sockets.push(socket);
    }
  }
  const until = performance.now() + SECONDS * 1000;
  let n = 0;
  const senders = businesses.flatMap((b) =>
    b.members.map(async (m, i) => {
      // Each member on a port other than its socket's when there are two: a send crosses processes.
      const port = ports[(k + i + 1) % ports.length] as number;
      await new Promise((r) => setTimeout(r, Math.random() * INTERVAL));
      while (performance.now() < until) {
        const text = `${label}-${b.id}-${m.seat}-${n++}`;
        sentAt.set(text, performance.now());
        const res = await fetch(`http://127.0.0.1:${port}/api/business/message/push`, {
          method: 'POST',
          headers: { authorization: `Token ${m.token}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            business_id: String(b.id),
            node_id: String(b.node),
            role_alloc_id: String(m.seat),
            type: 'txt',
            msg: text,
          }).toString(),
        });
        const body = (await res.json()) as { c: number; d?: BusinessMessage };
        if (body.c !== 0 || !body.d) failed++;
        else sentSeqs.set(b.id, [...(sentSeqs.get(b.id) ?? []), body.d.seq]);
        await new Promise((r) => setTimeout(r, INTERVAL * (0.8 + Math.random() * 0.4)));
      }
    }),
  );
  await Promise.all(senders);
  // Let the last messages arrive (a message not there after 2 s counts as lost).
  await new Promise((r) => setTimeout(r, 2000));
  let lost = 0;
  for (const r of received) {
    const got = new Set(r.seqs);
    for (const s of sentSeqs.get(r.business) ?? []) if (!got.has(s)) lost++;
  }
  const waiting = received.reduce((x, r) => x + r.held.size, 0);
  for (const s of sockets) s.close();
  const sent = [...sentSeqs.values()].reduce((x, s) => x + s.length, 0);
  return {
    label,
    members: sockets.length,
    sent,
    deliveries: latencies.length,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    max: pct(latencies, 100),
    lost,
    'arrived early': reordered,
    'never applied': waiting,
    failed,
  };
}

const stop = (c: ChildProcess) => new Promise((r) => c.once('exit', r).kill('SIGTERM'));

const pg = await throwAwayDatabase(PG, `portal_bench_live_${process.pid}`, 'the benchmark needs PostgreSQL');
if (!pg) process.exit(0);
const prefix = `portal-bench-live-${process.pid}`;
const results = [];
try {
  const one = await startServer<Seeded>('live-serve.ts', { DATABASE_URL: pg.url, BENCH_SEED: '1' });
  const { businesses } = one.ready;
  console.log(`seeded ${businesses.length} businesses × ${businesses[0]?.members.length} members`);
  results.push(await load('one process', [one.ready.port], businesses));
  await stop(one.server);
  const env = { DATABASE_URL: pg.url, REDIS_URL: REDIS, JOBS_PREFIX: prefix };
  const [a, b] = await Promise.all([
    startServer<Seeded>('live-serve.ts', env),
    startServer<Seeded>('live-serve.ts', env),
  ]);
  results.push(await load('two processes + Redis', [a.ready.port, b.ready.port], businesses));
  await Promise.all([stop(a.server), stop(b.server)]);
} finally {
  await pg.drop();
}
console.table(
  results.map((r) => ({
    ...r,
    p50: `${r.p50.toFixed(1)} ms`,
    p99: `${r.p99.toFixed(1)} ms`,
    max: `${r.max.toFixed(1)} ms`,
  })),
);
const ratio = (results[1]?.p99 ?? 0) / (results[0]?.p99 || 1);
console.log(
  `p99 two processes / one process: ${ratio.toFixed(2)}; target p99 < 100 ms, nothing lost or reordered`,
);
