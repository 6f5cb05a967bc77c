import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPANY_TABLES } from '../apps/server/src/platform/db/scope.ts';

/**
 * Company scope as a primitive (issue 20): outside the platform, code reaches a company table only
 * through `inCompany` / `acrossCompanies` (apps/server/src/platform/db/scope.ts), which add the
 * company and the live-rows condition to every statement. A statement that starts from a company
 * table on the bare database (`db.selectFrom('goods')`, raw `update goods`) is a finding. Joins
 * from a scoped row to the rows it references are allowed.
 */
const root = path.resolve(import.meta.dirname, '..');
const company = new Set<string>(COMPANY_TABLES);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/**
 * The receiver a builder call is made on, following the chain back over line breaks and calls:
 * `inCompany(db, id)\n  .selectFrom(…)` → `inCompany`; `scope.updateTable(…)` → `scope`.
 */
function receiverOf(before: string): string {
  let i = before.length - 1;
  while (i >= 0 && /\s/.test(before[i] as string)) i--;
  if (before[i] === ')') {
    let depth = 0;
    for (; i >= 0; i--) {
      if (before[i] === ')') depth++;
      else if (before[i] === '(') {
        depth--;
        if (depth === 0) break;
      }
    }
    i--;
  }
  const m = before.slice(0, i + 1).match(/([A-Za-z_$][\w$]*)\s*$/);
  return m?.[1] ?? '';
}

/** An explicit, reviewed exception: `// company-scope: <why>` on the line before the statement. */
const EXEMPT = /\/\/ company-scope: \S/;

/** Where a file starts a statement from a company table without the scope helper. */
function findings(source: string): string[] {
  const out: string[] = [];
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  const lines = source.split('\n');
  const exempt = (line: number) => EXEMPT.test(lines[line - 2] ?? '') || EXEMPT.test(lines[line - 3] ?? '');
  for (const m of source.matchAll(/\.(selectFrom|updateTable|deleteFrom|insertInto)\(\s*['"`]([a-z_]+)/g)) {
    if (!company.has(m[2] as string)) continue;
    // Through the helper: `inCompany(…)`, `acrossCompanies(…)` or a scope held in a variable.
    if (/^(inCompany|acrossCompanies)$|scope/i.test(receiverOf(source.slice(0, m.index)))) continue;
    const line = lineOf(m.index);
    if (!exempt(line)) out.push(`${line}: ${(lines[line - 1] ?? '').trim()}`);
  }
  for (const m of source.matchAll(/sql(?:<[^>]*>)?`[^`]*`/g)) {
    for (const r of m[0].matchAll(/\b(from|update|into)\s+([a-z_]+)\b/gi)) {
      const line = lineOf(m.index);
      if (company.has(r[2] as string) && !exempt(line))
        out.push(`${line}: ${(lines[line - 1] ?? '').trim()}`);
    }
  }
  return out;
}

describe('company tables are reached through the scope helper', () => {
  it('finds a statement on a company table without it (a planted violation)', () => {
    expect(findings("const rows = await db.selectFrom('goods').selectAll().execute();")).toHaveLength(1);
    expect(findings('await sql`update goods set stock = 0`.execute(db);')).toHaveLength(1);
    expect(findings("await scope.selectFrom('goods', 'g').selectAll().execute();")).toEqual([]);
    expect(
      findings("await inCompany(db, companyId)\n  .selectFrom('goods', 'g')\n  .selectAll().execute();"),
    ).toEqual([]);
    expect(findings("await db\n  .updateTable('orders')\n  .set({ status: 5 })\n  .execute();")).toHaveLength(
      1,
    );
    expect(
      findings(
        "// company-scope: the expiry job sweeps every company\nawait db.selectFrom('orders').execute();",
      ),
    ).toEqual([]);
    expect(findings("await db.selectFrom('sessions').selectAll().execute();")).toEqual([]);
  });

  it('no module does', () => {
    const found: string[] = [];
    for (const file of files(path.join(root, 'apps/server/src/modules'))) {
      for (const f of findings(fs.readFileSync(file, 'utf8')))
        found.push(`${path.relative(root, file)}:${f}`);
    }
    expect(found).toEqual([]);
  });
});
