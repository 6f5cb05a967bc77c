// Issue 38: what a search engine beside the database would answer for the shop's random category +
// keyword query, measured beside the database in one run (catalogue-million.bench.ts,
// BENCH_ENGINE=1). No search server installs from this machine's registries (Elasticsearch,
// OpenSearch, Meilisearch, Typesense, Manticore: none in Debian's packages or on npm), so this is
// the core such an engine runs, at its best: every token's posting list held in memory as a
// compressed bitmap (roaring-wasm — the structure Meilisearch keeps its postings and filters in,
// and Lucene its filter caches), documents numbered in the list's order (newest last) so that the
// first page is the top of the intersection, and a plain HTTP answer of the count and the page's
// goods ids. The same tokens as the database's index (catalogue-index.ts `indexColumns`) and the
// same query tokens (search-tokens.ts `queryTokens`): the same goods are found.
//
// Asked with `docs=1` it answers the page's goods themselves, as an engine that stores the shown
// fields does (written once, as the list shows them); without, their ids, which the shop would then
// read by id (the list route's `ids=`). The bench measures both ways. A benchmark's reference, not
// a part of the product (ADR 0014 "At a million goods again").
//
// Env: ENGINE_DB_URL (a SQLite file or a PostgreSQL URL), ENGINE_COMPANY, ENGINE_PORT. Prints one
// JSON line when it listens: { port, goods, tokens, buildMs, rss }.
import http from 'node:http';
import { categoriesOf, indexColumns } from '@portal/server/src/modules/catalogue/catalogue-index.ts';
import { queryTokens, scopeToken } from '@portal/server/src/modules/catalogue/search-tokens.ts';
import { modulesDatabase, openDatabase } from '@portal/server/src/platform/db/database.ts';
import { inCompany } from '@portal/server/src/platform/db/scope.ts';
import { RoaringBitmap32, roaringLibraryInitialize } from 'roaring-wasm';

const url = process.env.ENGINE_DB_URL ?? '';
const companyId = Number(process.env.ENGINE_COMPANY ?? 125);
const port = Number(process.env.ENGINE_PORT ?? 0);
const BATCH = 20_000;
/** Below this many goods a token keeps a plain sorted list (most of a million codes hold one goods each). */
const BITMAP_FROM = 64;

type Postings = RoaringBitmap32 | Uint32Array;

await roaringLibraryInitialize();
const started = performance.now();
const handle = openDatabase({ url, poolSize: 2 });
const db = modulesDatabase(handle.db);
const categories = await categoriesOf(db, companyId);

// Documents in the list's default order ('new': created_at, then id), so a page of the newest is
// the intersection's last documents; `goodsOf[doc]` is the goods id.
const order: { id: number; at: number }[] = [];
/** PostgreSQL answers a timestamp as a Date, SQLite as its ISO text. */
const timeOf = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)));
{
  let after = 0;
  for (;;) {
    const rows = await inCompany(db, companyId)
      .selectFrom('goods', 'g')
      .select(['g.id', 'g.created_at'])
      .where('g.id', '>', after)
      .orderBy('g.id')
      .limit(BATCH * 5)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) order.push({ id: r.id, at: timeOf(r.created_at) });
    after = rows[rows.length - 1]?.id as number;
  }
}
order.sort((a, b) => a.at - b.at || a.id - b.id);
const goodsOf = Uint32Array.from(order.map((o) => o.id));
const docOf = new Map(order.map((o, doc) => [o.id, doc]));
order.length = 0;

/** Each document's goods as the list shows it, as JSON (the engine's stored fields). */
const shown: string[] = new Array(goodsOf.length);

// Every token's postings: a plain list while it holds few goods, a bitmap once it holds more.
const building = new Map<string, number[] | RoaringBitmap32>();
{
  let after = 0;
  for (;;) {
    const goods = await inCompany(db, companyId)
      .selectFrom('goods', 'g')
      .leftJoin('goods_brands as b', 'b.id', 'g.brand_id')
      .select(['g.id', 'g.code', 'g.name', 'g.subtitle', 'g.keywords', 'g.category_id', 'g.on_sale'])
      .select(['g.is_public', 'g.del_flag', 'b.name as brand_name', 'g.cover', 'g.price'])
      .select(['g.original_price', 'g.stock', 'g.sales', 'g.love_count', 'g.is_new', 'g.is_recommend'])
      .select('g.created_at')
      .where('g.id', '>', after)
      .orderBy('g.id')
      .limit(BATCH)
      .execute();
    if (goods.length === 0) break;
    const batch = new Map<string, number[]>();
    for (const g of goods) {
      const doc = docOf.get(g.id) as number;
      shown[doc] = JSON.stringify({
        id: g.id,
        name: g.name,
        subtitle: g.subtitle,
        cover: g.cover,
        price: g.price,
        original_price: g.original_price,
        stock: g.stock,
        sales: g.sales,
        love_count: g.love_count,
        category_id: g.category_id,
        category_name: g.category_id === null ? '' : (categories.get(g.category_id)?.name ?? ''),
        is_new: g.is_new,
        is_recommend: g.is_recommend,
        create_time: g.created_at,
      });
      for (const token of indexColumns('pg', companyId, categories, g).search_tokens ?? []) {
        const list = batch.get(token);
        if (list) list.push(doc);
        else batch.set(token, [doc]);
      }
    }
    for (const [token, docs] of batch) {
      const was = building.get(token);
      if (was instanceof RoaringBitmap32) was.addMany(docs);
      else {
        const all = was ? was.concat(docs) : docs;
        building.set(token, all.length >= BITMAP_FROM ? new RoaringBitmap32(all) : all);
      }
    }
    after = goods[goods.length - 1]?.id as number;
  }
}
await handle.close();
const postings = new Map<string, Postings>();
for (const [token, docs] of building) {
  if (docs instanceof RoaringBitmap32) {
    docs.runOptimize();
    docs.shrinkToFit();
    postings.set(token, docs);
  } else postings.set(token, Uint32Array.from(docs).sort());
}
building.clear();
docOf.clear();
const buildMs = performance.now() - started;

/** The goods holding every token, newest first: their count and one page of documents. */
function search(tokens: readonly string[], page: number, size: number): { count: number; docs: number[] } {
  const lists: Postings[] = [];
  for (const t of tokens) {
    const p = postings.get(t);
    if (!p) return { count: 0, docs: [] };
    lists.push(p);
  }
  const sizeOf = (p: Postings) => (p instanceof Uint32Array ? p.length : p.size);
  lists.sort((a, b) => sizeOf(a) - sizeOf(b));
  const [first, ...rest] = lists;
  if (!first) return { count: 0, docs: [] };
  /** The page of `count` documents in ascending order whose slice `[from, to)` is `slice`. */
  const pageOf = (count: number, slice: (from: number, to: number) => number[]) => {
    const end = Math.max(0, count - (page - 1) * size);
    return { count, docs: slice(Math.max(0, end - size), end).reverse() };
  };
  if (first instanceof Uint32Array) {
    // A rare token (fewer than BITMAP_FROM goods): its documents checked against the others.
    const docs = [...first].filter((d) =>
      rest.every((p) => (p instanceof Uint32Array ? p.includes(d) : p.has(d))),
    );
    return pageOf(docs.length, (from, to) => docs.slice(from, to));
  }
  // Every other list is a bitmap too (the lists are smallest first).
  const hit = first.clone();
  for (const b of rest as RoaringBitmap32[]) hit.andInPlace(b);
  try {
    return pageOf(hit.size, (from, to) => hit.sliceArray(from, to));
  } finally {
    hit.dispose();
  }
}

const server = http.createServer((req, res) => {
  const q = new URL(req.url ?? '/', 'http://engine').searchParams;
  const category = q.get('category_id');
  const tokens = [
    category ? scopeToken.category(Number(category)) : scopeToken.company(companyId),
    ...queryTokens(q.get('keyword') ?? ''),
  ];
  const found = search(tokens, Number(q.get('page') ?? 1), Number(q.get('page_size') ?? 20));
  const body =
    q.get('docs') === '1'
      ? `{"c":0,"d":{"count":${found.count},"results":[${found.docs.map((d) => shown[d]).join(',')}]}}`
      : JSON.stringify({ c: 0, d: { count: found.count, ids: found.docs.map((d) => goodsOf[d]) } });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  globalThis.gc?.();
  console.log(
    JSON.stringify({
      port: typeof address === 'object' && address ? address.port : port,
      goods: goodsOf.length,
      tokens: postings.size,
      buildMs: Math.round(buildMs),
      rss: process.memoryUsage().rss,
    }),
  );
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
