import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBuffer } from '../src/platform/excel/index.ts';
import { GOODS_SHEET_WORDS, goodsSheet } from './goods-sheet.ts';
import { dialectUnderTest } from './harness.ts';
import { goodsCount, type ImportDatabase, importDatabase, signIn } from './import-server.ts';
import {
  during,
  type ImportRun,
  importGoods,
  inside,
  latencyText,
  publishWindow,
  runLoops,
  type Step,
  slowest,
  type Timed,
  type Window,
} from './load-clients.ts';
import { type RealServer, startRealServer } from './real-server.ts';

/**
 * Issue 33, "What must be shown": one client imports a large goods sheet while others browse and
 * order, continuously, on a real server process (as `npm start` runs it) on SQLite (a file, WAL:
 * the reader beside the writer) and on PostgreSQL. The import is all-or-nothing (`all` with one
 * refused row at the end writes nothing; the clean sheet then writes every row), every read and
 * every order is answered, and reads and orders were served while the import ran. Every request's
 * latency is recorded and printed beside the idle server's: how long a read waited for the import
 * is the benchmark's figure (bench/import-load.bench.ts), not asserted here (no timing assertions
 * in the suite).
 *
 * Over HTTP to a child process, not through `app.inject`: in one process the clients and the
 * server share one event loop, so while the import holds it (a synchronous SQLite statement, a
 * sheet's XML being parsed) no client can even send a request — every read would be sent in a
 * gap and none would wait, which is the queueing this test is about. A separate process receives
 * requests at any moment and the client's clock keeps running while the server is busy.
 *
 * The sheet has 10,000 rows unless IMPORT_LOAD_ROWS says otherwise: the issue's 50,000 take a
 * minute or more per database on the 2-core CI machine, for every run. What the test asserts does
 * not depend on the size — 10,000 rows are tens of batches read, staged and published over seconds
 * in which hundreds of reads and orders are made; what grows with the rows is the time, which the
 * benchmark measures at 50,000.
 */
const ROWS = Number(process.env.IMPORT_LOAD_ROWS ?? 10_000);
const MAX_READ_MS = 200;

let data: ImportDatabase;
let server: RealServer;
let companyId: number;
let shopGoods: number[];
let clientsOf: Awaited<ReturnType<typeof signIn>>;
let badSheet: Buffer;
let cleanSheet: Buffer;

beforeAll(async () => {
  data = await importDatabase(2);
  ({ companyId, goods: shopGoods } = data.company);
  [badSheet, cleanSheet] = await Promise.all([
    toBuffer(goodsSheet(ROWS, 'last')),
    toBuffer(goodsSheet(ROWS, 'none')),
  ]);
  server = await startRealServer(data.database.env, { dataDir: data.database.dataDir });
  clientsOf = await signIn(server.base, data);
}, 180_000);

afterAll(async () => {
  server?.stop();
  await data?.database.drop();
});

/**
 * Two browsing clients, each going round the four reads (the goods list with another word and
 * page each time, a goods' detail, the public catalogue, a catalogue goods' detail), and one
 * ordering client per member (buy-now of one unit of a goods on sale).
 */
function clients() {
  const { admin, anonymous, members } = clientsOf;
  let n = 0;
  const next = () => n++;
  const readsInTurn: (() => Promise<{ what: string; c: number; m?: string }>)[] = [
    async () => {
      const i = next();
      const r = await admin.post('/goods/list', {
        keyword: i % 4 === 0 ? '' : (GOODS_SHEET_WORDS[i % GOODS_SHEET_WORDS.length] as string),
        page: (i % 3) + 1,
        page_size: 20,
      });
      return { what: 'goods list', ...r };
    },
    async () => ({
      what: 'goods detail',
      ...(await admin.post('/goods/get', { id: shopGoods[next() % shopGoods.length] as number })),
    }),
    async () => {
      const i = next();
      const r = await anonymous.get('/goods/staff/shopgoods/', {
        company_id: companyId,
        page: (i % 3) + 1,
        ...(i % 2 ? { keyword: '在售' } : {}),
      });
      return { what: 'catalogue', ...r };
    },
    async () => ({
      what: 'catalogue detail',
      ...(await anonymous.get('/goods/staff/shopgoods/detail/', {
        company_id: companyId,
        id: shopGoods[next() % shopGoods.length] as number,
      })),
    }),
  ];
  const browser = (): Step => {
    let turn = 0;
    return () => (readsInTurn[turn++ % readsInTurn.length] as Step)();
  };
  const buyer =
    (m: (typeof members)[number]): Step =>
    async () => ({
      what: 'order',
      ...(await m.client.post('/order/create', {
        items: JSON.stringify([{ goods_id: shopGoods[next() % shopGoods.length], quantity: 1 }]),
        consignee_id: m.consignee,
        payment_method: 'cod',
      })),
    });
  return [browser(), browser(), ...members.map(buyer)];
}

const KINDS = ['goods list', 'goods detail', 'catalogue', 'catalogue detail'];
const reads = (timed: Timed[]) => timed.filter((t) => t.what !== 'order');
const orders = (timed: Timed[]) => timed.filter((t) => t.what === 'order');
const slow = (timed: Timed[]) => timed.filter((t) => t.end - t.start > MAX_READ_MS).length;

describe(`one client imports ${ROWS.toLocaleString('en')} goods while others browse and order (${dialectUnderTest})`, () => {
  it('serves every read and order during the import, and the import is all or nothing', async () => {
    const before = await goodsCount(data);
    // The idle server: the same clients until each made about 25 requests, after as many to warm
    // it up (a fresh process compiles its code on the first requests).
    await runLoops(clients(), (t) => t.length >= 4 * 25);
    const idle = await runLoops(clients(), (t) => t.length >= 4 * 25);

    let importing = true;
    const load = runLoops(clients(), () => !importing);
    let refused: ImportRun;
    let clean: ImportRun;
    try {
      refused = await importGoods(clientsOf.admin, 'all', badSheet);
      const afterRefused = await goodsCount(data);
      clean = await importGoods(clientsOf.admin, 'all', cleanSheet);
      // All or nothing: the refused row at the end left nothing of the rows before it.
      expect(afterRefused).toEqual(before);
    } finally {
      importing = false;
    }
    const timed = await load;

    // Served while the import ran: reads of every kind begun and answered in the later half of
    // each import's time (the upload long over, the import checking and writing rows), and orders
    // in the later half of the refused one. With one connection for reads and writes no read
    // would be; with the import's rows written in one transaction from the first row to the last,
    // no order would (each waits for the transaction's end). The clean import ends by publishing
    // its rows in one transaction, during which an order waits on SQLite's one writer: its orders
    // are counted, not required.
    const later = (w: Window): Window => ({ from: (w.from + w.to) / 2, to: w.to });
    const served = (w: Window) =>
      Object.fromEntries(
        [...KINDS, 'order'].map((k) => [k, inside(timed, later(w)).filter((t) => t.what === k).length]),
      );
    const counts = { refused: served(refused), clean: served(clean) };

    // The figures: every request open at some moment of an import, beside the idle server's.
    const open = [...during(timed, refused), ...during(timed, clean)];
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const publish = (clean.d as { publish_ms?: number } | undefined)?.publish_ms;
    const publishing = publishWindow(clean);
    const published = publishing && during(timed, publishing);
    console.log(
      [
        `import under load (${dialectUnderTest}, ${ROWS.toLocaleString('en')} rows): ` +
          `refused \`all\` ${s(refused.to - refused.from)}, clean \`all\` ${s(clean.to - clean.from)}` +
          `${publish === undefined ? '' : ` (its publish transaction ${publish} ms)`}`,
        `  reads idle:          ${latencyText(reads(idle))}`,
        `  reads during import: ${latencyText(reads(open))}; over ${MAX_READ_MS} ms: ${slow(reads(open))}`,
        `    the slowest: ${slowest(reads(open), [refused, clean]).join(', ')}`,
        ...KINDS.map((k) => `    ${k.padEnd(17)} ${latencyText(open.filter((t) => t.what === k))}`),
        `  orders idle:          ${latencyText(orders(idle))}`,
        `  orders during import: ${latencyText(orders(open))}`,
        ...(published
          ? [
              `  reads during the publish:  ${latencyText(reads(published))}`,
              `  orders during the publish: ${latencyText(orders(published))}`,
            ]
          : []),
        `  served in the later half of each import: ${JSON.stringify(counts)}`,
      ].join('\n'),
    );

    // Each import ran as a job (the call answered it; its end was followed on /job/get).
    expect([refused.job, clean.job].every((id) => id !== undefined)).toBe(true);
    expect(refused.m).toBe('有1行数据有误，没有导入任何一行：请修正后重新导入，或选择仅导入有效行');
    expect(clean.c, clean.m).toBe(0);
    expect(clean.d).toMatchObject({ total: ROWS, valid: ROWS, invalid: 0, created: ROWS });
    expect(await goodsCount(data)).toEqual({ all: before.all + ROWS, imported: ROWS });
    // Every read and every order was answered (no refusal, no 5xx, no dropped connection).
    const failed = [...idle, ...timed].filter((t) => t.c !== 0);
    expect(failed.slice(0, 5)).toEqual([]);
    for (const [run, byKind] of Object.entries(counts))
      for (const kind of KINDS)
        expect(byKind[kind], `${kind}s served in the ${run} import`).toBeGreaterThan(0);
    expect(counts.refused.order, 'orders served in the refused import').toBeGreaterThan(0);
  }, 900_000);
});
