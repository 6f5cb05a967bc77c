// Issue 12: importing 50,000 goods rows from Excel — time and peak memory (target under 20 s and
// under 300 MB). Generates a goods sheet (code, name, category, unit, price, stock; Chinese names,
// 1% bad rows) with the platform's own writeWorkbook, then, each in a fresh child process so its
// peak memory is its own, in interleaved rounds:
//   1. reading the file's bytes (the floor);
//   2. the same rows as JSON lines, parsed and validated with the same schema (the reference: what
//      validation costs without Excel);
//   3. readWorkbook + validateRows over the .xlsx (the subject), once as writeWorkbook writes it
//      (inline strings) and once as a spreadsheet program saves it (shared strings table, styles,
//      the sheet before the workbook part; written by ExcelJS's in-memory workbook);
//   4. writeWorkbook of the 50,000 rows (the export);
//   5. the resource block's import of 50,000 brand-like rows (name, description, sort, status as
//      启用/停用; 1% refused: no name, a sort that is no number, a name repeated from the row above)
//      into a migrated database (SQLite in WAL, or DATABASE_URL): preview, then commit of the valid
//      rows (`valid`: staged, then published in one transaction, inserts of 200 rows, each row
//      audited) — the import job's handler, run here with bench/import-job.ts's context.
// Prints medians, ratios to the reference, peak RSS (the kernel's high-water mark) and the RSS of
// the child before it starts (Node, tsx and the modules). A benchmark, not a test: a miss never
// makes the exit code non-zero.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { brandResource, form, int, text } from '@portal/contract';
import { brandStore } from '@portal/server/src/modules/brand/brand.store.ts';
import { modulesDatabase } from '@portal/server/src/platform/db/database.ts';
import {
  type ExcelColumn,
  readWorkbook,
  type SheetRow,
  toBuffer,
  validateRows,
  writeWorkbook,
} from '@portal/server/src/platform/excel/index.ts';
import { resourceService } from '@portal/server/src/platform/resource/resource-service.ts';
import { createCompany, createUser } from '@portal/server/src/seed/seed.ts';
import { BRANDS, pick, rand, restartRand } from '@portal/server/test/goods-sheet.ts';
import ExcelJS from 'exceljs';
import { runImportJob } from './import-job.ts';
import { importBudget, inChild, mb, median, sec } from './phase-child.ts';
import { openBenchData } from './serve-common.ts';

const ROWS = Number(process.env.BENCH_EXCEL_ROWS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const columns: ExcelColumn[] = [
  { key: 'code', label: '商品编码', required: true },
  { key: 'name', label: '商品名称', required: true },
  { key: 'category', label: '商品分类', required: true },
  { key: 'unit', label: '单位', required: true },
  { key: 'price', label: '价格（元）', required: true },
  { key: 'stock', label: '库存', required: true },
];

const money = (label: string) =>
  text(label, { max: 12 })
    .refine((v) => /^\d{1,9}(\.\d{1,2})?$/.test(v), `${label}必须是最多两位小数的金额`)
    .transform((v) => Math.round(Number(v) * 100));

/** The goods row as the goods library's import would check it (fields.ts helpers). */
const goodsRow = form({
  code: text('商品编码', { max: 32 }),
  name: text('商品名称', { max: 100 }),
  category: text('商品分类', { max: 50 }),
  unit: text('单位', { max: 10 }),
  price: money('价格'),
  stock: int('库存', { min: 0, max: 10_000_000 }),
});

// ---- the data -------------------------------------------------------------------------------

const CATALOGUE: Record<
  string,
  { nouns: string[]; specs: string[]; units: string[]; price: [number, number] }
> = {
  绿茶: {
    nouns: ['明前特级西湖龙井', '碧螺春', '黄山毛峰', '信阳毛尖'],
    specs: ['250g 礼盒装', '100g 罐装', '500g'],
    units: ['盒', '罐'],
    price: [60, 1200],
  },
  红茶: {
    nouns: ['祁门红茶', '正山小种', '滇红金芽'],
    specs: ['200g', '散装 500g'],
    units: ['盒', '袋'],
    price: [40, 600],
  },
  智能手机: {
    nouns: ['X5 Pro 5G 智能手机', 'Note 12 手机', '折叠屏手机 Fold'],
    specs: ['12GB+256GB 曜石黑', '8GB+128GB 星空蓝'],
    units: ['台'],
    price: [999, 9999],
  },
  耳机: {
    nouns: ['真无线蓝牙耳机', '头戴式降噪耳机'],
    specs: ['白色', '黑色 标准版'],
    units: ['副', '个'],
    price: [99, 1999],
  },
  大米: {
    nouns: ['五常稻花香大米', '东北珍珠米', '泰国香米'],
    specs: ['5kg', '10kg 袋装'],
    units: ['袋'],
    price: [39, 199],
  },
  食用油: {
    nouns: ['压榨花生油', '非转基因大豆油', '山茶油'],
    specs: ['5L', '1.8L×2 桶'],
    units: ['桶', '箱'],
    price: [49, 399],
  },
  办公用品: {
    nouns: ['A4 复印纸', '中性笔', '文件夹'],
    specs: ['70g 500张/包', '0.5mm 12支装'],
    units: ['包', '盒', '个'],
    price: [5, 120],
  },
  家电: {
    nouns: ['变频空调 KFR-35GW', '滚筒洗衣机', '电饭煲'],
    specs: ['1.5匹 一级能效', '10kg', '4L'],
    units: ['台'],
    price: [199, 6999],
  },
};

function* goods(rows: number) {
  const categories = Object.keys(CATALOGUE);
  for (let i = 1; i <= rows; i++) {
    const category = pick(categories);
    const c = CATALOGUE[category] as (typeof CATALOGUE)[string];
    const [lo, hi] = c.price;
    const price = (lo + rand() * (hi - lo)).toFixed(2);
    const row = {
      code: `SP${String(i).padStart(6, '0')}`,
      name: `${pick(BRANDS)} ${pick(c.nouns)} ${pick(c.specs)}`,
      category,
      unit: pick(c.units),
      price: Number(price),
      stock: Math.floor(rand() * 5000),
    };
    // 1% refused: a negative stock, a price with three decimals, or no name.
    if (i % 100 === 7) row.stock = -3;
    if (i % 100 === 42) row.price = Number(`${Math.floor(lo)}.125`);
    if (i % 100 === 77) row.name = '';
    yield row;
  }
}

/** Brand-like rows as the brand import's template has them; 1% refused. */
function* brandRows(rows: number) {
  const categories = Object.keys(CATALOGUE);
  let last = '';
  for (let i = 1; i <= rows; i++) {
    const category = pick(categories);
    const row: Record<string, string | number> = {
      name: `${pick(BRANDS)}${category}${i}`,
      description: `${category}品牌，主营${pick((CATALOGUE[category] as (typeof CATALOGUE)[string]).nouns)}`,
      sort: i % 1000,
      status: rand() < 0.9 ? '启用' : '停用',
    };
    if (i % 100 === 7) row.name = '';
    if (i % 100 === 42) row.sort = '第一';
    if (i % 100 === 77) row.name = last;
    last = String(row.name);
    yield row;
  }
}

// ---- one measured run (in a child process) ----------------------------------------------------

async function runPhase(phase: string, file: string) {
  const bench = phase === 'commit' ? await openBenchData('excel-commit-') : undefined;
  const before = process.memoryUsage().rss;
  let sampled = before;
  const timer = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  let detail = '';
  if (phase === 'bytes') {
    const bytes = await fs.promises.readFile(file);
    detail = `${bytes.length} bytes`;
  } else if (phase === 'jsonl') {
    async function* rows(): AsyncGenerator<SheetRow> {
      let rowNumber = 1;
      const lines = createInterface({ input: fs.createReadStream(file) });
      for await (const line of lines) {
        rowNumber++;
        if (!line) continue;
        const record = JSON.parse(line) as Record<string, unknown>;
        const values: Record<string, string> = {};
        for (const [k, v] of Object.entries(record)) if (v !== '' && v !== null) values[k] = String(v);
        yield { rowNumber, values };
      }
    }
    const result = await validateRows(rows(), goodsRow, columns);
    detail = `${result.valid.length} valid, ${result.invalid.length} refused`;
  } else if (phase === 'xlsx' || phase === 'shared') {
    const rows = readWorkbook(file, {
      columns,
      maxRows: 100_000,
      maxCells: 1_000_000,
      maxColumns: 50,
      maxBytes: 50 * 1024 * 1024,
    });
    const result = await validateRows(rows, goodsRow, columns);
    detail = `${result.valid.length} valid, ${result.invalid.length} refused; e.g. row ${result.invalid[0]?.rowNumber}: ${Object.values(result.invalid[0]?.errors ?? {}).join('；')}`;
  } else if (phase === 'export') {
    const out = fs.createWriteStream(file);
    await new Promise<void>((resolve, reject) => {
      writeWorkbook(columns, goods(ROWS), '商品')
        .on('error', reject)
        .pipe(out)
        .on('finish', resolve)
        .on('error', reject);
    });
    detail = `${fs.statSync(file).size} bytes`;
  } else if (phase === 'commit' && bench) {
    const { db } = bench.database;
    const companyId = await createCompany(db, { code: 'bench', company_name: '导入基准单位', address: '—' });
    const userId = await createUser(db, {
      companyId,
      username: 'bench_import',
      password: 'Bench123456',
      role: 12,
    });
    const caller = { userId, companyId, role: 12, username: 'bench_import', sessionId: '', ip: '127.0.0.1' };
    const brands = resourceService(modulesDatabase(db), brandResource, brandStore);
    const t0 = performance.now();
    const { result: preview } = await runImportJob(db, brands.importSheet, caller, file, 'preview');
    const t1 = performance.now();
    const { result: done } = await runImportJob(db, brands.importSheet, caller, file, 'valid');
    const t2 = performance.now();
    const stored = await db.selectFrom('goods_brands').select(db.fn.countAll().as('n')).executeTakeFirst();
    detail =
      `${bench.database.dialect}: preview ${sec(t1 - t0)} (${preview.valid} valid, ${preview.invalid} refused), ` +
      `commit ${sec(t2 - t1)} (publish ${sec(done.publish_ms ?? 0)}; ${done.created} written, ${Number(stored?.n)} stored)`;
  }
  const ms = performance.now() - started;
  clearInterval(timer);
  sampled = Math.max(sampled, process.memoryUsage().rss);
  const peak = process.resourceUsage().maxRSS * 1024;
  if (bench) {
    await bench.database.close();
    fs.rmSync(bench.dir, { recursive: true, force: true });
  }
  console.log(JSON.stringify({ ms, before, peak, sampled, detail }));
}

interface PhaseResult {
  ms: number;
  before: number;
  peak: number;
  sampled: number;
  detail: string;
}

const child = (phase: string, file: string) => inChild<PhaseResult>(import.meta.filename, phase, file);

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'excel-bench-'));
  try {
    const xlsx = path.join(dir, 'goods.xlsx');
    const jsonl = path.join(dir, 'goods.jsonl');
    const made = performance.now();
    fs.writeFileSync(xlsx, await toBuffer(writeWorkbook(columns, goods(ROWS), '商品')));
    restartRand();
    const shared = path.join(dir, 'goods-shared.xlsx');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('商品');
    sheet.addRow(columns.map((c) => c.label));
    restartRand();
    for (const r of goods(ROWS)) sheet.addRow(columns.map((c) => r[c.key as keyof typeof r]));
    fs.writeFileSync(shared, Buffer.from(await book.xlsx.writeBuffer()));
    restartRand();
    fs.writeFileSync(jsonl, `${[...goods(ROWS)].map((r) => JSON.stringify(r)).join('\n')}\n`);
    const brandsFile = path.join(dir, 'brands.xlsx');
    fs.writeFileSync(
      brandsFile,
      await toBuffer(writeWorkbook(brandResource.importColumns, brandRows(ROWS), '品牌')),
    );
    console.log(
      `${ROWS.toLocaleString('en')} goods rows: goods.xlsx ${fs.statSync(xlsx).size.toLocaleString('en')} bytes, goods-shared.xlsx ${fs.statSync(shared).size.toLocaleString('en')} bytes, goods.jsonl ${mb(fs.statSync(jsonl).size)}; made in ${sec(performance.now() - made)}`,
    );
    const phases: [string, string, string][] = [
      ['bytes', xlsx, 'read the .xlsx bytes (floor)'],
      ['jsonl', jsonl, 'JSON lines + validateRows (reference)'],
      ['xlsx', xlsx, 'readWorkbook + validateRows (subject)'],
      ['shared', shared, 'the same, shared-strings file'],
      ['export', path.join(dir, 'export.xlsx'), 'writeWorkbook, streamed to a file'],
      ['commit', brandsFile, 'brand import: preview + commit (valid)'],
    ];
    // BENCH_PHASES=commit,xlsx runs only those (the reference always runs: ratios are to it).
    const only = process.env.BENCH_PHASES?.split(',');
    if (only) phases.splice(0, phases.length, ...phases.filter(([p]) => p === 'jsonl' || only.includes(p)));
    const results = new Map<string, PhaseResult[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [phase, file] of phases) {
        const r = await child(phase, file);
        results.set(phase, [...(results.get(phase) ?? []), r]);
      }
      console.log(`round ${round}/${ROUNDS} done`);
    }
    const ref = median((results.get('jsonl') ?? []).map((r) => r.ms));
    console.log(`\nmedians of ${ROUNDS} rounds, each phase in a fresh process:`);
    for (const [phase, , title] of phases) {
      const rs = results.get(phase) ?? [];
      const ms = median(rs.map((r) => r.ms));
      const peak = median(rs.map((r) => r.peak));
      const before = median(rs.map((r) => r.before));
      console.log(
        `  ${title.padEnd(40)} ${sec(ms).padStart(8)}  ×${(ms / ref).toFixed(2)} of reference  ` +
          `peak RSS ${mb(peak)} (process at start ${mb(before)}, +${mb(peak - before)})  ${rs[0]?.detail ?? ''}`,
      );
    }
    for (const phase of ['xlsx', 'shared', 'commit'].filter((p) => results.has(p))) {
      const subject = results.get(phase) ?? [];
      const ms = median(subject.map((r) => r.ms));
      const peak = median(subject.map((r) => r.peak));
      console.log(
        `target (issue 12), ${{ xlsx: 'inline strings', shared: 'shared strings', commit: 'brands preview + commit' }[phase]}: import of ${importBudget(ROWS, ms, peak)}`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const at = process.argv.indexOf('--phase');
if (at > 0) await runPhase(process.argv[at + 1] as string, process.argv[at + 2] as string);
else await main();
