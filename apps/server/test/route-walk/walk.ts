import fs from 'node:fs';
import { Codes, GROUP_STAFF_ROLES, ROLE_NUMBERS, SUPER_ADMIN_ROLE } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/platform/http/reply.ts';
import { nowIso } from '../../src/platform/time.ts';
import { shapeRoutes } from '../call-shapes.ts';
import { dialectUnderTest, type Harness, testApp } from '../harness.ts';
import { inPool, pollution, type ReplyRules, replyProblem } from './check.ts';
import { crossCompanyRefs, snapshot } from './fingerprint.ts';
import { POLLUTION_KEY, type Probe, tripwireBody } from './requests.ts';
import { isConsole, type OpenApiDocument, type WalkRoute, walkRoutes } from './routes.ts';
import type { SampleContext } from './values.ts';
import {
  authHeaders,
  type Caller,
  nextIp,
  type SeededCompany,
  secretsOf,
  seedCompany,
  tablesOf,
  World,
} from './world.ts';

/**
 * The route walk's world, shared by its two files (route-walk-callers.test.ts and
 * route-walk-hostile.test.ts, which run side by side): an app with every route, two seeded
 * companies, the callers, and the sending and judging of requests.
 */

/**
 * Routes the walk leaves out, each with the reason. Infrastructure (/api/docs) is already left out
 * by `isInfrastructure`. Keep this empty unless a route truly cannot be walked.
 */
export const SKIPPED: Record<string, string> = {};

export const named = (list: WalkRoute[]) => list.map((r) => [r.label, r] as const);

export interface Job {
  who: string;
  caller: Caller | null;
  probe: Probe;
  rules: ReplyRules;
}

export interface Result {
  job: Job;
  res: LightMyRequestResponse;
  /** A tripwire body was read (`tripwireBody`). */
  bodyRead: boolean;
}

const CONCURRENCY = dialectUnderTest === 'pg' ? 8 : 16;
const walkLog = process.env.WALK_LOG;

/** Sends the jobs, `CONCURRENCY` at once; WALK_LOG=<file> logs every request and its answer. */
export async function send(app: App, jobs: Job[]): Promise<Result[]> {
  const results = await inPool(jobs, CONCURRENCY, async (job) => {
    const tripwire = job.probe.tripwire ? tripwireBody() : undefined;
    const payload = tripwire?.stream ?? job.probe.payload;
    const res = await app.inject({
      method: job.probe.method as 'GET',
      url: job.probe.url,
      headers: { ...job.probe.headers, ...authHeaders(job.caller) },
      remoteAddress: nextIp(),
      ...(payload !== undefined ? { payload } : {}),
    });
    return { job, res, bodyRead: tripwire?.wasRead() ?? false };
  });
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

export function judge(results: Result[], problems: string[]) {
  for (const { job, res, bodyRead } of results) {
    const problem = bodyRead
      ? `the body was read before the caller was refused (HTTP ${res.statusCode})`
      : replyProblem(res, job.rules);
    if (problem) problems.push(`${job.who} · ${job.probe.variant}: ${problem}`);
  }
  const polluted = pollution(POLLUTION_KEY);
  if (polluted) problems.push(polluted);
}

export async function run(app: App, jobs: Job[], problems: string[]) {
  judge(await send(app, jobs), problems);
}

export const codeOf = (res: LightMyRequestResponse) => {
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
export function expected(route: WalkRoute, codes: readonly number[] | undefined): Partial<ReplyRules> {
  if (!isConsole(route)) return { expect: codes };
  const statuses = new Set((codes ?? []).map((c) => CONSOLE_STATUS.get(c)));
  return statuses.size === 1 ? { expectStatus: [...statuses][0] } : {};
}

/** What a caller the route refuses must get: 10003 anonymous, 10004 without the permission. */
export function refusal(route: WalkRoute, kind: 'anonymous' | 'forbidden'): Partial<ReplyRules> {
  if (isConsole(route)) return { expectStatus: kind === 'anonymous' ? 401 : 403 };
  return { expect: [kind === 'anonymous' ? Codes.NOT_LOGGED_IN.c : Codes.FORBIDDEN.c] };
}

/** The app with every route, and the walk's list of them. */
export async function walkApp(): Promise<{ h: Harness; routes: WalkRoute[] }> {
  // With the test-only module of every call shape (path parameters, the console family), which no
  // module serves yet: the walk's handling of them is walked too (ADR 0034).
  const h = await testApp({}, { routes: shapeRoutes });
  const routes = walkRoutes(h.routes, h.app.swagger() as OpenApiDocument).filter(
    (r) => !(r.label in SKIPPED),
  );
  return { h, routes };
}

/** Two companies: A, whose rows the wrong callers aim at, and B, whose users make the calls. */
/** The name of the company only A's group holds (`Companies.current`). */
const GROUP_MARK = '集群机密Q7G2';

/**
 * A group of companies (集群) holding `company` (and `more`), its id put in the company's pool so
 * that a probe's `group_id` names it.
 */
async function groupOf(h: Harness, company: SeededCompany, ...more: number[]): Promise<number> {
  const now = nowIso();
  const { id } = await h.db
    .insertInto('company_groups')
    .values({
      name: `走查集群${company.tag}${company.companyId}`,
      comment: '',
      is_public: 1,
      is_default: 0,
      del_flag: 0,
      created_by: null,
      updated_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await h.db
    .updateTable('companies')
    .set({ group_id: id })
    .where('id', 'in', [company.companyId, ...more])
    .execute();
  company.pool.ids.company_groups = [id];
  return id;
}

export class Companies {
  private constructor(
    readonly w: World,
    readonly A: SeededCompany,
    readonly B: SeededCompany,
    readonly tables: string[],
    private readonly secrets: string[],
    /** Rows pointing at another company's rows that the seeding made (the walk must add none). */
    readonly crossBefore: Set<string>,
    /** The group of companies (集群) each company is in (docs/adr/0038). */
    private readonly groups: ReadonlyMap<number, number>,
  ) {}

  static async seed(h: Harness): Promise<Companies> {
    const w = new World(h);
    const A = await seedCompany(w, 'A', true);
    const B = await seedCompany(w, 'B', false);
    // Each company in a group of its own; A's group holds a second company whose name carries a
    // mark of its own, which only a list of A's group can show: B's group staff (anyone but the
    // super administrator) must never see it.
    const groups = new Map([
      [A.companyId, await groupOf(h, A, await h.company(`${GROUP_MARK}分公司`))],
      [B.companyId, await groupOf(h, B)],
    ]);
    const tables = await tablesOf(w);
    const secrets = await secretsOf(w, A);
    const crossBefore = new Set(crossCompanyRefs(await snapshot(h.database)));
    return new Companies(w, A, B, tables, secrets, crossBefore, groups);
  }

  ctxOf(c: SeededCompany): SampleContext {
    return { pool: c.pool, tables: this.tables };
  }

  /**
   * What no reply to `who` may show: company A's private data and its users' session tokens, and —
   * unless `who` is the super administrator, who oversees every group — the name of the company
   * only A's group holds.
   */
  current(who?: Caller | null): string[] {
    return [
      ...this.secrets,
      ...(who?.role === SUPER_ADMIN_ROLE ? [] : [GROUP_MARK]),
      ...[...this.w.callers.values()].filter((c) => c.companyId === this.A.companyId).map((c) => c.token),
    ];
  }

  /** Who may call the route with the most rights: the member for member calls, else the administrator. */
  privileged(route: WalkRoute): Caller {
    return route.access.login ? this.B.member : this.B.admin;
  }

  /**
   * Per codename of `routes`: a user of company A whose role lacks it (the role without it that
   * holds the most other codenames: the closest miss), a user of company B whose role holds it.
   * Roles from the permission table the server enforces (not a copy of it).
   */
  async roleCallers(routes: WalkRoute[]) {
    const { h } = this.w;
    const lacking = new Map<string, Caller>();
    const holding = new Map<string, Caller>();
    const roles = ROLE_NUMBERS.filter((r) => r !== SUPER_ADMIN_ROLE);
    const held = new Map<number, ReadonlySet<string>>();
    for (const r of ROLE_NUMBERS) held.set(r, await h.app.permissions.defaults(r));
    const size = (r: number) => held.get(r)?.size ?? 0;
    const byMost = (a: number, b: number) => size(b) - size(a) || a - b;
    const roleUser = async (company: SeededCompany, role: number) => {
      const name = `${company.tag}-role${role}`;
      const known = this.w.callers.get(name);
      if (known) return known;
      const made = await this.w.user(name, company.companyId, role);
      // A group's role works for its company's group (group_staff), as a real one would.
      const groupId = this.groups.get(company.companyId);
      if (groupId !== undefined && (GROUP_STAFF_ROLES as readonly number[]).includes(role))
        await h.db
          .insertInto('group_staff')
          .values({ group_id: groupId, user_id: made.userId, role, created_at: nowIso() })
          .execute();
      return made;
    };
    for (const code of new Set(routes.map((r) => r.access.permission).filter((p) => p !== undefined))) {
      const without = roles.filter((r) => !held.get(r)?.has(code)).sort(byMost)[0];
      if (without !== undefined) lacking.set(code, await roleUser(this.A, without));
      const withIt = roles.filter((r) => held.get(r)?.has(code)).sort(byMost)[0] ?? SUPER_ADMIN_ROLE;
      holding.set(code, withIt === SUPER_ADMIN_ROLE ? this.B.admin : await roleUser(this.B, withIt));
    }
    return { lacking, holding };
  }
}
