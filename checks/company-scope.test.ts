import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPANY_TABLES } from '../apps/server/src/platform/db/scope.ts';

/**
 * Company scope, the second net (issue 20, issue 32; ADR 0012). The first is the type: a module's
 * `Database` does not offer company tables, so a builder statement on one reaches it through
 * `inCompany` / `acrossCompanies` or the named exemption `unscoped(db, 'why')`
 * (checks/company-scope.types.ts proves a bare `db.selectFrom('goods')` does not compile). What a
 * type cannot see is found here, in `apps/server/src/modules`:
 * - a builder statement started from a company table on a receiver that is not a scope
 *   (`inCompany(…)`, `acrossCompanies(…)`, `unscoped(…)`, or a variable or parameter holding one);
 * - a builder statement whose table is a name held in a variable, on such a receiver;
 * - SQL text naming a company table after `from`, `join`, `update` or `into`: in any template
 *   literal (an `sql` template, nested ones too) or a string given to `sql.raw`;
 * - `sql.raw`, `sql.table` or `sql.id` given anything but a literal (a name the scan cannot read),
 *   `sql.table`/`sql.id` given a company table, and SQL text that takes its table from a
 *   substitution (`from ${…}`);
 * - `unscoped` without a literal reason, and a module naming the full handle (`PlatformDatabase`,
 *   `Kysely<`, `modulesDatabase`, `withTables`) or casting its handle.
 * SQL text that names a company table on purpose says why on the line before or the one before
 * that: `// company-scope: <why>` (builder statements use `unscoped(db, '<why>')` instead).
 */
const root = path.resolve(import.meta.dirname, '..');
const modules = path.join(root, 'apps/server/src/modules');
const company = new Set<string>(COMPANY_TABLES);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** The source with comments and the text of strings blanked (same length, line breaks kept). */
interface Lexed {
  /** Code only: comments, string and template text replaced by spaces. */
  code: string;
  /** The literal text of every template literal (between its substitutions), where it starts. */
  templates: {
    text: string;
    at: number;
    /** Where the outermost template of this text starts (its statement's line). */
    outer: number;
    /** A substitution `${` follows this text. */
    open: boolean;
  }[];
}

function lex(source: string): Lexed {
  const code = source.split('');
  const templates: Lexed['templates'] = [];
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (code[k] !== '\n') code[k] = ' ';
  };
  /** Braces open in code since each template substitution began (a stack, for nesting). */
  const substitutions: number[] = [];
  let outer = 0;
  let i = 0;
  const templateText = () => {
    // At the first character of a template's text: read to the closing backtick or to `${`.
    const start = i;
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        templates.push({ text: source.slice(start, i), at: start, outer, open: false });
        blank(start, i);
        i++;
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        templates.push({ text: source.slice(start, i), at: start, outer, open: true });
        blank(start, i);
        i += 2;
        substitutions.push(0);
        return;
      } else i++;
    }
  };
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === "'" || c === '"') {
      // The quotes stay, so a literal argument is still seen as one: 'goods' → '     '.
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      blank(i + 1, j);
      i = j + 1;
    } else if (c === '`') {
      if (substitutions.length === 0) outer = i;
      i++;
      templateText();
    } else if (c === '{' && substitutions.length > 0) {
      substitutions[substitutions.length - 1] = (substitutions[substitutions.length - 1] as number) + 1;
      i++;
    } else if (c === '}' && substitutions.length > 0) {
      const depth = substitutions[substitutions.length - 1] as number;
      i++;
      if (depth === 0) {
        substitutions.pop();
        templateText();
      } else substitutions[substitutions.length - 1] = depth - 1;
    } else i++;
  }
  return { code: code.join(''), templates };
}

/**
 * The receiver a builder call is made on, following the chain back over line breaks and calls:
 * `inCompany(db, id)\n  .selectFrom(…)` → `inCompany`; `trx.updateTable(…)` → `trx`.
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

/** The helpers a scope comes from; a receiver that is one of them, or holds what one gave, is a scope. */
const SCOPES = ['inCompany', 'acrossCompanies', 'unscoped'];

/**
 * The names in a file that hold a scope: variables set from a helper's call
 * (`const s = inCompany(…)`, `const s = await acrossCompanies(…)`) or to an arrow function that
 * answers one (`const scope = (trx: Database) => inCompany(trx, …)`), and parameters of a scope's
 * type (`CompanyScope`, or an alias of it in `scopeTypes`).
 */
function scopedNames(code: string, scopeTypes: readonly string[]): Set<string> {
  const names = new Set<string>();
  const helper = SCOPES.join('|');
  for (const m of code.matchAll(
    new RegExp(
      `\\b(?:const|let|var)\\s+([\\w$]+)\\s*(?::[^=;]+)?=\\s*(?:async\\s*)?(?:\\([^()]*\\)\\s*(?::[^=;]+)?=>\\s*)?(?:await\\s+)?(?:${helper})\\s*\\(`,
      'g',
    ),
  ))
    names.add(m[1] as string);
  const types = ['CompanyScope', ...scopeTypes].join('|');
  for (const m of code.matchAll(new RegExp(`([\\w$]+)\\s*\\??\\s*:\\s*(?:${types})\\b`, 'g')))
    names.add(m[1] as string);
  return names;
}

/** Type aliases of a scope declared in some source (`type ChangeScope = Pick<CompanyScope, …>`). */
function scopeAliases(source: string): string[] {
  const { code } = lex(source);
  return [...code.matchAll(/\btype\s+([\w$]+)\s*=[^;]*\bCompanyScope\b/g)].map((m) => m[1] as string);
}

/** A company table named after `from`, `join`, `update` or `into` in SQL text. */
const sqlTable = (text: string) =>
  [...text.matchAll(/\b(?:from|join|update|into)\s+["`]?([a-z_]+)\b/gi)].some((r) =>
    company.has((r[1] as string).toLowerCase()),
  );

/** Where a module's file reaches a company table around the scope. */
function findings(source: string, scopeTypes: readonly string[] = []): string[] {
  const out: string[] = [];
  const { code, templates } = lex(source);
  const lines = source.split('\n');
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  const exempt = (line: number) =>
    /\/\/ company-scope: \S/.test(lines[line - 2] ?? '') ||
    /\/\/ company-scope: \S/.test(lines[line - 3] ?? '');
  const report = (index: number, why: string) => {
    const line = lineOf(index);
    out.push(`${line}: ${why}: ${(lines[line - 1] ?? '').trim()}`);
  };
  const scoped = scopedNames(code, [...scopeTypes, ...scopeAliases(source)]);

  // Builder statements: the receiver must be a scope, unless the table is not a company's.
  for (const m of code.matchAll(
    /\.(selectFrom|updateTable|deleteFrom|insertInto|mergeInto|replaceInto)\s*\(\s*(['"`]?)/g,
  )) {
    const at = (m.index as number) + m[0].length;
    const receiver = receiverOf(code.slice(0, m.index));
    if (SCOPES.includes(receiver) || scoped.has(receiver)) continue;
    if (m[2]) {
      // A literal: its text is in the source at the same place.
      const table = source.slice(at).match(/^([a-z_]+)/)?.[1] ?? '';
      if (company.has(table)) report(m.index as number, `${m[1]} of a company table outside the scope`);
    } else if (/^[A-Za-z_$][\w$.]*\s*[,)]/.test(code.slice(at))) {
      report(m.index as number, `${m[1]} of a table named by a variable outside the scope`);
    }
  }

  // SQL text: any template literal's text, nested ones included.
  for (const t of templates) {
    if (exempt(lineOf(t.outer))) continue;
    if (sqlTable(t.text)) report(t.at, 'SQL text names a company table');
    else if (t.open && /\b(?:from|join|update|into)\s*$/i.test(t.text))
      report(t.at, 'SQL text takes its table from a substitution');
  }

  // sql.raw / sql.table / sql.id: a literal the scan reads, never a name it cannot.
  for (const m of code.matchAll(/\bsql\s*\.\s*(raw|table|id)\s*\(\s*(['"]?)/g)) {
    const line = lineOf(m.index as number);
    if (exempt(line)) continue;
    const at = (m.index as number) + m[0].length;
    if (!m[2]) {
      report(m.index as number, `sql.${m[1]} of a value the scan cannot read`);
      continue;
    }
    const text = source.slice(at, source.indexOf(m[2], at));
    const named = m[1] === 'raw' ? sqlTable(text) : company.has(text.split('.')[0] as string);
    if (named) report(m.index as number, `sql.${m[1]} names a company table`);
  }

  // The exemption names its reason, as a literal.
  for (const m of code.matchAll(/\bunscoped\s*\(/g)) {
    const args = source.slice((m.index as number) + m[0].length);
    if (!/^\s*[\w$.]+\s*,\s*(['"])\s*[^'"\s][^'"]*\1\s*,?\s*\)/.test(args))
      report(m.index as number, 'unscoped without a literal reason');
  }

  // The module's handle stays the module's: no full handle, no cast of it.
  for (const m of code.matchAll(/\b(PlatformDatabase|modulesDatabase|withTables)\b|Kysely\s*</g))
    report(m.index as number, `names the full handle (${m[0]})`);
  for (const m of code.matchAll(/\b(?:db|trx|conn)\s+as\s+(?:unknown|any|Kysely)\b/g))
    report(m.index as number, 'casts the module handle');
  return out;
}

describe('company tables are reached through the scope (the scan behind the type)', () => {
  const flagged = (source: string) => expect(findings(source), source).not.toEqual([]);
  const clean = (source: string) => expect(findings(source), source).toEqual([]);

  // The planted sources hold `${…}` as text: they are code to scan, not templates to fill.
  // biome-ignore-start lint/suspicious/noTemplateCurlyInString: planted sources
  it('finds each way around the scope (planted bypasses)', () => {
    // A statement on the bare handle, written or in a transaction.
    flagged("const rows = await db.selectFrom('goods').selectAll().execute();");
    flagged("await db\n  .updateTable('orders')\n  .set({ status: 5 })\n  .execute();");
    flagged("await db.transaction().execute((trx) => trx.deleteFrom('cart_items').execute());");
    // A variable whose name says "scope" is not one.
    flagged("const scope = db;\nawait scope.selectFrom('goods').selectAll().execute();");
    flagged("const companyScope = trx;\nawait companyScope.insertInto('orders').values(row).execute();");
    // A table name held in a variable.
    flagged("const table = 'goods';\nawait db.selectFrom(table).selectAll().execute();");
    flagged('await trx.updateTable(TABLES.goods).set({ stock: 0 }).execute();');
    // SQL text: plain, nested in another template, joined, and taking its table from a substitution.
    flagged('await sql`update goods set stock = 0`.execute(db);');
    flagged('await sql`with v(id) as (values ${values}) update goods set stock = 0 from v`.execute(db);');
    flagged('await sql`select 1 ${pg ? sql`from orders` : sql``}`.execute(db);');
    flagged('await sql`select u.id from sessions s join users u on u.id = s.user_id`.execute(db);');
    flagged('await sql`select * from ${name}`.execute(db);');
    // sql.raw and sql.table: of a company table, or of a value the scan cannot read.
    flagged("await sql`${sql.raw('select * from goods')}`.execute(db);");
    flagged('await sql`${sql.raw(statement)}`.execute(db);');
    flagged("await db.selectFrom(sql.table('goods').as('g')).selectAll().execute();");
    flagged("await db.selectFrom(sql.table(name).as('g')).selectAll().execute();");
    flagged("await sql`select * from ${sql.id('orders')}`.execute(db);");
    // The exemption without its reason; the full handle named or cast to.
    flagged("await unscoped(db, reason).selectFrom('orders').execute();");
    flagged("await unscoped(db, '').selectFrom('orders').execute();");
    flagged("const all = db as unknown as Kysely<DB>;\nawait all.selectFrom('goods').execute();");
    flagged("import type { PlatformDatabase } from '#server/platform/db/database.ts';");
    // The cast alone, with nothing else on the line the other rules would find.
    expect(findings('const handle = trx as any;')).toEqual([
      '1: casts the module handle: const handle = trx as any;',
    ]);
  });

  it('lets the scope, its exemption and the platform tables through', () => {
    clean("await inCompany(db, companyId)\n  .selectFrom('goods', 'g')\n  .selectAll().execute();");
    clean(
      "const scope = inCompany(trx, companyId);\nawait scope.selectFrom('goods', 'g').selectAll().execute();",
    );
    clean(
      "const every = await acrossCompanies(db, caller, '核对');\nawait every.selectFrom('orders').execute();",
    );
    clean(
      "type ChangeScope = Pick<CompanyScope, 'selectFrom'>;\nconst joined = (s: ChangeScope) => s.selectFrom('company_change_requests', 'r');",
    );
    clean(
      "const scope = (trx: Database, caller: Caller) =>\n  inCompany(trx, caller.companyId);\nawait scope(trx, caller).updateTable('files').execute();",
    );
    clean("await inCompany(db, companyId).selectFrom(table).select('id').execute();");
    clean("await unscoped(db, 'the expiry job sweeps every company').selectFrom('orders').execute();");
    clean(
      "await unscoped(\n  db,\n  'the prune sweeps every company',\n)\n  .deleteFrom('cart_merges')\n  .execute();",
    );
    clean("await db.selectFrom('sessions').selectAll().execute();");
    clean("const contains = pg ? sql.raw('strpos') : sql.raw('instr');");
    clean('await sql`select count(*) from goods_search where goods_search match ${q}`.execute(db);');
    clean(
      "// company-scope: the ids were read from this company's goods above\nawait sql`update goods set cat1 = 1`.execute(trx);",
    );
    // Words in strings and comments are not statements.
    clean("throw new AppError('NOT_FOUND', 'select from goods');\n// db.selectFrom('goods')");
  });

  // biome-ignore-end lint/suspicious/noTemplateCurlyInString: planted sources

  it('no module does', () => {
    const all = files(modules);
    const aliases = all.flatMap((f) => scopeAliases(fs.readFileSync(f, 'utf8')));
    const found: string[] = [];
    for (const file of all) {
      for (const f of findings(fs.readFileSync(file, 'utf8'), aliases))
        found.push(`${path.relative(root, file)}:${f}`);
    }
    expect(found).toEqual([]);
  });
});
