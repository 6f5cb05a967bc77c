import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Module boundaries as checks (issue 20 and issue 32; docs/adr/0035-boundaries-and-names.md):
 * - another module is reached only through its `index.ts`, on both sides: server modules, the
 *   server's composition root, and web modules (the web's route table in `app/` loads pages by path,
 *   which keeps each page its own chunk);
 * - the platform (server) and `shared/` (web) do not depend on modules;
 * - services hold rules, not SQL: a module's `*.service.ts` starts no statement (Kysely's builders,
 *   a raw `sql` template); its repository (or store, or a named data file) does;
 * - rules know nothing of HTTP: in a server module every file but its `*.routes.ts` and its
 *   `index.ts` (which wires the routes) is a rules file (`*.service.ts`, `*.store.ts`,
 *   `*.repository.ts` and any other name), and no rules file may reach fastify, `@fastify/*` or
 *   `platform/http/` — directly, or through any server file it imports (another module's
 *   `index.ts` ends the walk: that module's own files are checked on their own);
 * - no circle between modules, on either side: the graph of which module imports which (type
 *   imports count: a circle of types is a circle of knowledge) has no cycle;
 * - no deep relative imports (`../../`) where an alias exists (`#server/`, `#web/`);
 * - the web makes API calls only through declarations (`api.call`), never by path, and takes them
 *   from the zod-free '@portal/contract/calls'.
 */
const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server/src');
const web = path.join(root, 'apps/web/src');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

const importPattern = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;

/** Where an import leads inside the server source, as a path relative to apps/server/src. */
function serverTarget(file: string, spec: string): string | undefined {
  if (spec.startsWith('#server/')) return spec.slice('#server/'.length);
  if (spec.startsWith('.')) {
    const abs = path.resolve(path.dirname(file), spec);
    return abs.startsWith(server + path.sep) ? path.relative(server, abs) : undefined;
  }
  return undefined;
}

/** The boundary findings of one server file (`rel` relative to apps/server/src). */
function serverFindings(rel: string, source: string): string[] {
  const out: string[] = [];
  const file = path.join(server, rel);
  const own = rel.match(/^modules\/([^/]+)\//)?.[1];
  for (const m of source.matchAll(importPattern)) {
    const spec = m[1] as string;
    if (spec.startsWith('../../')) out.push(`deep relative import ${spec} (use #server/)`);
    const target = serverTarget(file, spec);
    if (!target) continue;
    const mod = target.match(/^modules\/([^/]+)\/(.+)$/);
    if (mod && mod[1] !== own && mod[2] !== 'index.ts')
      out.push(`reaches into module ${mod[1]}: ${spec} (import its index.ts)`);
    if (rel.startsWith('platform/') && target.startsWith('modules/'))
      out.push(`the platform depends on a module: ${spec}`);
  }
  if (/^modules\/[^/]+\/.+\.service\.ts$/.test(rel)) {
    const statement = STATEMENT.exec(source)?.[0];
    if (statement) out.push(`a service builds SQL (${statement}…): put it in the module's repository`);
  }
  return out;
}

/** What starts a statement (Kysely's builders, a raw `sql` template): repositories' and stores' work. */
const STATEMENT = /\.(selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`/;

/** A rules file: any file of a server module but its routes, its index.ts (route wiring) and tests. */
const isRulesFile = (rel: string) =>
  /^modules\/[^/]+\/.+\.ts$/.test(rel) &&
  !/\.routes\.ts$/.test(rel) &&
  !/^modules\/[^/]+\/index\.ts$/.test(rel) &&
  !/\.test\.ts$/.test(rel);

/** What counts as HTTP: the web framework, its plugins and the platform's HTTP layer. */
const isHttp = (spec: string, target: string | undefined) =>
  target ? target.startsWith('platform/http/') : /^(fastify|@fastify\/.+)$/.test(spec);

/**
 * For each rules file of `sources` (server files by path relative to apps/server/src), the chain
 * by which it reaches HTTP, if it does. The walk follows every import (types too) of server files
 * and stops at another module's index.ts.
 */
function httpFindings(sources: ReadonlyMap<string, string>): string[] {
  const memo = new Map<string, string[] | null>();
  const reach = (rel: string): string[] | null => {
    if (memo.has(rel)) return memo.get(rel) ?? null;
    memo.set(rel, null); // a cycle reaches nothing new
    const source = sources.get(rel);
    let found: string[] | null = null;
    for (const m of (source ?? '').matchAll(importPattern)) {
      const spec = m[1] as string;
      const target = serverTarget(path.join(server, rel), spec);
      if (isHttp(spec, target)) {
        found = [target ?? spec];
        break;
      }
      if (!target || /^modules\/[^/]+\/index\.ts$/.test(target)) continue;
      const further = reach(target);
      if (further) {
        found = [target, ...further];
        break;
      }
    }
    memo.set(rel, found);
    return found;
  };
  return [...sources.keys()].filter(isRulesFile).flatMap((rel) => {
    const chain = reach(rel);
    return chain ? [`${rel}: a rules file reaches HTTP: ${[rel, ...chain].join(' → ')}`] : [];
  });
}

/** The web module a path relative to apps/web/src lies in. */
const webModuleOf = (rel: string) => rel.match(/^modules\/([^/]+)\//)?.[1];

/** Where an import leads inside the web source, relative to apps/web/src. */
function webTarget(rel: string, spec: string): string | undefined {
  if (spec.startsWith('#web/')) return spec.slice('#web/'.length);
  if (spec.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
  return undefined;
}

/** The findings of one web file (`rel` relative to apps/web/src; tests are checked too). */
function webBoundaryFindings(rel: string, source: string): string[] {
  const out: string[] = [];
  const own = webModuleOf(rel);
  for (const m of source.matchAll(importPattern)) {
    const spec = m[1] as string;
    const target = webTarget(rel, spec);
    if (!target) continue;
    const mod = target.match(/^modules\/([^/]+)\/(.+)$/);
    if (own && mod && mod[1] !== own && mod[2] !== 'index.ts')
      out.push(`reaches into module ${mod[1]}: ${spec} (import its index.ts)`);
    if (rel.startsWith('shared/') && mod) out.push(`shared/ depends on a module: ${spec}`);
  }
  return out;
}

/** The findings of one web file (tests are not checked for these). */
function webFindings(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(importPattern)) {
    if ((m[1] as string).startsWith('../../')) out.push(`deep relative import ${m[1]} (use #web/)`);
  }
  for (const m of source.matchAll(/\bapi\.(get|post)\s*[<(]/g)) out.push(`API call by path: api.${m[1]}`);
  // Declarations carry their schemas (zod): the web takes the zod-free routes instead.
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@portal\/contract'/g)) {
    if (/\b\w+Calls\b/.test(m[1] as string))
      out.push("calls imported from '@portal/contract' (use '@portal/contract/calls')");
  }
  return out;
}

/** Which module imports which: `modules/<a>/…` importing `modules/<b>/…` (a ≠ b) is an edge a → b. */
function moduleGraph(
  sources: ReadonlyMap<string, string>,
  target: (rel: string, spec: string) => string | undefined,
): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [rel, source] of sources) {
    const from = rel.match(/^modules\/([^/]+)\//)?.[1];
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const m of source.matchAll(importPattern)) {
      const to = target(rel, m[1] as string)?.match(/^modules\/([^/]+)\//)?.[1];
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/**
 * The circles of a module graph: each strongly connected component of more than one module
 * (Tarjan), told as one cycle through it, e.g. `cart → catalogue → cart`.
 */
function moduleCycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.map((component) => {
    // One cycle through the component: walk from its first module along edges inside it.
    const inside = new Set(component);
    const start = [...component].sort()[0] as string;
    const pathTo = (from: string, seen: string[]): string[] | null => {
      for (const w of [...(graph.get(from) ?? [])].sort()) {
        if (!inside.has(w)) continue;
        if (w === start) return [...seen, w];
        if (!seen.includes(w)) {
          const p = pathTo(w, [...seen, w]);
          if (p) return p;
        }
      }
      return null;
    };
    return (pathTo(start, [start]) ?? component).join(' → ');
  });
}

const read = (dir: string, keep: (f: string) => boolean = () => true) =>
  new Map(
    files(dir)
      .filter(keep)
      .map((f) => [path.relative(dir, f).split(path.sep).join('/'), fs.readFileSync(f, 'utf8')] as const),
  );
const serverTargetOf = (rel: string, spec: string) => serverTarget(path.join(server, rel), spec);

describe('module boundaries', () => {
  it('find planted violations', () => {
    expect(
      serverFindings(
        'modules/order/order.service.ts',
        "import { x } from '#server/modules/cart/cart.repository.ts';",
      ),
    ).toHaveLength(1);
    expect(
      serverFindings('app.ts', "import { orderRoutes } from './modules/order/order.routes.ts';"),
    ).toHaveLength(1);
    expect(
      serverFindings('platform/db/x.ts', "import { cart } from '#server/modules/cart/index.ts';"),
    ).toHaveLength(1);
    expect(
      serverFindings('modules/order/order.routes.ts', "import { a } from '../../platform/db/database.ts';"),
    ).toHaveLength(1);
    expect(
      serverFindings(
        'modules/order/order.service.ts',
        "import { cart } from '#server/modules/cart/index.ts';",
      ),
    ).toEqual([]);
    expect(
      serverFindings('modules/order/order.service.ts', "await inCompany(db, id).selectFrom('orders', 'o')"),
    ).toHaveLength(1);
    expect(serverFindings('modules/order/order.service.ts', 'const n = sql<number>`count(*)`;')).toHaveLength(
      1,
    );
    expect(
      serverFindings(
        'modules/order/order.repository.ts',
        "await inCompany(db, id).selectFrom('orders', 'o')",
      ),
    ).toEqual([]);
    expect(webFindings("const r = api.post<Order>('/order/list', {});")).toHaveLength(1);
    expect(webFindings("import { x } from '../../shared/api/client.ts';")).toHaveLength(1);
    expect(webFindings('const r = api.call(orderCalls.list, {});')).toEqual([]);
    expect(webFindings("import { orderCalls, type Order } from '@portal/contract';")).toHaveLength(1);
    expect(webFindings("import { orderCalls } from '@portal/contract/calls';")).toEqual([]);
  });

  it('find a rules file of any name that reaches HTTP, directly or through what it imports', () => {
    const sources = new Map([
      // a store (not a service or repository) importing the HTTP layer
      ['modules/brand/brand.store.ts', "import { serve } from '#server/platform/http/serve.ts';"],
      // a file of any other name importing fastify itself, types only
      ['modules/stock/stock-ledger.ts', "import type { FastifyRequest } from 'fastify';"],
      // a service reaching HTTP through a platform file that serves
      ['modules/pmc/pmc.service.ts', "import { resourceService } from '#server/platform/resource/r.ts';"],
      ['platform/resource/r.ts', "import { serve } from '../http/serve.ts';"],
      // ...and through a file of its own module
      ['modules/cart/cart.service.ts', "import { a } from './cart-rules.ts';"],
      ['modules/cart/cart-rules.ts', "import type { FastifyReply } from 'fastify';"],
      // allowed: routes, the index's route wiring, another module's index, the platform's core
      ['modules/order/order.routes.ts', "import { serve } from '#server/platform/http/serve.ts';"],
      ['modules/order/index.ts', "import { serve } from '#server/platform/http/serve.ts';"],
      [
        'modules/order/order.service.ts',
        "import { orders } from '#server/modules/order/index.ts';\nimport { cart } from '#server/modules/cart/index.ts';\nimport { AppError } from '#server/platform/core/errors.ts';",
      ],
      ['modules/cart/index.ts', "import { cartRoutes } from './cart.routes.ts';"],
    ]);
    expect(httpFindings(sources)).toEqual([
      'modules/brand/brand.store.ts: a rules file reaches HTTP: modules/brand/brand.store.ts → platform/http/serve.ts',
      'modules/stock/stock-ledger.ts: a rules file reaches HTTP: modules/stock/stock-ledger.ts → fastify',
      'modules/pmc/pmc.service.ts: a rules file reaches HTTP: modules/pmc/pmc.service.ts → platform/resource/r.ts → platform/http/serve.ts',
      'modules/cart/cart.service.ts: a rules file reaches HTTP: modules/cart/cart.service.ts → modules/cart/cart-rules.ts → fastify',
      'modules/cart/cart-rules.ts: a rules file reaches HTTP: modules/cart/cart-rules.ts → fastify',
    ]);
    expect(isRulesFile('modules/goods-library/goods.store.ts')).toBe(true);
    expect(isRulesFile('modules/payment/sandbox.ts')).toBe(true);
    expect(isRulesFile('modules/payment/payment.routes.ts')).toBe(false);
    expect(isRulesFile('modules/payment/index.ts')).toBe(false);
    expect(isRulesFile('modules/account/login-limiter.test.ts')).toBe(false);
  });

  it('find a web module reaching into another, and shared/ depending on a module', () => {
    expect(
      webBoundaryFindings(
        'modules/cart/CartPage.tsx',
        "import { GoodsCover } from '#web/modules/catalogue/GoodsCard.tsx';",
      ),
    ).toHaveLength(1);
    expect(
      webBoundaryFindings(
        'modules/cart/CartPage.tsx',
        "import { GoodsCover } from '../catalogue/GoodsCard.tsx';",
      ),
    ).toHaveLength(1);
    expect(
      webBoundaryFindings(
        'modules/cart/CartPage.tsx',
        "import { GoodsCover } from '#web/modules/catalogue/index.ts';",
      ),
    ).toEqual([]);
    expect(
      webBoundaryFindings('modules/cart/CartPage.tsx', "import { cartLines } from './cartLines.ts';"),
    ).toEqual([]);
    expect(
      webBoundaryFindings(
        'shared/shop/ShopLayout.tsx',
        "import { useCart } from '#web/modules/cart/index.ts';",
      ),
    ).toEqual(['shared/ depends on a module: #web/modules/cart/index.ts']);
    // the route table loads a page by its path (each page its own chunk)
    expect(
      webBoundaryFindings(
        'app/routes/public.ts',
        "lazyPage(() => import('#web/modules/cart/CartPage.tsx'), 'CartPage')",
      ),
    ).toEqual([]);
  });

  it('find circles between modules', () => {
    const graph = (edges: Record<string, string[]>) =>
      new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));
    // the two circles issue 32 found
    expect(moduleCycles(graph({ 'area-home': ['stock'], stock: ['area-home'] }))).toEqual([
      'area-home → stock → area-home',
    ]);
    expect(
      moduleCycles(graph({ catalogue: ['cart', 'cms'], cart: ['catalogue'], cms: [], order: ['cart'] })),
    ).toEqual(['cart → catalogue → cart']);
    // a longer one, and two apart
    expect(moduleCycles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['e'], e: ['d'], f: ['a'] }))).toEqual([
      'a → b → c → a',
      'd → e → d',
    ]);
    expect(moduleCycles(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
    // edges come from imports, relative ones included, types too
    const web = moduleGraph(
      new Map([
        ['modules/cart/CartPage.tsx', "import type { X } from '../catalogue/index.ts';"],
        ['modules/catalogue/Goods.tsx', "import { useCart } from '#web/modules/cart/index.ts';"],
      ]),
      webTarget,
    );
    expect(moduleCycles(web)).toEqual(['cart → catalogue → cart']);
  });

  it('hold in the server', () => {
    const sources = read(server);
    const found = [...sources].flatMap(([rel, source]) =>
      serverFindings(rel, source).map((x) => `apps/server/src/${rel}: ${x}`),
    );
    expect(found).toEqual([]);
    expect(httpFindings(sources)).toEqual([]);
    expect(moduleCycles(moduleGraph(sources, serverTargetOf))).toEqual([]);
  });

  it('hold in the web', () => {
    const sources = read(web);
    const found = [...sources].flatMap(([rel, source]) =>
      [...webBoundaryFindings(rel, source), ...(/\.test\.tsx?$/.test(rel) ? [] : webFindings(source))].map(
        (x) => `apps/web/src/${rel}: ${x}`,
      ),
    );
    expect(found).toEqual([]);
    expect(moduleCycles(moduleGraph(sources, webTarget))).toEqual([]);
  });
});
