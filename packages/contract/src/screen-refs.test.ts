import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as calls from './call-routes.ts';
import * as contract from './index.ts';
import type { Column, Shape } from './screen.ts';

/**
 * A reference's picker searches its `ref.select` call (the web's RefSelect): a path no call declares
 * would leave the picker empty without a word. Every reference of every declared shape names one.
 */

const isColumn = (v: unknown): v is Column =>
  typeof v === 'object' && v !== null && 'places' in v && 'label' in v && 'kind' in v;
const isShape = (v: unknown): v is Shape =>
  typeof v === 'object' && v !== null && Object.keys(v).length > 0 && Object.values(v).every(isColumn);

/** Each reference column of the contract's shapes (a shape exported as is, or a resource's), once. */
function references(): Map<Column, string> {
  const found = new Map<Column, string>();
  for (const [exported, value] of Object.entries(contract)) {
    const shape = isShape(value)
      ? value
      : typeof value === 'object' && value !== null && isShape((value as { shape?: unknown }).shape)
        ? (value as { shape: Shape }).shape
        : undefined;
    for (const [key, column] of Object.entries(shape ?? {}))
      if (column.ref && !found.has(column)) found.set(column, `${exported}.${key}`);
  }
  return found;
}

describe('references', () => {
  const declared = new Set(
    Object.values(calls).flatMap((table) =>
      Object.values(table as Record<string, { path: string }>).map((c) => c.path),
    ),
  );

  it('name a declared call for their picker', () => {
    const unknown = [...references()]
      .filter(([column]) => !declared.has(column.ref?.select ?? ''))
      .map(([column, where]) => `${where}: ${column.ref?.select}`);
    expect(unknown).toEqual([]);
  });

  it('are all reached: as many as the sources declare with col.ref', () => {
    const sources = fs
      .readdirSync(import.meta.dirname)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => fs.readFileSync(path.join(import.meta.dirname, f), 'utf8'));
    const written = sources.reduce((n, text) => n + (text.match(/\bcol\.ref\(/g)?.length ?? 0), 0);
    expect(written).toBeGreaterThan(0);
    expect(references().size).toBe(written);
  });
});
