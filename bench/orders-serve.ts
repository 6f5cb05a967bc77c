// Child process of the order benchmark: the real app on SQLite (WAL) or, with DATABASE_URL, on
// PostgreSQL; one company with GOODS goods on sale (stock enough for the whole run), CLIENTS
// members who each have an address and a session, and a shop administrator who confirms payments.
import { createGoods, createUser } from '@portal/server/src/seed/seed.ts';
import { buildBenchApp, openBenchData, serveBench } from './serve-common.ts';

const GOODS = Number(process.env.BENCH_ORDER_GOODS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 40);
const STOCK = 1_000_000_000;
const company = 125;
const password = 'Bench12345';

const data = await openBenchData('portal-bench-orders-');
const { db } = data.database;
const goods: number[] = [];
for (let i = 0; i < GOODS; i++) {
  goods.push(await createGoods(db, company, { name: `压测商品${i}`, price: 100 + i * 10, stock: STOCK }));
}
const tag = `${process.pid}_${Date.now()}`;
const staffName = `bench_staff_${tag}`;
await createUser(db, { companyId: company, username: staffName, password, role: 12 });
const members: string[] = [];
for (let i = 0; i < CLIENTS; i++) {
  const username = `bench_m${i}_${tag}`;
  await createUser(db, { companyId: company, username, password, role: 15 });
  members.push(username);
}

const app = await buildBenchApp(data);
// After the run: every unit of stock is either still on the shelf or in an order that holds it
// (awaiting payment, paid and later); sales equal the quantities of paid orders.
app.get('/bench/check', { config: { access: { public: true } } }, async () => {
  const shelf = await db.selectFrom('goods').select(['stock', 'sales']).where('id', 'in', goods).execute();
  const lines = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['o.id', 'o.status', 'i.quantity'])
    .execute();
  const sum = (xs: number[]) => xs.reduce((a, b) => a + Number(b), 0);
  const taken = sum(shelf.map((g) => STOCK - g.stock));
  const held = sum(lines.filter((l) => l.status >= 1 && l.status <= 4).map((l) => l.quantity));
  const paid = sum(lines.filter((l) => l.status >= 2 && l.status <= 4).map((l) => l.quantity));
  const orders = new Set(lines.map((l) => l.id)).size;
  return { orders, stockRight: taken === held, salesRight: sum(shelf.map((g) => g.sales)) === paid };
});

async function login(username: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { username, password },
  });
  return `Token ${res.json().d.token}`;
}
const clients: { token: string; consignee_id: number }[] = [];
for (const username of members) {
  const token = await login(username);
  const res = await app.inject({
    method: 'POST',
    url: '/api/consignee/update',
    headers: { authorization: token },
    payload: {
      name: '张三',
      mobile: '13800138000',
      province: '北京市',
      city: '北京市',
      district: '海淀区',
      address: '中关村大街1号',
    },
  });
  clients.push({ token, consignee_id: res.json().d.id });
}

await serveBench(app, data, { goods, clients, staff: await login(staffName) });
