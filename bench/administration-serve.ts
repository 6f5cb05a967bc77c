// Child process of the administration benchmark (issue 34): the real app twice on one database —
// as it is, and with the role → action check of before issue 34 (one fixed table per role, no
// company's overrides) put back — with a company of BENCH_USERS people (10,000) in a tree of
// departments, in a group whose manager works in another company that has overrides of its roles.
import { ALL_CODENAMES, SUPER_ADMIN_ROLE } from '@portal/contract';
import { hashPassword } from '@portal/server/src/modules/account/index.ts';
import { createCompany, createUser } from '@portal/server/src/seed/seed.ts';
import { buildBenchApp, openBenchData, serveBench } from './serve-common.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const password = 'Bench12345';
const tag = `${process.pid}`;

const data = await openBenchData('portal-bench-admin-');
const { db } = data.database;
const now = new Date().toISOString();

// 125 (the reference seed's company) and a branch with the people, in one group.
const branch = await createCompany(db, { code: `bench-branch-${tag}`, company_name: '压测分公司' });
const group = await db
  .insertInto('company_groups')
  .values({
    name: `压测集群${tag}`,
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
await db.updateTable('companies').set({ group_id: group.id }).where('id', 'in', [125, branch]).execute();

const groupManagerName = `bench_group_${tag}`;
const groupManager = await createUser(db, { companyId: 125, username: groupManagerName, password, role: 2 });
await db
  .insertInto('group_staff')
  .values({ group_id: group.id, user_id: groupManager, role: 2, created_at: now })
  .execute();
const managerName = `bench_unit_${tag}`;
await createUser(db, { companyId: branch, username: managerName, password, role: 3 });

// 125's own matrix: its group manager's role gains one action and loses another (overrides in use).
await db
  .insertInto('company_role_permissions')
  .values([
    { company_id: 125, role: 2, codename: 'view_goods', granted: 1 },
    { company_id: 125, role: 2, codename: 'add_group_company', granted: 0 },
  ])
  .execute();

// 5 top departments × 4 below each, two positions per top department; the people spread over them.
const departments: number[] = [];
const tops: number[] = [];
for (let t = 0; t < 5; t++) {
  const top = await db
    .insertInto('departments')
    .values({ company_id: branch, name: `事业部${t}`, parent_id: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  tops.push(top.id);
  for (let c = 0; c < 4; c++) {
    const child = await db
      .insertInto('departments')
      .values({
        company_id: branch,
        name: `事业部${t}-组${c}`,
        parent_id: top.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    departments.push(child.id);
  }
}
const positions: number[] = [];
for (const [t, top] of tops.entries())
  for (const p of ['主管', '专员'])
    positions.push(
      (
        await db
          .insertInto('positions')
          .values({
            company_id: branch,
            name: `${p}${t}`,
            department_id: top,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );

const hash = await hashPassword(password);
const ROLES = [5, 9, 12, 13, 20];
const SURNAMES = ['张', '王', '李', '赵', '陈', '刘', '杨', '黄', '周', '吴'];
for (let start = 0; start < USERS; start += 1000) {
  await db.transaction().execute(async (trx) => {
    const rows = [];
    for (let i = start; i < Math.min(start + 1000, USERS); i++) {
      const d = i % departments.length;
      rows.push({
        company_id: branch,
        username: `bench_p${i}_${tag}`,
        password_hash: hash,
        real_name: `${SURNAMES[i % SURNAMES.length]}员工${i}`,
        role: ROLES[i % ROLES.length] as number,
        department_id: departments[d] as number,
        position_id: positions[Math.floor(d / 4) * 2 + (i % 2)] as number,
        mobile: `139${String(i).padStart(8, '0')}`,
        email: '',
        avatar_url: '',
        main_bg: '',
        status: i % 20 === 0 ? 0 : 1,
        last_login_at: null,
        created_at: now,
        updated_at: now,
      });
    }
    for (let k = 0; k < rows.length; k += 60)
      await trx
        .insertInto('users')
        .values(rows.slice(k, k + 60))
        .execute();
  });
}

const app = await buildBenchApp(data);
// The same app with the check of before issue 34 put back: what a role may do is one table per
// role for every company, read once per process (permission-cache.ts as it was at stop 44).
const fixedApp = await buildBenchApp(data);
const fixed = new Map<number, Set<string>>();
for (const r of await db.selectFrom('role_permissions').select(['role', 'codename']).execute()) {
  const set = fixed.get(r.role) ?? new Set<string>();
  set.add(r.codename);
  fixed.set(r.role, set);
}
const all = new Set<string>(ALL_CODENAMES);
const codenames = async ({ role }: { role: number }) =>
  role === SUPER_ADMIN_ROLE ? all : (fixed.get(role) ?? new Set<string>());
Object.assign(fixedApp.permissions, {
  codenames,
  has: async (holder: { role: number }, codename: string) => (await codenames(holder)).has(codename),
});

async function login(username: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { username, password },
  });
  return `Token ${res.json().d.token}`;
}
await fixedApp.listen({ port: 0, host: '127.0.0.1' });
const fixedAddress = fixedApp.server.address();
await serveBench(app, data, {
  fixedPort: typeof fixedAddress === 'object' && fixedAddress ? fixedAddress.port : 0,
  branch,
  department: tops[2],
  groupManager: await login(groupManagerName),
  manager: await login(managerName),
  users: USERS,
});
process.on('SIGTERM', () => void fixedApp.close());
