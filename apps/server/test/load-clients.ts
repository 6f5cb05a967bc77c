/**
 * Clients of a real listening server (real-server.ts) for the import's load test
 * (import-load.test.ts) and benchmark (bench/import-load.bench.ts): calls over HTTP as a browser
 * makes them, closed loops of them that record every request's time, the goods import followed to
 * its end, and the latency figures of a window of time.
 */
import fs from 'node:fs';

/** The address a test member saves (`/consignee/update`) before ordering: API tests, load tests, benchmarks. */
export const MEMBER_ADDRESS = {
  name: '张三',
  mobile: '13800000000',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  address: '文三路 1 号',
};

/** One request a loop made: what, when it began and ended (ms, `performance.now()`), its answer. */
export interface Timed {
  what: string;
  start: number;
  end: number;
  /** The envelope's code (0: done), or `http <status>` / `network <error>` when none came. */
  c: number | string;
  /** The envelope's message when it is not 0. */
  m?: string;
}

type Fields = Record<string, string | number>;
const params = (fields: Fields) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]));

/** Calls of the portal's API on `base` (http://127.0.0.1:<port>), as the holder of `token`. */
export function portalClient(base: string, token?: string) {
  const headers = (): Record<string, string> => (token ? { authorization: token } : {});
  const answer = async (res: Response) => {
    const text = await res.text();
    try {
      return JSON.parse(text) as { c: number; m?: string; d?: unknown };
    } catch {
      return { c: -1, m: `http ${res.status}: ${text.slice(0, 200)}` };
    }
  };
  return {
    /** A POST of a form-urlencoded body, as the browser sends it: the envelope. */
    post: async (url: string, form: Fields = {}) =>
      answer(
        await fetch(`${base}/api${url}`, {
          method: 'POST',
          headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
          body: params(form).toString(),
        }),
      ),
    /** A GET with a query: the envelope. */
    get: async (url: string, query: Fields = {}) =>
      answer(await fetch(`${base}/api${url}?${params(query)}`, { headers: headers() })),
    /** A multipart POST of `fields` and one file, as the browser's upload sends it: the envelope. */
    upload: async (url: string, fields: Fields, file: { name: string; content: Buffer; type: string }) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
      body.append('file', new Blob([file.content], { type: file.type }), file.name);
      return answer(await fetch(`${base}/api${url}`, { method: 'POST', headers: headers(), body }));
    },
  };
}
export type PortalClient = ReturnType<typeof portalClient>;

/** Logs in over HTTP: the `Authorization` header's value. */
export async function loginToken(base: string, username: string, password: string) {
  const r = await portalClient(base).post('/account/login', { username, password });
  if (r.c !== 0) throw new Error(`login of ${username} failed: ${JSON.stringify(r)}`);
  return `Token ${(r.d as { token: string }).token}`;
}

/** One call of a loop: what it is, and the envelope it answered. */
export type Step = () => Promise<{ what: string; c: number; m?: string }>;

/**
 * Runs each of `loops` as a client that makes one request at a time, the next as soon as the last
 * answered (a closed loop: the requests wait in the server, never in the client), until `done`
 * (given the requests so far) is true after a request; answers every request, timed.
 */
export async function runLoops(loops: Step[], done: (timed: Timed[]) => boolean): Promise<Timed[]> {
  const timed: Timed[] = [];
  await Promise.all(
    loops.map(async (step) => {
      while (!done(timed)) {
        const start = performance.now();
        let what = '?';
        let c: number | string;
        let m: string | undefined;
        try {
          const r = await step();
          ({ what, c, m } = r);
        } catch (error) {
          c = `network ${(error as Error).message}`;
        }
        timed.push({ what, start, end: performance.now(), c, ...(m && c !== 0 ? { m } : {}) });
      }
    }),
  );
  return timed;
}

/** A window of time (ms, `performance.now()`). */
export interface Window {
  from: number;
  to: number;
}

/** The requests that began and ended inside `w`. */
export const inside = (timed: Timed[], w: Window) => timed.filter((t) => t.start >= w.from && t.end <= w.to);

/** The requests that were open at some moment of `w` (began before its end, ended after its start). */
export const during = (timed: Timed[], w: Window) => timed.filter((t) => t.start < w.to && t.end > w.from);

/** How many, and the latency's p50, p99 and maximum in ms. */
export function latency(timed: Timed[]) {
  const ms = timed.map((t) => t.end - t.start).sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
  return { count: ms.length, p50: at(0.5), p99: at(0.99), max: ms.at(-1) ?? 0 };
}

/** `latency` in words: `n=812 p50 4 ms p99 37 ms max 61 ms`. */
export const latencyText = (timed: Timed[]) => {
  const l = latency(timed);
  return `n=${l.count} p50 ${l.p50.toFixed(0)} ms p99 ${l.p99.toFixed(0)} ms max ${l.max.toFixed(0)} ms`;
};

/** An import's end as the caller saw it: the answer, and when it was sent and answered. */
export interface ImportRun extends Window {
  c: number;
  m?: string;
  d?: unknown;
  /** The job's id when the import ran as a job. */
  job?: number;
  /** When the job was marked finished, as the server's clock wrote it (`performance.now()` terms). */
  finished?: number;
  /** What each look at the job showed: when, and its progress in words. */
  seen?: { at: number; message: string }[];
}

/**
 * The publish of an import job, when its result gives its length (`publish_ms`: from its
 * transaction's begin to the job marked done in it, just before the commit): the window that
 * ended at the job's finish time. The same machine's clock, so the server's time and this
 * process's compare.
 */
export function publishWindow(run: ImportRun): Window | undefined {
  const ms = (run.d as { publish_ms?: number } | undefined)?.publish_ms;
  if (ms === undefined || run.finished === undefined) return undefined;
  return { from: run.finished - ms, to: run.finished };
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The goods import (`/goods/excel_data_save`) of `content` in `mode`, followed to its end: the
 * call's answer, or — when the call answers a job (issue 33) — the job's, polled on `/job/get`
 * until it is finished (`c` 0 when done, else its error). The benchmark also runs the code before
 * jobs, whose call answers the import's result itself.
 */
export async function importGoods(client: PortalClient, mode: string, content: Buffer): Promise<ImportRun> {
  const from = performance.now();
  const r = await client.upload(
    '/goods/excel_data_save',
    { mode },
    { name: '商品.xlsx', content, type: XLSX_TYPE },
  );
  const job = r.d as { id: number; state?: string } | undefined;
  if (r.c !== 0 || job?.state === undefined) return { ...r, from, to: performance.now() };
  const seen: { at: number; message: string }[] = [];
  for (;;) {
    const j = await client.get('/job/get', { id: job.id });
    if (j.c !== 0) return { ...j, job: job.id, from, to: performance.now() };
    const d = j.d as { state: string; error: string; result: unknown; finish_time: string; message: string };
    seen.push({ at: performance.now(), message: d.message });
    const ended = { job: job.id, from, to: performance.now(), seen };
    const finished = Date.parse(d.finish_time) - performance.timeOrigin;
    if (d.state === 'done') return { c: 0, d: d.result, finished, ...ended };
    if (d.state === 'failed' || d.state === 'cancelled') return { c: -1, m: d.error, d, finished, ...ended };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The slowest of `timed`, each with what the import's job showed last before it was answered
 * (`runs`' looks at their jobs): `597 ms goods list (已检查 12,000 行)`.
 */
export function slowest(timed: Timed[], runs: ImportRun[], count = 3) {
  const looks = runs.flatMap((r) => r.seen ?? []).sort((a, b) => a.at - b.at);
  return [...timed]
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, count)
    .map((t) => {
      const shown = looks.filter((l) => l.at <= t.end).at(-1)?.message;
      return `${Math.round(t.end - t.start)} ms ${t.what}${shown ? ` (${shown})` : ''}`;
    });
}

/** The resident memory of a process (Linux /proc): now and its high-water mark, in bytes; 0 elsewhere. */
export function residentMemory(pid: number) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return { rss: 0, peak: 0 };
  }
}
