import { SUPER_ADMIN_ROLE } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crossCompanyRefs,
  fingerprint,
  fingerprintDiff,
  type Snapshot,
  snapshot,
} from './route-walk/fingerprint.ts';
import { doorProbes, type Probe, wellShapedProbes } from './route-walk/requests.ts';
import { isConsole, isPublic } from './route-walk/routes.ts';
import { Companies, type Job, named, refusal, run, walkApp } from './route-walk/walk.ts';
import type { Caller } from './route-walk/world.ts';

/**
 * The route walk, part 2 of 2 (part 1: route-walk-hostile.test.ts): generated from the route
 * table, so a route added later is walked without a test of its own. Wrong callers of every route
 * that is not public — anonymous → 10003, a role of company A without the permission → 10004,
 * another company's user holding it — send well-shaped bodies that name company A's rows: nothing
 * of company A changes, no new row points at company A's rows, and no reply shows its private data.
 */

const { h, routes } = await walkApp();
const nonPublic = routes.filter((r) => !isPublic(r));
const walked = new Set<string>();

let c: Companies;
let lacking: Map<string, Caller>;
let holding: Map<string, Caller>;

beforeAll(async () => {
  c = await Companies.seed(h);
  ({ lacking, holding } = await c.roleCallers(routes));
}, 120_000);
afterAll(() => h.close());

/**
 * Shared tables whose rows belong to no company and only the super administrator writes: the
 * public brands, the groups of companies and their staff (docs/adr/0038).
 */
const SHARED_BY_SUPER_ADMIN = new Set(['public_brands', 'company_groups', 'group_staff']);

/** The database as the last walked route left it, read after its requests (undefined: read it again). */
let lastSnapshot: Snapshot | undefined;

describe('wrong callers change nothing of company A and see none of its private data', () => {
  it.each(named(nonPublic))('%s', async (label, route) => {
    walked.add(label);
    const { A, B, w } = c;
    const probes = wellShapedProbes(route, c.ctxOf(A));
    const base = { method: route.method, console: isConsole(route), htmlOk: route.file };
    const jobs: Job[] = [];
    // Callers refused at the door get one body (and a body route the tripwire): what the body holds
    // cannot matter to a refusal that comes before it is read (requests.ts doorProbes).
    const atTheDoor = doorProbes(route, c.ctxOf(A), probes[0] as Probe);
    const without = route.access.permission ? lacking.get(route.access.permission) : undefined;
    for (const probe of atTheDoor) {
      jobs.push({
        who: 'anonymous',
        caller: null,
        probe,
        rules: { ...base, ...refusal(route, 'anonymous'), secrets: c.current(null) },
      });
      if (without) {
        jobs.push({
          who: `A role ${without.role} (lacks it)`,
          caller: without,
          probe,
          rules: { ...base, ...refusal(route, 'forbidden') },
        });
      }
    }
    const holder = route.access.permission ? holding.get(route.access.permission) : undefined;
    const others = route.access.permission ? [holder ?? B.admin] : [B.member, B.admin];
    for (const probe of probes) {
      for (const other of others) {
        jobs.push({
          who: `B role ${other.role}`,
          caller: other,
          probe,
          rules: { ...base, secrets: c.current(other) },
        });
      }
    }
    const problems: string[] = [];
    // Shared tables the super administrator of any company writes (platform-wide content, such as
    // the public brands): B's super administrator changing them is its job, not a leak into A.
    const superAdminOnly = route.access.permission !== undefined && holder?.role === SUPER_ADMIN_ROLE;
    const ignore = superAdminOnly ? SHARED_BY_SUPER_ADMIN : new Set<string>();
    const before = fingerprint(lastSnapshot ?? (await snapshot(h.database)), B.companyId, ignore);
    lastSnapshot = undefined;
    await run(h.app, jobs, problems);
    const after = await snapshot(h.database);
    for (const d of fingerprintDiff(before, fingerprint(after, B.companyId, ignore)))
      problems.push(`changed ${d}`);
    for (const ref of crossCompanyRefs(after))
      if (!c.crossBefore.has(ref)) problems.push(`new cross-company row ${ref}`);
    for (const caller of w.callers.values()) await w.revive(caller);
    // Between two routes only sessions change (a log table): the next route starts from this one.
    lastSnapshot = after;
    expect(problems).toEqual([]);
  });

  it('walked every route that is not public', () => {
    const missing = nonPublic.map((r) => r.label).filter((l) => !walked.has(l));
    expect(missing).toEqual([]);
  });
});
