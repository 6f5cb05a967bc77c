import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` refuses a lock file that lacks an entry for an optional dependency of a package it
 * holds, even one for another platform (issue 20: Biome's platform binaries were missing because
 * this machine's registry carries only the Linux ones). A fresh clone installs with `npm ci`.
 */
const root = path.resolve(import.meta.dirname, '..');

describe('package-lock.json', () => {
  it('has an entry for every optional dependency of every package in it', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>;
    };
    const missing: string[] = [];
    for (const [where, pkg] of Object.entries(lock.packages)) {
      for (const name of Object.keys(pkg.optionalDependencies ?? {})) {
        // npm looks in the package's own node_modules first, then upwards.
        const parts = where.split('node_modules/').filter(Boolean);
        const candidates = [];
        for (let i = parts.length; i >= 0; i--) {
          const base = parts
            .slice(0, i)
            .map((p) => `node_modules/${p.replace(/\/$/, '')}/`)
            .join('');
          candidates.push(`${base}node_modules/${name}`);
        }
        if (!candidates.some((c) => c in lock.packages)) missing.push(`${name} (of ${where || 'the root'})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
