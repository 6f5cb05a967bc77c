// Child process of the benchmark: the real app on a real SQLite file (WAL), with one company that
// has 100 categories in a three-level tree and a logged-in shop administrator.
import { createUser } from '@portal/server/src/seed/seed.ts';
import { buildBenchApp, openBenchData, serveBench } from './serve-common.ts';

const data = await openBenchData('portal-bench-');
const { database } = data;
const username = `bench_${process.pid}_${Date.now()}`;
await createUser(database.db, { companyId: 125, username, password: 'Bench12345', role: 12 });
const app = await buildBenchApp(data);
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
const bytes = Object.fromEntries([...sameBytes].map(([k, v]) => [k, v.length]));
await serveBench(app, data, { token: headers.authorization, bytes });
