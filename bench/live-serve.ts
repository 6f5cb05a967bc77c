// Child process of the live-messages benchmark (issue 37): the real app on the database
// DATABASE_URL names (REDIS_URL shares the live socket's fan-out when set). With BENCH_SEED=1 it
// first makes BUSINESSES running businesses of MEMBERS members each (company 125, a published
// one-role flow, sessions written straight to the table) and prints them with the ready line.
import { randomBytes } from 'node:crypto';
import { TRAINING_NAMESPACE } from '@portal/contract/bpmn';
import { buildApp } from '@portal/server/src/app.ts';
import { loadConfig } from '@portal/server/src/config.ts';
import { hashPassword } from '@portal/server/src/modules/account/index.ts';
import { hashToken, newToken } from '@portal/server/src/platform/auth/tokens.ts';
import { migrateToLatest, openDatabase } from '@portal/server/src/platform/db/database.ts';
import { createUser, seedReference } from '@portal/server/src/seed/seed.ts';

const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 50);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10);
const company = 125;
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');

const database = openDatabase({ url, poolSize: loadConfig().databasePoolSize });
const { db } = database;
const app = await buildApp({
  database,
  // The environment's settings (REDIS_URL, JOBS_PREFIX), in a data folder of the benchmark's own.
  config: { ...loadConfig({ ...process.env, DATA_DIR: '/tmp/portal-bench-live' }), webDist: undefined },
});

async function call(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  form: Record<string, string | number> = {},
) {
  const body = new URLSearchParams(
    Object.entries(form).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const res = await app.inject({
    method,
    url: method === 'GET' ? `/api${path}?${body}` : `/api${path}`,
    headers: { authorization: `Token ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    ...(method === 'POST' ? { payload: body } : {}),
  });
  const r = res.json();
  if (r.c !== 0) throw new Error(`${path}: ${r.m}`);
  return r.d;
}

async function session(userId: number) {
  const token = newToken();
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      company_id: company,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      ip: '127.0.0.1',
      user_agent: 'bench',
    })
    .execute();
  return token;
}

async function seed() {
  await migrateToLatest(database);
  await seedReference(database);
  const tag = `${process.pid}_${Date.now()}`;
  const password = { hash: await hashPassword(randomBytes(12).toString('base64url')) };
  const managerId = await createUser(db, {
    companyId: company,
    username: `bench_mgr_${tag}`,
    password,
    role: 3,
  });
  const manager = await session(managerId);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:training="${TRAINING_NAMESPACE}" id="D" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="P"><bpmn:startEvent id="S" /><bpmn:task id="T" name="讨论" training:nodeType="1" />
  <bpmn:task id="R" name="总结" training:nodeType="4" /><bpmn:endEvent id="E" />
  <bpmn:sequenceFlow id="f1" sourceRef="S" targetRef="T" /><bpmn:sequenceFlow id="f2" sourceRef="T" targetRef="R" />
  <bpmn:sequenceFlow id="f3" sourceRef="R" targetRef="E" /></bpmn:process></bpmn:definitions>`;
  const flowId = (await call(manager, 'POST', '/workflow/create', { name: `压测流程${tag}` })).id as number;
  await call(manager, 'POST', '/workflow/flow/draw', { flow_id: flowId, xml });
  const setup = await call(manager, 'GET', '/workflow/setup', { flow_id: flowId });
  const runNodes = setup.nodes.filter((n: { kind: string }) => n.kind === 'task');
  await call(manager, 'POST', '/workflow/set/nodes', { flow_id: flowId, nodes: '[]' });
  await call(manager, 'POST', '/workflow/set/docs', { flow_id: flowId });
  const roles = await call(manager, 'POST', '/workflow/set/roles', {
    flow_id: flowId,
    roles: JSON.stringify([
      {
        name: '成员',
        capacity: MEMBERS,
        can_start: 1,
        nodes: runNodes.map((n: { id: number }) => ({ node_id: n.id, can_terminate: 1, can_brought: 0 })),
      },
    ]),
  });
  await call(manager, 'POST', '/workflow/set/modules', {
    flow_id: flowId,
    allocations: JSON.stringify(
      roles.roles.flatMap((r: { id: number; nodes: { node_id: number }[] }) =>
        r.nodes.map((n) => ({ role_id: r.id, node_id: n.node_id, actions: ['end', 'exit'] })),
      ),
    ),
    decides: '[]',
  });
  await call(manager, 'POST', '/workflow/publish', { flow_id: flowId });
  const project = await call(manager, 'POST', '/project/create', {
    flow_id: flowId,
    name: `压测项目${tag}`,
    level: 1,
    ability_target: 1,
    open_mode: 1,
    graph_view: 1,
    can_redo: 1,
    reference: 1,
    targets: '[]',
    target_user_ids: '[]',
  });
  const businesses = [];
  for (let b = 0; b < BUSINESSES; b++) {
    const made = await call(manager, 'POST', '/business/create', {
      project_id: project.id,
      name: `压测业务${b}`,
    });
    const seats = made.roles[0].seats as { id: number; user_id: number | null }[];
    const members = [{ seat: seats[0]?.id ?? 0, token: manager }];
    const data = [];
    for (const seat of seats.slice(1)) {
      const id = await createUser(db, {
        companyId: company,
        username: `bench_${b}_${seat.id}_${tag}`,
        password,
        role: 5,
      });
      data.push({ seat_id: seat.id, user_id: id });
      members.push({ seat: seat.id, token: await session(id) });
    }
    await call(manager, 'POST', '/business/addMoreTeammates', {
      business_id: made.id,
      data: JSON.stringify(data),
    });
    const run = await call(manager, 'GET', '/business/detail', { business_id: made.id });
    businesses.push({ id: made.id as number, node: run.nodes[0].node_id as number, members });
  }
  return businesses;
}

const businesses = process.env.BENCH_SEED === '1' ? await seed() : [];
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, dialect: database.dialect, businesses })}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
