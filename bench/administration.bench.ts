// Issue 34's budgets, in one run on SQLite (or PostgreSQL with DATABASE_URL):
// 1. a permission-checked list call with a company's role overrides and a group scope — a group
//    manager listing the people of a company of their group, their own company having overrides
//    of their role — at ≥ 90% of the rate of the same list with the fixed role table of before
//    (the company's own manager, no overrides, no group scope, the check as it was);
// 2. with 10,000 people in the company, the people list with a filter at p99 < 50 ms — for a
//    person: measured with 5 administrators at work at once (at 50 connections the list's rate,
//    not its latency, is what the first targets show).
import { measure, pct, report, startServer } from './harness.ts';

const { ready, server } = await startServer<{
  port: number;
  fixedPort: number;
  dialect: string;
  branch: number;
  department: number;
  groupManager: string;
  manager: string;
  users: number;
}>('administration-serve.ts');
const base = `http://127.0.0.1:${ready.port}`;
const fixedBase = `http://127.0.0.1:${ready.fixedPort}`;
const list = (root: string, token: string, query: string, connections?: number) => ({
  url: `${root}/api/account/list?${query}`,
  headers: { authorization: token },
  ...(connections && { connections }),
});
/** The latency budget is a person's: measured with as many administrators at work at once. */
const ADMINS = 5;
// One department with those below it (2,000 people), 20 a page: what 人员管理 asks first.
const filter = `department_id=${ready.department}&page_size=20`;

const results = await measure([
  { title: 'GET /api/health (no database)', opts: { url: `${base}/api/health` } },
  { title: 'people list, fixed role table (before)', opts: list(fixedBase, ready.manager, filter) },
  {
    title: 'people list, overrides + group scope',
    opts: list(base, ready.groupManager, `${filter}&company_id=${ready.branch}`),
  },
  { title: 'people list, own company (now)', opts: list(base, ready.manager, filter) },
  { title: `department filter, ${ADMINS} administrators`, opts: list(base, ready.manager, filter, ADMINS) },
  {
    title: `keyword + department + state, ${ADMINS} administrators`,
    opts: list(base, ready.manager, `${filter}&keyword=${encodeURIComponent('张员工1')}&status=1`, ADMINS),
  },
  {
    title: `role filter, page 50, ${ADMINS} administrators`,
    opts: list(base, ready.manager, 'role=12&page=50&page_size=20', ADMINS),
  },
]);
server.kill('SIGTERM');

report(`${ready.dialect}, ${ready.users} people in the company`, results);
const [, before, scoped, , department, keyword, role] = results;
const ratio = (scoped?.rps ?? 0) / (before?.rps || 1);
console.log(
  `overrides + group scope / fixed table = ${pct(ratio)} (budget ≥ 90%) ${ratio >= 0.9 ? 'OK' : 'BELOW BUDGET'}`,
);
const worst = Math.max(department?.p99 ?? 0, keyword?.p99 ?? 0, role?.p99 ?? 0);
console.log(
  `people list with a filter (${ADMINS} administrators at once), worst p99 ${worst} ms (budget < 50 ms) ${worst < 50 ? 'OK' : 'OVER BUDGET'}`,
);
