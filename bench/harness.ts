// What the HTTP benchmarks share: a child process serving the real app, and interleaved rounds of
// autocannon against several targets with the medians of each.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const CONNECTIONS = 50;

/** Starts `script` (a *-serve.ts beside this file, with `env` added) and waits for the JSON line it prints when ready. */
export async function startServer<T extends { port: number }>(
  script: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ ready: T; server: ChildProcess }> {
  // BENCH_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, profiles the server.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  const ready = await new Promise<T>((resolve, reject) => {
    createInterface({ input: server.stdout }).once('line', (line) => resolve(JSON.parse(line)));
    server.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return { ready, server };
}

export interface Target {
  title: string;
  opts: Partial<autocannon.Options>;
}

export interface Measured {
  title: string;
  rps: number;
  p50: number;
  p99: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function run(t: Target, duration: number) {
  const r = await autocannon({ connections: CONNECTIONS, duration, ...(t.opts as autocannon.Options) });
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) throw new Error(`${t.title}: ${bad} failed requests — the measurement is void`);
  // The requests in flight when the run stopped are still being served: wait for them (the health
  // route answers after them), so that the next target's round does not pay for this one's.
  if (t.opts.url) await fetch(new URL('/api/health', t.opts.url));
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/**
 * A 2 s warm-up of each target, then ROUNDS rounds of SECONDS each in turn, so a slow moment of
 * this shared machine does not land on one target only. Answers the medians per target.
 */
export async function measure(targets: Target[]): Promise<Measured[]> {
  for (const t of targets) await run(t, 2);
  const runs = targets.map(() => [] as Awaited<ReturnType<typeof run>>[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) runs[i]?.push(await run(t, SECONDS));
  }
  return targets.map((t, i) => {
    const r = runs[i] ?? [];
    return {
      title: t.title,
      rps: median(r.map((x) => x.rps)),
      p50: median(r.map((x) => x.p50)),
      p99: median(r.map((x) => x.p99)),
    };
  });
}

export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The table of medians, each rate as a share of the first target's (the no-database route). */
export function report(header: string, results: Measured[]) {
  const reference = results[0]?.rps || 1;
  console.log(
    `\n${header}; ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s; medians`,
  );
  console.table(
    results.map((r) => ({
      route: r.title,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'ratio to no-db': pct(r.rps / reference),
    })),
  );
}
