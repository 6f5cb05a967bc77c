import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callRoutesSource } from '../packages/contract/scripts/gen-call-routes.ts';

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
