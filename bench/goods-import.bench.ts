// Issue 12: importing 50,000 goods rows from Excel (spec §7 /goods/excel_data_save) — time and
// peak memory (target under 20 s and under 300 MB). The goods library's own import, as its route
// runs it (goodsLibraryService.importSheet, the import job's handler, run here with a context of
// bench/import-job.ts): a goods sheet from the import's columns (code, name,
// category by name or path, brand, unit, type word, price in yuan, opening stock, subtitle,
// keywords, status; Chinese names; 1% refused: an unknown category, a price with three decimals, a
// code repeated from the row above) written with the platform's writeWorkbook, then, each in a
// fresh child process so its peak memory is its own, in rounds:
//   preview — every row checked (fields, names → the company's categories and brands, codes in
//             the file and against the stored goods), nothing written;
//   commit  — the user's whole flow: preview, then `valid` (the rows staged, then published in one
//             transaction: goods inserted 200 a statement, their opening stock booked into the
//             default warehouse's ledger, indexed for search, each audited; the publish's length
//             printed beside the commit's, ADR 0037).
// Into a migrated database (SQLite in WAL, or DATABASE_URL). Prints medians, peak RSS (the
// kernel's high-water mark), the RSS of the child before it starts and the parts of the peak
// (sampled). Each child runs with the server's Node options (scripts/lib.mjs `serverNodeArgs`, as
// `npm start` runs it), or BENCH_NODE_ARGS ('' for Node's defaults). BENCH_PHASES=commit runs only
// the commit. A benchmark, not a test: a miss never makes
// the exit code non-zero.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { goodsLibraryService } from '@portal/server/src/modules/goods-library/goods.service.ts';
import { modulesDatabase } from '@portal/server/src/platform/db/database.ts';
import { toBuffer } from '@portal/server/src/platform/excel/index.ts';
import { createCompany, createUser } from '@portal/server/src/seed/seed.ts';
import { goodsSheet, goodsSheetCompany } from '@portal/server/test/goods-sheet.ts';
import { runImportJob } from './import-job.ts';
import { importBudget, inChild, mb, median, sec } from './phase-child.ts';
import { openBenchData } from './serve-common.ts';

const ROWS = Number(process.env.BENCH_EXCEL_ROWS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

// ---- one measured run (in a child process) ----------------------------------------------------

async function runPhase(phase: string, file: string) {
  const bench = await openBenchData('goods-import-');
  const { db } = bench.database;
  const companyId = await createCompany(db, {
    code: 'bench',
    company_name: '商品导入基准单位',
    address: '—',
  });
  const userId = await createUser(db, {
    companyId,
    username: 'bench_goods',
    password: 'Bench123456',
    role: 12,
  });
  await goodsSheetCompany(db, companyId);
  const caller = { userId, companyId, role: 12, username: 'bench_goods', sessionId: '', ip: '127.0.0.1' };
  const goods = goodsLibraryService(modulesDatabase(db), { goodsChanged: () => {}, answerMaxAgeMs: 0 });

  const start = process.memoryUsage();
  const before = start.rss;
  const sampler = sampleMemory();
  const started = performance.now();
  const { result: preview } = await runImportJob(db, goods.importSheet, caller, file, 'preview');
  const previewed = performance.now();
  let detail = `${bench.database.dialect}: preview ${sec(previewed - started)} (${preview.valid} valid, ${preview.invalid} refused)`;
  if (phase === 'commit') {
    const { result: done } = await runImportJob(db, goods.importSheet, caller, file, 'valid');
    const committed = performance.now();
    const count = async (table: 'goods' | 'stock_moves' | 'audit_logs') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select(db.fn.countAll().as('n'))
            .where('company_id', '=', companyId)
            .executeTakeFirst()
        )?.n,
      );
    const indexed = await db
      .selectFrom('goods')
      .select(db.fn.countAll().as('n'))
      .where('company_id', '=', companyId)
      .where('search_version', '>', 0)
      .executeTakeFirst();
    detail +=
      `, commit ${sec(committed - previewed)} (publish ${sec(done.publish_ms ?? 0)} of it; ${done.created} written: ${await count('goods')} goods, ` +
      `${Number(indexed?.n)} indexed, ${await count('stock_moves')} stock moves, ${await count('audit_logs')} audit rows)`;
  }
  const ms = performance.now() - started;
  const peak = process.resourceUsage().maxRSS * 1024;
  const at = sampler.stop();
  await bench.database.close();
  fs.rmSync(bench.dir, { recursive: true, force: true });
  console.log(JSON.stringify({ ms, before, peak, at, start, detail }));
}

/**
 * Where the resident memory is: `process.memoryUsage()` every 10 ms, kept at the highest RSS seen
 * — the V8 heap (reserved and in use), what lives outside it (Buffers, zlib), and the rest (the
 * process's code, SQLite's page cache, malloc's free lists).
 */
function sampleMemory() {
  let at = process.memoryUsage();
  let heapUsedMax = at.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    heapUsedMax = Math.max(heapUsedMax, m.heapUsed);
    if (m.rss > at.rss) at = m;
  }, 10);
  return {
    stop: () => {
      clearInterval(timer);
      return { ...at, heapUsedMax };
    },
  };
}

interface PhaseResult {
  ms: number;
  before: number;
  peak: number;
  at: ReturnType<ReturnType<typeof sampleMemory>['stop']>;
  start: NodeJS.MemoryUsage;
  detail: string;
}

/** The sampled peak's parts. */
const parts = (a: PhaseResult['at']) =>
  `at the sampled peak ${mb(a.rss)}: heap ${mb(a.heapTotal)} (in use ${mb(a.heapUsed)}, most ${mb(a.heapUsedMax)}), ` +
  `outside the heap ${mb(a.external)} (buffers ${mb(a.arrayBuffers)}), the rest ${mb(a.rss - a.heapTotal - a.external)}`;

/** Node's options of the server as `npm start` runs it (its heap's limit, ADR 0017 "Memory"). */
const { serverNodeArgs } = (await import('../scripts/lib.mjs' as string)) as {
  serverNodeArgs: () => string[];
};
const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? serverNodeArgs();
const child = (phase: string, file: string) =>
  inChild<PhaseResult>(import.meta.filename, phase, file, nodeArgs);

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goods-import-bench-'));
  try {
    const file = path.join(dir, 'goods.xlsx');
    const made = performance.now();
    fs.writeFileSync(file, await toBuffer(goodsSheet(ROWS)));
    console.log(
      `${ROWS.toLocaleString('en')} goods rows: goods.xlsx ${fs.statSync(file).size.toLocaleString('en')} bytes; made in ${sec(performance.now() - made)}`,
    );
    const asked = (process.env.BENCH_PHASES ?? 'preview,commit').split(',');
    const phases = (
      [
        ['preview', 'goods import: preview'],
        ['commit', 'goods import: preview + commit (valid)'],
      ] as [string, string][]
    ).filter(([phase]) => asked.includes(phase));
    const results = new Map<string, PhaseResult[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [phase] of phases) {
        const r = await child(phase, file);
        results.set(phase, [...(results.get(phase) ?? []), r]);
        console.log(`  round ${round} ${phase}: ${sec(r.ms)}, peak RSS ${mb(r.peak)} — ${r.detail}`);
        console.log(`    ${parts(r.at)}`);
        console.log(`    at start ${parts({ ...r.start, heapUsedMax: r.start.heapUsed })}`);
      }
    }
    console.log(`\nmedians of ${ROUNDS} rounds, each phase in a fresh process:`);
    for (const [phase, title] of phases) {
      const rs = results.get(phase) ?? [];
      const ms = median(rs.map((r) => r.ms));
      const peak = median(rs.map((r) => r.peak));
      const before = median(rs.map((r) => r.before));
      console.log(
        `  ${title.padEnd(40)} ${sec(ms).padStart(8)}  peak RSS ${mb(peak)} (process at start ${mb(before)}, +${mb(peak - before)})`,
      );
      console.log(`  target (issue 12): ${importBudget(ROWS, ms, peak)}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const at = process.argv.indexOf('--phase');
if (at > 0) await runPhase(process.argv[at + 1] as string, process.argv[at + 2] as string);
else await main();
