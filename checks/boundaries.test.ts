import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Module boundaries as checks (issue 20, docs/ARCHITECTURE.md "Module boundaries"):
 * - another module is reached only through its `index.ts`, from modules and from the composition
 *   root alike;
 * - the platform does not depend on modules;
 * - services and repositories know nothing of HTTP (`platform/http`): application errors and paging
 *   are in `platform/core`;
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
    if (/\.(service|repository)\.ts$/.test(rel) && target.startsWith('platform/http/'))
      out.push(`a service or repository imports HTTP: ${spec} (use platform/core)`);
  }
  return out;
}

/** The findings of one web file. */
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
      serverFindings(
        'modules/order/order.service.ts',
        "import { ok } from '#server/platform/http/reply.ts';",
      ),
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
    expect(webFindings("const r = api.post<Order>('/order/list', {});")).toHaveLength(1);
    expect(webFindings("import { x } from '../../shared/api/client.ts';")).toHaveLength(1);
    expect(webFindings('const r = api.call(orderCalls.list, {});')).toEqual([]);
    expect(webFindings("import { orderCalls, type Order } from '@portal/contract';")).toHaveLength(1);
    expect(webFindings("import { orderCalls } from '@portal/contract/calls';")).toEqual([]);
  });

  it('hold in the server', () => {
    const found = files(server).flatMap((f) =>
      serverFindings(path.relative(server, f), fs.readFileSync(f, 'utf8')).map(
        (x) => `${path.relative(root, f)}: ${x}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('hold in the web', () => {
    const found = files(web)
      .filter((f) => !f.endsWith('.test.ts') && !f.endsWith('.test.tsx'))
      .flatMap((f) => webFindings(fs.readFileSync(f, 'utf8')).map((x) => `${path.relative(root, f)}: ${x}`));
    expect(found).toEqual([]);
  });
});
