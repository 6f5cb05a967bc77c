import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callRoutesSource } from '../packages/contract/scripts/gen-call-routes.ts';
import type { Call } from '../packages/contract/src/call.ts';

/**
 * The web's zod-free calls (packages/contract/src/call-routes.ts) are generated from the
 * declarations: a declaration added, removed or changed without `npm run gen -w @portal/contract`
 * fails here. Whitespace is ignored (Biome formats the file).
 */
const file = path.resolve(import.meta.dirname, '../packages/contract/src/call-routes.ts');
const squeeze = (s: string) => s.replace(/\s+/g, '').replace(/,([)}\]])/g, '$1');

describe('call-routes.ts', () => {
  it('is what the declarations generate', () => {
    expect(squeeze(fs.readFileSync(file, 'utf8'))).toBe(squeeze(callRoutesSource()));
  });
});

describe('call-routes.ts read back (callTable)', () => {
  it('gives every call the method, path, access and family of its declaration', async () => {
    const routes = (await import('../packages/contract/src/call-routes.ts')) as Record<string, object>;
    const contract = (await import('../packages/contract/src/index.ts')) as Record<string, unknown>;
    for (const [group, table] of Object.entries(routes)) {
      const calls = contract[group] as Record<string, Call>;
      const declared = Object.fromEntries(
        Object.entries(calls).map(([name, c]) => [
          name,
          {
            method: c.method,
            path: c.path,
            access: c.access,
            ...(c.family === 'console' && { family: c.family }),
          },
        ]),
      );
      expect(table, group).toEqual(declared);
    }
  });
});

/** Every TypeScript source of the three sides, but tests. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('path parameters', () => {
  it("are read by one pattern, call.ts' (pathParams, fillPath), not written again by the server or the web", () => {
    const root = path.resolve(import.meta.dirname, '..');
    const files = ['packages/contract/src', 'apps/server/src', 'apps/web/src'].flatMap((d) =>
      sources(path.join(root, d)),
    );
    const writers = files.filter((f) => fs.readFileSync(f, 'utf8').includes('\\{(\\w+)\\}'));
    expect(writers.map((f) => path.relative(root, f))).toEqual(['packages/contract/src/call.ts']);
  });
});
