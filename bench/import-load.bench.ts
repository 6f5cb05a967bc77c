// Issue 33: the 50,000-row goods import beside the code before issue 33, and what the rest of the
// shop sees meanwhile, in one run. For each database (SQLite in WAL, PostgreSQL) and each tree —
// this one ("after") and the commit before the change ("before": BENCH_BEFORE, default 47eaec4; a
// comma-separated list compares several, e.g. `1c235dd~1,47eaec4` adds the code before SQLite's
// reader connection; each one's files from `git archive`, this tree's node_modules hard-linked
// into it) — a fresh real server process as `npm start` runs it (apps/server/src/main.ts with the
// server's Node options, on a database made by that tree's own migrations: import-load-seed.ts)
// serves:
//   idle    — BENCH_READERS (2) clients list goods (`/goods/list`, another word and page each
//             time) for BENCH_IDLE_SECONDS (5), one request at a time each, after a warm-up;
//   import  — the shop administrator's flow over HTTP: preview, then `valid` (1% of the rows
//             refused) — before: each call answers the result; after: each answers a job,
//             followed on /job/get to its end — while the same readers list goods and a member
//             places orders.
// Reported: the preview's and the commit's time, the server process's peak RSS (the kernel's
// high-water mark, beside its RSS before the import), the goods list's latency idle and during the
// import (p50, p99, max, how many over 200 ms), the orders', and the publish transaction's length
// where the job's result gives it (`publish_ms`), with the latencies of the requests open during
// it. BENCH_IMPORT_ROWS (50,000), BENCH_ROUNDS (1), BENCH_DATABASES (sqlite,pg), BENCH_PG_URL (a
// server where a throw-away database is made).
// A benchmark, not a test: nothing here fails the build.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toBuffer } from '@portal/server/src/platform/excel/index.ts';
import { GOODS_SHEET_WORDS, goodsSheet } from '@portal/server/test/goods-sheet.ts';
import {
  during,
  type ImportRun,
  importGoods,
  latency,
  loginToken,
  MEMBER_ADDRESS,
  portalClient,
  publishWindow,
  residentMemory,
  runLoops,
  type Step,
  slowest,
  type Timed,
} from '@portal/server/test/load-clients.ts';
import { startRealServer } from '@portal/server/test/real-server.ts';
import { throwAwayDatabase } from './pg-database.ts';
import { mb, median, sec } from './phase-child.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const READERS = Number(process.env.BENCH_READERS ?? 2);
const BEFORE = (process.env.BENCH_BEFORE ?? '47eaec4').split(',').filter(Boolean);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASES = process.env.BENCH_DATABASES?.split(',') ?? ['sqlite', 'pg'];
const MAX_READ_MS = 200;

const repo = path.resolve(import.meta.dirname, '..');
const short = (rev: string) => execSync(`git -C ${repo} rev-parse --short ${rev}`).toString().trim();

/**
 * The project at `commit` in a temporary folder: its files (`git archive`), this tree's installed
 * packages hard-linked in (the same lock file but for packages added since, which the older code
 * never loads), and the two files this benchmark needs there (the seed script, the sheet's
 * generator), which serve it and do not change its server.
 */
function olderTree(commit: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-import-before-'));
  execSync(`git -C ${repo} archive ${commit} | tar -x -C ${dir}`);
  for (const modules of ['node_modules', 'apps/server/node_modules'])
    if (fs.existsSync(path.join(repo, modules)))
      execSync(`cp -al ${path.join(repo, modules)} ${path.join(dir, modules)}`);
  for (const file of ['bench/import-load-seed.ts', 'apps/server/test/goods-sheet.ts'])
    fs.copyFileSync(path.join(repo, file), path.join(dir, file));
  return dir;
}

/** A throw-away PostgreSQL database, or undefined when none answers. */
const pgDatabase = (tag: string) =>
  throwAwayDatabase(PG_URL, `portal_bench_import_${tag}_${process.pid}`, 'skipped');

interface Seeded {
  companyId: number;
  goods: number[];
  admin: string;
  members: string[];
  password: string;
}

interface Measured {
  preview: ImportRun;
  commit: ImportRun;
  rssBefore: number;
  peak: number;
  idle: Timed[];
  load: Timed[];
}

/** One import on a fresh server of `tree` on a fresh database of `database`. */
async function measureOnce(tree: string, database: string, sheet: Buffer): Promise<Measured | undefined> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-import-load-'));
  const pgDb =
    database === 'pg' ? await pgDatabase(path.basename(tree).replace(/\W/g, '').toLowerCase()) : undefined;
  if (database === 'pg' && !pgDb) return undefined;
  const env = { DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '' };
  try {
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'bench/import-load-seed.ts'], {
      cwd: tree,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
    const s = JSON.parse(seeded.stdout.trim().split('\n').pop() ?? '') as Seeded;
    const server = await startRealServer(env, { dataDir, tree });
    try {
      const admin = portalClient(server.base, await loginToken(server.base, s.admin, s.password));
      const member = portalClient(
        server.base,
        await loginToken(server.base, s.members[0] as string, s.password),
      );
      const address = await member.post('/consignee/update', MEMBER_ADDRESS);
      let n = 0;
      const reader: Step = async () => {
        const i = n++;
        const r = await admin.post('/goods/list', {
          keyword: i % 4 === 0 ? '' : (GOODS_SHEET_WORDS[i % GOODS_SHEET_WORDS.length] as string),
          page: (i % 3) + 1,
          page_size: 20,
        });
        return { what: 'goods list', ...r };
      };
      const buyer: Step = async () => ({
        what: 'order',
        ...(await member.post('/order/create', {
          items: JSON.stringify([{ goods_id: s.goods[n++ % s.goods.length], quantity: 1 }]),
          consignee_id: (address.d as { id: number }).id,
          payment_method: 'cod',
        })),
      });
      const readers = Array.from({ length: READERS }, () => reader);
      await runLoops(readers, (t) => t.length >= READERS * 50);
      const idleEnd = performance.now() + IDLE_SECONDS * 1000;
      const idle = await runLoops(readers, () => performance.now() > idleEnd);

      const pid = server.process.pid as number;
      const rssBefore = residentMemory(pid).rss;
      let importing = true;
      const loaded = runLoops([...readers, buyer], () => !importing);
      let preview: ImportRun;
      let commit: ImportRun;
      try {
        preview = await importGoods(admin, 'preview', sheet);
        commit = await importGoods(admin, 'valid', sheet);
      } finally {
        importing = false;
      }
      const load = await loaded;
      return { preview, commit, rssBefore, peak: residentMemory(pid).peak, idle, load };
    } finally {
      server.stop();
    }
  } finally {
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (x: number) => `${Math.round(x)} ms`;
const readsOf = (t: Timed[]) => t.filter((x) => x.what === 'goods list');
const ordersOf = (t: Timed[]) => t.filter((x) => x.what === 'order');
const figures = (t: Timed[]) => {
  const l = latency(t);
  const over = t.filter((x) => x.end - x.start > MAX_READ_MS).length;
  return `${ms(l.p50)} / ${ms(l.p99)} / ${ms(l.max)} (n=${l.count}, >${MAX_READ_MS} ms: ${over})`;
};

async function main() {
  const made = performance.now();
  const sheet = await toBuffer(goodsSheet(ROWS));
  console.log(
    `${ROWS.toLocaleString('en')} goods rows (1% refused): ${sheet.length.toLocaleString('en')} bytes, made in ${sec(performance.now() - made)}`,
  );
  const older = BEFORE.map((commit) => ({ name: `before (${short(commit)})`, root: olderTree(commit) }));
  const trees = [...older, { name: `after (${short('HEAD')})`, root: repo }];
  try {
    for (const database of DATABASES) {
      const runs = new Map<string, Measured[]>();
      for (let round = 1; round <= ROUNDS; round++)
        for (const tree of trees) {
          const m = await measureOnce(tree.root, database, sheet);
          if (!m) continue;
          runs.set(tree.name, [...(runs.get(tree.name) ?? []), m]);
          const failed = [...m.idle, ...m.load].filter((t) => t.c !== 0);
          console.log(
            `  ${database} round ${round} ${tree.name}: preview ${sec(m.preview.to - m.preview.from)} (c=${m.preview.c}), ` +
              `commit ${sec(m.commit.to - m.commit.from)} (c=${m.commit.c}${m.commit.m ? ` ${m.commit.m}` : ''}, ` +
              `created ${(m.commit.d as { created?: number })?.created}), peak RSS ${mb(m.peak)} (before the import ${mb(m.rssBefore)}); ` +
              `failed requests ${failed.length}${failed[0] ? ` e.g. ${JSON.stringify(failed[0])}` : ''}`,
          );
        }
      if (runs.size === 0) continue;
      const table: Record<string, Record<string, string>> = {};
      const row = (metric: string, tree: string, value: string) => {
        table[metric] = { ...table[metric], [tree]: value };
      };
      for (const [name, ms_] of runs) {
        const med = (f: (m: Measured) => number) => median(ms_.map(f));
        const window = (m: Measured) => [...during(m.load, m.preview), ...during(m.load, m.commit)];
        const publish = ms_
          .map((m) => (m.commit.d as { publish_ms?: number } | undefined)?.publish_ms)
          .filter((x) => x !== undefined);
        row('preview', name, sec(med((m) => m.preview.to - m.preview.from)));
        row('commit (valid)', name, sec(med((m) => m.commit.to - m.commit.from)));
        row('server peak RSS', name, `${mb(med((m) => m.peak))} (${mb(med((m) => m.rssBefore))} before)`);
        row('goods list idle', name, figures(ms_.flatMap((m) => readsOf(m.idle))));
        row('goods list during import', name, figures(ms_.flatMap((m) => readsOf(window(m)))));
        row(
          'the slowest, when',
          name,
          slowest(
            ms_.flatMap((m) => readsOf(window(m))),
            ms_.flatMap((m) => [m.preview, m.commit]),
          ).join(', '),
        );
        row('orders during import', name, figures(ms_.flatMap((m) => ordersOf(window(m)))));
        const inPublish = (m: Measured) => {
          const w = publishWindow(m.commit);
          return w ? during(m.load, w) : [];
        };
        if (ms_.some((m) => publishWindow(m.commit))) {
          row('goods list during the publish', name, figures(ms_.flatMap((m) => readsOf(inPublish(m)))));
          row('orders during the publish', name, figures(ms_.flatMap((m) => ordersOf(inPublish(m)))));
        }
        row('publish (job result)', name, publish.length ? publish.map((p) => ms(p)).join(', ') : '—');
      }
      console.log(
        `\n${database === 'pg' ? 'PostgreSQL' : 'SQLite'}: ${ROWS.toLocaleString('en')} goods, preview then \`valid\`, ` +
          `${READERS} list clients + 1 ordering member; ${ROUNDS} round(s), medians; latencies p50 / p99 / max`,
      );
      console.table(table);
    }
  } finally {
    for (const tree of older) fs.rmSync(tree.root, { recursive: true, force: true });
  }
}

await main();
