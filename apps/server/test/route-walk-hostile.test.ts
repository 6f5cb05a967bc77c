import fs from 'node:fs';
import path from 'node:path';
import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { App } from '../src/platform/http/reply.ts';
import type { ReplyRules } from './route-walk/check.ts';
import { hostileProbes, refusedProbes } from './route-walk/requests.ts';
import { isConsole, isPublic, type RegisteredRoute, walkRoutes } from './route-walk/routes.ts';
import {
  Companies,
  codeOf,
  expected,
  type Job,
  judge,
  named,
  refusal,
  run,
  SKIPPED,
  send,
  walkApp,
} from './route-walk/walk.ts';

/**
 * The route walk, part 1 of 2 (part 2: route-walk-callers.test.ts, wrong callers): generated from
 * the route table, so a route added later is walked without a test of its own. For every
 * registered route (the harness collects them; the OpenAPI document gives each route's body or
 * querystring schema):
 * 1. hostile input in every encoding, sent as the most privileged caller who may call the route
 *    and anonymously: never a server error, always JSON with a content type, the code the variant
 *    calls for (10001 malformed, 10007 too large, 10008 unsupported media);
 * 2. the web catch-all (when the web app is built) with NUL bytes, traversal and backslashes.
 */

const { h, routes } = await walkApp();
const walked = new Set<string>();

let c: Companies;
beforeAll(async () => {
  c = await Companies.seed(h);
}, 120_000);
afterAll(() => h.close());

/** The access check answering a caller who may call the route: the walk chose the wrong caller. */
const ACCESS_CODES = [Codes.FORBIDDEN.c, Codes.TOKEN_REQUIRED.c];

describe('hostile input to every route answers in its envelope, never with a server error', () => {
  it.each(named(routes))('%s', async (label, route) => {
    walked.add(label);
    const me = c.privileged(route);
    const base = {
      method: route.method,
      console: isConsole(route),
      secrets: c.current(me),
      htmlOk: route.file,
    };
    const jobs: Job[] = [];
    for (const probe of hostileProbes(route, c.ctxOf(c.B))) {
      const rules: ReplyRules = { ...base, ...expected(route, probe.expect) };
      if (!isPublic(route)) rules.forbid = ACCESS_CODES;
      jobs.push({ who: `B role ${me.role}`, caller: me, probe, rules });
    }
    // Anonymous: every hostile request to a public route; a route that refuses anonymous callers at
    // the door gets what differs before the body is read, and the tripwire (refusedProbes).
    const anonymous = isPublic(route)
      ? hostileProbes(route, c.ctxOf(c.A))
      : refusedProbes(route, c.ctxOf(c.A));
    for (const probe of anonymous) {
      const rules: ReplyRules =
        isPublic(route) || probe.beforeRoute
          ? { ...base, ...expected(route, probe.expect) }
          : { ...base, ...refusal(route, 'anonymous') };
      jobs.push({ who: 'anonymous', caller: null, probe, rules });
    }
    let results = await send(h.app, jobs);
    // A route may end the caller's session (logout; too many wrong old passwords): the requests
    // that found it ended go again, each with a session of its own, and answer what they answer.
    if (!(await c.w.alive(me))) {
      const ended = results.filter((r) => r.job.caller === me && codeOf(r.res) === Codes.NOT_LOGGED_IN.c);
      const again: Job[] = [];
      for (const r of ended)
        again.push({ ...r.job, caller: await c.w.mint(me), rules: { ...r.job.rules, forbid: undefined } });
      results = [...results.filter((r) => !ended.includes(r)), ...(await send(h.app, again))];
      await c.w.revive(me);
    }
    const problems: string[] = [];
    judge(results, problems);
    expect(problems).toEqual([]);
  });

  it('unknown API paths answer 10009 with HTTP 404', async () => {
    const problems: string[] = [];
    const paths = [
      '/api/walk-nothing',
      '/api/%00',
      '/api/a%00b',
      '/api/..%2f..%2fetc%2fpasswd',
      '/api/a\\b',
      '/api/',
    ];
    const jobs: Job[] = paths.flatMap((url) =>
      ['GET', 'POST'].map((method) => ({
        who: 'anonymous',
        caller: null,
        probe: { variant: `${method} ${url}`, method, url, headers: {} },
        rules: { method, console: false, expect: [Codes.ROUTE_NOT_FOUND.c, Codes.PARAM_ERROR.c] },
      })),
    );
    await run(h.app, jobs, problems);
    expect(problems).toEqual([]);
  });
});

const dist = path.resolve(import.meta.dirname, '../../web/dist');
const webBuilt = fs.existsSync(path.join(dist, 'index.html'));
if (!webBuilt)
  console.warn('route-walk: apps/web/dist is not built (npm run build); the web catch-all is not walked');
const webRegistered: RegisteredRoute[] = [];
const web = webBuilt
  ? ((await buildApp({
      database: h.database,
      config: { ...loadConfig({ DATA_DIR: '/tmp/portal-test' }), webDist: dist },
      onRoute: (r) => webRegistered.push(r),
    })) as App)
  : undefined;
await web?.ready();
const apiLabels = new Set(walkRoutes(h.routes, {}).map((r) => r.label));
const webRoutes = walkRoutes(webRegistered, {}).filter(
  (r) => !apiLabels.has(r.label) && !(r.label in SKIPPED),
);

/** Paths no browser sends: NUL bytes, traversal (plain, encoded, backslashed), overlong, bad encoding. */
const WEB_PATHS: [path: string, expect?: number[]][] = [
  ['/%00', [Codes.ROUTE_NOT_FOUND.c]],
  ['/a%00b', [Codes.ROUTE_NOT_FOUND.c]],
  ['/assets/%00.js', [Codes.ROUTE_NOT_FOUND.c]],
  ['/index.html%00.js', [Codes.ROUTE_NOT_FOUND.c]],
  ['/'],
  ['/..'],
  ['/../../etc/passwd'],
  ['/..%2f..%2f..%2fetc%2fpasswd'],
  ['/%2e%2e/%2e%2e/package.json'],
  ['/assets/..%2f..%2f..%2fpackage.json'],
  ['/assets/../../../../package.json'],
  ['/a\\b'],
  ['/..\\..\\..\\etc\\passwd'],
  ['/%5c..%5c..%5c..%5cetc%5cpasswd'],
  ['//etc/passwd'],
  ['/.git/config'],
  ['/.env'],
  ['/%'],
  ['/%zz'],
  ['/%E0%A4%A'],
  ['/%FF%FE'],
  ['/%C0%AE%C0%AE/%C0%AE%C0%AE/etc/passwd'],
  [`/${'a'.repeat(300)}`],
  [`/${'a'.repeat(10_000)}`],
  [`/${'a/'.repeat(3000)}`],
  ['/goodsDetail?id=%00'],
  ['/goodsDetail?id=999999999'],
  ['/?%00=1&__proto__%5BwalkPolluted%5D=1'],
];
/** What a reply of the web catch-all must never contain: files outside the build. */
const OUTSIDE = ['root:x:0:', '"workspaces"', 'repositoryformatversion', 'DATABASE_URL'];

describe.skipIf(!web)('the web catch-all answers odd paths without a server error', () => {
  afterAll(() => web?.close());
  it.each(named(webRoutes))('%s', async (label, route) => {
    walked.add(label);
    const problems: string[] = [];
    const goods = c.A.pool.ids.goods?.[0] ?? 1;
    const paths: [string, number[]?][] = [
      ...WEB_PATHS,
      [`/goodsDetail?id=${goods}&company_id=${c.A.companyId}`],
    ];
    const jobs: Job[] = paths.flatMap(([url, expect]) =>
      [null, c.B.member].map((caller) => ({
        who: caller ? `B role ${caller.role}` : 'anonymous',
        caller,
        probe: {
          variant: url.length > 60 ? `${url.slice(0, 40)}… (${url.length} characters)` : url,
          method: route.method,
          url,
          headers: {},
        },
        rules: {
          method: route.method,
          console: false,
          htmlOk: true,
          expect,
          secrets: [...c.current(), ...OUTSIDE],
        },
      })),
    );
    await run(web as App, jobs, problems);
    expect(problems).toEqual([]);
  });
});

describe('the walk is complete', () => {
  it('walked every registered route, or lists it in SKIPPED with its reason', () => {
    const all = walkRoutes([...h.routes, ...webRegistered], {}).map((r) => r.label);
    const missing = all.filter((l) => !(l in SKIPPED) && !walked.has(l));
    const stale = Object.keys(SKIPPED).filter((l) => !all.includes(l));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    expect(routes.length).toBeGreaterThan(10);
  });
});
