import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One name per feature (issue 32, docs/adr/0035-boundaries-and-names.md). The server's modules
 * are the list of features; the other sides name a feature the same way:
 * - every web module (`apps/web/src/modules/<name>/`) is named after a server module;
 * - every contract file that declares calls (`packages/contract/src/<name>.ts`) is named after
 *   the server module that serves them, or after the part of it that does (a file
 *   `modules/<module>/<name>.<kind>.ts` or `<name>.ts`: `member.ts` is served by
 *   `account/member.routes.ts`, `news-admin.ts` by `cms/news-admin.service.ts`).
 * A name on one side only is an exemption below, each with its reason; an exemption that no longer
 * applies is a finding too, so the list stays true.
 */
const root = path.resolve(import.meta.dirname, '..');

/** Web modules with no server module of their name: pages that compose others and own no calls. */
const WEB_ONLY: Record<string, string> = {
  landing:
    'the entrance (/shop, /login and the login variants, the old-browser page): account’s login beside the company’s welcome',
  'area-home':
    'each area’s 首页: the home blocks of other modules and the 商城管理 dashboard (answered by server order/dashboard.ts)',
};

/** Contract files that declare calls no module serves. */
const CONTRACT_ONLY: Record<string, string> = {
  system: 'the platform’s own calls (the health check), served by app.ts, not by a module',
};

interface Sides {
  /** Server module folders, each with the names of its files. */
  server: Record<string, string[]>;
  web: string[];
  /** Contract files that declare calls, without `.ts`. */
  contract: string[];
}

/** A module's part names: `news-admin` of `news-admin.service.ts`, `password` of `password.ts`. */
const partsOf = (files: readonly string[]) =>
  files
    .filter((f) => f !== 'index.ts' && !/\.test\.ts$/.test(f))
    .map((f) => f.replace(/(\.[a-z]+)?\.ts$/, ''));

function nameFindings(
  sides: Sides,
  webOnly: Record<string, string> = WEB_ONLY,
  contractOnly: Record<string, string> = CONTRACT_ONLY,
): string[] {
  const modules = new Set(Object.keys(sides.server));
  const parts = new Set(Object.values(sides.server).flatMap(partsOf));
  const out: string[] = [];
  for (const w of sides.web) {
    if (!modules.has(w) && !(w in webOnly))
      out.push(
        `web module ${w}/ has no server module of its name (rename it after the server's, or exempt it with a reason)`,
      );
  }
  for (const c of sides.contract) {
    if (!modules.has(c) && !parts.has(c) && !(c in contractOnly))
      out.push(
        `contract ${c}.ts names no server module nor a part of one (rename it after the module that serves its calls)`,
      );
  }
  for (const w of Object.keys(webOnly)) {
    if (!sides.web.includes(w) || modules.has(w)) out.push(`the web-only exemption ${w} no longer applies`);
  }
  for (const c of Object.keys(contractOnly)) {
    if (!sides.contract.includes(c) || modules.has(c) || parts.has(c))
      out.push(`the contract-only exemption ${c} no longer applies`);
  }
  return out;
}

const dirs = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** The three sides as the tree has them. */
function readSides(): Sides {
  const serverDir = 'apps/server/src/modules';
  const contractDir = path.join(root, 'packages/contract/src');
  return {
    server: Object.fromEntries(
      dirs(serverDir).map((m) => [m, fs.readdirSync(path.join(root, serverDir, m))] as const),
    ),
    web: dirs('apps/web/src/modules'),
    contract: fs
      .readdirSync(contractDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'call-routes.ts')
      // A declaration of calls: `export const xCalls = {` or `= xResource.calls`.
      .filter((f) =>
        /export const \w+Calls\s*=\s*(\{|\w+\.calls\b)/.test(
          fs.readFileSync(path.join(contractDir, f), 'utf8'),
        ),
      )
      .map((f) => f.slice(0, -'.ts'.length)),
  };
}

describe('module names', () => {
  const sides: Sides = {
    server: {
      cms: ['index.ts', 'cms.routes.ts', 'news-admin.service.ts', 'news-admin.store.ts'],
      account: ['index.ts', 'account.routes.ts', 'member.routes.ts', 'password.ts', 'login-limiter.test.ts'],
      'visitor-forms': ['index.ts', 'feedback.routes.ts', 'supplier.service.ts'],
    },
    web: ['cms', 'account', 'visitor-forms', 'landing', 'area-home'],
    contract: ['cms', 'news-admin', 'account', 'member', 'visitor-forms', 'system'],
  };

  it('find a feature under another name on one side', () => {
    expect(nameFindings(sides)).toEqual([]);
    // the names issue 32 found: 新闻管理 as web news-admin/, 会员 as web member/, 短信 as web message/
    expect(nameFindings({ ...sides, web: [...sides.web, 'news-admin', 'member', 'message'] })).toEqual([
      "web module news-admin/ has no server module of its name (rename it after the server's, or exempt it with a reason)",
      "web module member/ has no server module of its name (rename it after the server's, or exempt it with a reason)",
      "web module message/ has no server module of its name (rename it after the server's, or exempt it with a reason)",
    ]);
    // the contract's files.ts beside the server's file/, and a call file named after no module
    expect(nameFindings({ ...sides, contract: [...sides.contract, 'files', 'sms-outbox'] })).toEqual([
      'contract files.ts names no server module nor a part of one (rename it after the module that serves its calls)',
      'contract sms-outbox.ts names no server module nor a part of one (rename it after the module that serves its calls)',
    ]);
    // feedback is a part (feedback.routes.ts) of visitor-forms, so its name may stay in the contract
    expect(nameFindings({ server: sides.server, web: [], contract: ['feedback'] }, {}, {})).toEqual([]);
  });

  it('find an exemption that no longer applies', () => {
    expect(nameFindings({ ...sides, web: ['cms', 'account', 'visitor-forms', 'area-home'] })).toEqual([
      'the web-only exemption landing no longer applies',
    ]);
    expect(nameFindings({ ...sides, server: { ...sides.server, landing: ['index.ts'] } })).toEqual([
      'the web-only exemption landing no longer applies',
    ]);
    expect(nameFindings({ ...sides, contract: ['cms'] })).toEqual([
      'the contract-only exemption system no longer applies',
    ]);
  });

  it('agree across contract, server and web', () => {
    const real = readSides();
    // the sides are read at all (a wrong folder would read nothing and find nothing)
    expect(Object.keys(real.server).length).toBeGreaterThan(20);
    expect(real.contract).toContain('visitor-forms');
    expect(real.web).toContain('catalogue');
    expect(nameFindings(real)).toEqual([]);
  });
});
