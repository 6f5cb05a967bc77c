// Child process of the benchmark: the real app on a real SQLite file (WAL), with one company that
// has 100 categories in a three-level tree and a logged-in shop administrator.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@portal/server/src/app.ts';
import { loadConfig } from '@portal/server/src/config.ts';
import { migrateToLatest, openDatabase } from '@portal/server/src/platform/db/database.ts';
import { createUser, seedReference } from '@portal/server/src/seed/seed.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
const database = openDatabase({ url: process.env.DATABASE_URL ?? path.join(dir, 'bench.sqlite') });
await migrateToLatest(database);
await seedReference(database);
const username = `bench_${process.pid}_${Date.now()}`;
await createUser(database.db, { companyId: 125, username, password: 'Bench12345', role: 12 });
const app = await buildApp({ database, config: { ...loadConfig({ DATA_DIR: dir }), webDist: undefined } });
// A second reference: a no-database route that sends exactly the bytes a list reply sends.
const sameBytes = new Map<string, Buffer>();
app.get<{ Params: { size: string } }>(
  '/bench/same-bytes/:size',
  { config: { access: { public: true } } },
  async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(sameBytes.get(request.params.size) ?? Buffer.alloc(0)),
);

const login = await app.inject({
  method: 'POST',
  url: '/api/account/login',
  payload: { username, password: 'Bench12345' },
});
const headers = { authorization: `Token ${login.json().d.token}` };
const add = async (name: string, parent_id?: number) =>
  (
    await app.inject({
      method: 'POST',
      url: '/api/shop/goods/category/add',
      headers,
      payload: { name, parent_id },
    })
  ).json().d.id as number;
let made = 0;
for (let i = 0; made < 100; i++) {
  const top = await add(`一级${i}`);
  made++;
  for (let j = 0; j < 3 && made < 100; j++) {
    const mid = await add(`二级${i}-${j}`, top);
    made++;
    for (let k = 0; k < 5 && made < 100; k++) {
      await add(`三级${i}-${j}-${k}`, mid);
      made++;
    }
  }
}
for (const size of ['10', '100']) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/shop/goods/category/list',
    headers,
    payload: { page_size: size },
  });
  sameBytes.set(size, res.rawPayload);
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const bytes = Object.fromEntries([...sameBytes].map(([k, v]) => [k, v.length]));
process.stdout.write(
  `${JSON.stringify({ port, token: headers.authorization, dialect: database.dialect, bytes })}\n`,
);
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
