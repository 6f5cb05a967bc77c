import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * '@portal/contract/constants' (src/zod-free.ts) and '@portal/contract/calls' (src/call-routes.ts)
 * are the contract without zod: nothing reachable from them through runtime imports may import
 * zod, or a page that only needs a constant or a call would load every schema (issue 20).
 */
const src = path.resolve(import.meta.dirname, '../packages/contract/src');

/** The files a module reaches through runtime imports (`import type` loads nothing). */
function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  for (const m of source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)) {
    const spec = m[1] as string;
    if (spec.startsWith('.')) reach(path.resolve(path.dirname(file), spec), seen);
    else seen.add(spec);
  }
  return seen;
}

describe('the zod-free entries of the contract', () => {
  it.each(['zod-free.ts', 'call-routes.ts'])('%s reaches no zod', (entry) => {
    expect([...reach(path.join(src, entry))].filter((x) => x === 'zod' || x.startsWith('zod/'))).toEqual([]);
  });

  it('would see zod reached through a re-export (a planted violation)', () => {
    expect(reach(path.join(src, 'index.ts')).has('zod')).toBe(true);
  });
});
