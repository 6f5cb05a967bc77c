import fs from 'node:fs';
import path from 'node:path';
import { Codes, ROLE_NUMBERS, SUPER_ADMIN_ROLE } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { App } from '../src/platform/http/reply.ts';
import { shapeRoutes } from './call-shapes.ts';
import { dialectUnderTest, testApp } from './harness.ts';
import { inPool, pollution, type ReplyRules, replyProblem } from './route-walk/check.ts';
import { crossCompanyRefs, fingerprint, fingerprintDiff, snapshot } from './route-walk/fingerprint.ts';
import { hostileProbes, POLLUTION_KEY, type Probe, wellShapedProbes } from './route-walk/requests.ts';
import {
  isConsole,
  isPublic,
  type OpenApiDocument,
  type RegisteredRoute,
  type WalkRoute,
  walkRoutes,
} from './route-walk/routes.ts';
import type { SampleContext } from './route-walk/values.ts';
import {
  authHeaders,
  type Caller,
  nextIp,
  type SeededCompany,
  secretsOf,
  seedCompany,
  tablesOf,
  World,
} from './route-walk/world.ts';

/**
 * The route walk: generated from the route table, so a route added later is walked without a test
 * of its own. For every registered route (the harness collects them; the OpenAPI document gives
 * each route's body or querystring schema):
 * 1. hostile input in every encoding, sent as the most privileged caller who may call the route
 *    and anonymously: never a server error, always JSON with a content type, the code the variant
 *    calls for (10001 malformed, 10007 too large, 10008 unsupported media);
 * 2. wrong callers (anonymous → 10003, a role without the permission → 10004, another company's
 *    user holding it) sending well-shaped bodies that name company A's rows: nothing of company A
 *    changes and no reply shows company A's private data;
 * 3. the web catch-all (when the web app is built) with NUL bytes, traversal and backslashes.
 */

/**
 * Routes the walk leaves out, each with the reason. Infrastructure (/api/docs) is already left out
 * by `isInfrastructure`. Keep this empty unless a route truly cannot be walked.
 */
const SKIPPED: Record<string, string> = {};

// With the test-only module of every call shape (path parameters, the console family), which no
// module serves yet: the walk's handling of them is walked too (ADR 0034).
const h = await testApp({}, { routes: shapeRoutes });
const routes = walkRoutes(h.routes, h.app.swagger() as OpenApiDocument).filter((r) => !(r.label in SKIPPED));
const nonPublic = routes.filter((r) => !isPublic(r));
const CONCURRENCY = dialectUnderTest === 'pg' ? 8 : 16;
const named = (list: WalkRoute[]) => list.map((r) => [r.label, r] as const);

const walkedHostile = new Set<string>();
const walkedCallers = new Set<string>();

let w: World;
let A: SeededCompany;
let B: SeededCompany;
let tables: string[];
let secrets: string[];
let crossBefore: Set<string>;
/** Per codename: a user of company A whose role lacks it; a user of company B whose role holds it. */
const lacking = new Map<string, Caller>();
const holding = new Map<string, Caller>();

const ctxOf = (c: SeededCompany): SampleContext => ({ pool: c.pool, tables });
const current = () => [
  ...secrets,
  ...[...w.callers.values()].filter((c) => c.companyId === A.companyId).map((c) => c.token),
];

async function roleUser(company: SeededCompany, role: number) {
  const name = `${company.tag}-role${role}`;
  return w.callers.get(name) ?? w.user(name, company.companyId, role);
}

beforeAll(async () => {
  w = new World(h);
  A = await seedCompany(w, 'A', true);
  B = await seedCompany(w, 'B', false);
  tables = await tablesOf(w);
  secrets = await secretsOf(w, A);
  crossBefore = new Set(crossCompanyRefs(await snapshot(h.database)));
  // Roles from the permission table the server enforces (not a copy of it).
  const roles = ROLE_NUMBERS.filter((r) => r !== SUPER_ADMIN_ROLE);
  const held = new Map<number, ReadonlySet<string>>();
  for (const r of ROLE_NUMBERS) held.set(r, await h.app.permissions.codenames(r));
  const size = (r: number) => held.get(r)?.size ?? 0;
  const byMost = (a: number, b: number) => size(b) - size(a) || a - b;
  for (const code of new Set(routes.map((r) => r.access.permission).filter((p) => p !== undefined))) {
    // The closest miss: the role without it that holds the most other codenames.
    const without = roles.filter((r) => !held.get(r)?.has(code)).sort(byMost)[0];
    if (without !== undefined) lacking.set(code, await roleUser(A, without));
    const withIt = roles.filter((r) => held.get(r)?.has(code)).sort(byMost)[0] ?? SUPER_ADMIN_ROLE;
    holding.set(code, withIt === SUPER_ADMIN_ROLE ? B.admin : await roleUser(B, withIt));
  }
}, 120_000);
afterAll(() => h.close());

interface Job {
  who: string;
  caller: Caller | null;
  probe: Probe;
  rules: ReplyRules;
}

interface Result {
  job: Job;
  res: LightMyRequestResponse;
}

const walkLog = process.env.WALK_LOG;

async function send(app: App, jobs: Job[]): Promise<Result[]> {
  const results = await inPool(jobs, CONCURRENCY, async (job) => ({
    job,
    res: await app.inject({
      method: job.probe.method as 'GET',
      url: job.probe.url,
      headers: { ...job.probe.headers, ...authHeaders(job.caller) },
      remoteAddress: nextIp(),
      ...(job.probe.payload !== undefined ? { payload: job.probe.payload } : {}),
    }),
  }));
  // WALK_LOG=<file>: every request's route, caller, variant and answer, to see how deep the walk gets.
  if (walkLog) {
    const lines = results.map(({ job, res }) =>
      JSON.stringify({
        url: job.probe.url.split('?')[0],
        who: job.who,
        variant: job.probe.variant,
        status: res.statusCode,
        body: res.body.slice(0, 160),
      }),
    );
    fs.appendFileSync(walkLog, `${lines.join('\n')}\n`);
  }
  return results;
}

function judge(results: Result[], problems: string[]) {
  for (const { job, res } of results) {
    const problem = replyProblem(res, job.rules);
    if (problem) problems.push(`${job.who} · ${job.probe.variant}: ${problem}`);
  }
  const polluted = pollution(POLLUTION_KEY);
  if (polluted) problems.push(polluted);
}

async function run(app: App, jobs: Job[], problems: string[]) {
  judge(await send(app, jobs), problems);
}

const codeOf = (res: LightMyRequestResponse) => {
  try {
    return (JSON.parse(res.body) as { c?: unknown }).c;
  } catch {
    return undefined;
  }
};

/** The HTTP status a console route answers where a portal route answers the code. */
const CONSOLE_STATUS = new Map<number, number>([
  [Codes.PARAM_ERROR.c, 400],
  [Codes.PAYLOAD_TOO_LARGE.c, 413],
  [Codes.UNSUPPORTED_MEDIA.c, 415],
  [Codes.ROUTE_NOT_FOUND.c, 404],
]);

/** What a probe expects, in the route's family: the codes, or (console) the one status they stand for. */
function expected(route: WalkRoute, codes: readonly number[] | undefined): Partial<ReplyRules> {
  if (!isConsole(route)) return { expect: codes };
  const statuses = new Set((codes ?? []).map((c) => CONSOLE_STATUS.get(c)));
  return statuses.size === 1 ? { expectStatus: [...statuses][0] } : {};
}

/** What a caller the route refuses must get: 10003 anonymous, 10004 without the permission. */
function refusal(route: WalkRoute, kind: 'anonymous' | 'forbidden'): Partial<ReplyRules> {
  if (isConsole(route)) return { expectStatus: kind === 'anonymous' ? 401 : 403 };
  return { expect: [kind === 'anonymous' ? Codes.NOT_LOGGED_IN.c : Codes.FORBIDDEN.c] };
}

/** Who may call the route with the most rights: the member for member calls, else the administrator. */
const privileged = (route: WalkRoute) => (route.access.login ? B.member : B.admin);
/** The access check answering a caller who may call the route: the walk chose the wrong caller. */
const ACCESS_CODES = [Codes.FORBIDDEN.c, Codes.TOKEN_REQUIRED.c];
/** Shared tables whose rows belong to no company and only the super administrator writes. */
const SHARED_BY_SUPER_ADMIN = new Set(['public_brands']);

describe('wrong callers change nothing of company A and see none of its private data', () => {
  it.each(named(nonPublic))('%s', async (label, route) => {
    walkedCallers.add(label);
    const probes = wellShapedProbes(route, ctxOf(A));
    const base = { method: route.method, console: isConsole(route), htmlOk: route.file };
    const jobs: Job[] = [];
    for (const probe of probes) {
      jobs.push({
        who: 'anonymous',
        caller: null,
        probe,
        rules: { ...base, ...refusal(route, 'anonymous'), secrets: current() },
      });
      const without = route.access.permission ? lacking.get(route.access.permission) : undefined;
      if (without) {
        jobs.push({
          who: `A role ${without.role} (lacks it)`,
          caller: without,
          probe,
          rules: { ...base, ...refusal(route, 'forbidden') },
        });
      }
      const others = route.access.permission
        ? [holding.get(route.access.permission) ?? B.admin]
        : [B.member, B.admin];
      for (const other of others) {
        jobs.push({
          who: `B role ${other.role}`,
          caller: other,
          probe,
          rules: { ...base, secrets: current() },
        });
      }
    }
    const problems: string[] = [];
    // Shared tables the super administrator of any company writes (platform-wide content, such as
    // the public brands): B's super administrator changing them is its job, not a leak into A.
    const superAdminOnly =
      route.access.permission !== undefined &&
      holding.get(route.access.permission)?.role === SUPER_ADMIN_ROLE;
    const ignore = superAdminOnly ? SHARED_BY_SUPER_ADMIN : new Set<string>();
    const before = fingerprint(await snapshot(h.database), B.companyId, ignore);
    await run(h.app, jobs, problems);
    const after = await snapshot(h.database);
    for (const d of fingerprintDiff(before, fingerprint(after, B.companyId, ignore)))
      problems.push(`changed ${d}`);
    for (const ref of crossCompanyRefs(after))
      if (!crossBefore.has(ref)) problems.push(`new cross-company row ${ref}`);
    for (const c of w.callers.values()) await w.revive(c);
    expect(problems).toEqual([]);
  });
});

describe('hostile input to every route answers in its envelope, never with a server error', () => {
  it.each(named(routes))('%s', async (label, route) => {
    walkedHostile.add(label);
    const me = privileged(route);
    const base = { method: route.method, console: isConsole(route), secrets: current(), htmlOk: route.file };
    const jobs: Job[] = [];
    for (const probe of hostileProbes(route, ctxOf(B))) {
      const rules: ReplyRules = { ...base, ...expected(route, probe.expect) };
      if (!isPublic(route)) rules.forbid = ACCESS_CODES;
      jobs.push({ who: `B role ${me.role}`, caller: me, probe, rules });
    }
    for (const probe of hostileProbes(route, ctxOf(A))) {
      const rules: ReplyRules =
        isPublic(route) || probe.beforeRoute
          ? { ...base, ...expected(route, probe.expect) }
          : { ...base, ...refusal(route, 'anonymous') };
      jobs.push({ who: 'anonymous', caller: null, probe, rules });
    }
    let results = await send(h.app, jobs);
    // A route may end the caller's session (logout; too many wrong old passwords): the requests
    // that found it ended go again, each with a session of its own, and answer what they answer.
    if (!(await w.alive(me))) {
      const ended = results.filter((r) => r.job.caller === me && codeOf(r.res) === Codes.NOT_LOGGED_IN.c);
      const again: Job[] = [];
      for (const r of ended)
        again.push({ ...r.job, caller: await w.mint(me), rules: { ...r.job.rules, forbid: undefined } });
      results = [...results.filter((r) => !ended.includes(r)), ...(await send(h.app, again))];
      await w.revive(me);
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
    walkedHostile.add(label);
    const problems: string[] = [];
    const goods = A.pool.ids.goods?.[0] ?? 1;
    const paths: [string, number[]?][] = [
      ...WEB_PATHS,
      [`/goodsDetail?id=${goods}&company_id=${A.companyId}`],
    ];
    const jobs: Job[] = paths.flatMap(([url, expect]) =>
      [null, B.member].map((caller) => ({
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
          secrets: [...current(), ...OUTSIDE],
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
    const missing = all.filter((l) => !(l in SKIPPED) && !walkedHostile.has(l));
    const missingCallers = nonPublic.map((r) => r.label).filter((l) => !walkedCallers.has(l));
    const stale = Object.keys(SKIPPED).filter((l) => !all.includes(l));
    expect({ missing, missingCallers, stale }).toEqual({ missing: [], missingCallers: [], stale: [] });
    expect(routes.length).toBeGreaterThan(10);
  });
});
