import { Codes, DEFAULT_COMPANY_ID, MEMBER_ROLE, MICROSITE_PATHS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildCatalogueIndex } from '../src/modules/catalogue/index.ts';
import { modulesDatabase } from '../src/platform/db/database.ts';
import { nowIso } from '../src/platform/time.ts';
import { MICROSITE_COMPANIES, MICROSITE_ROWS, seedDemoMicrosites } from '../src/seed/demo-microsites.ts';
import { createGoods } from '../src/seed/seed.ts';
import { type Harness, testApp } from './harness.ts';

let h: Harness;
let ids: Map<string, number>;

const get = async (url: string, headers: Record<string, string> = {}) =>
  (await h.app.inject({ method: 'GET', url: `/api${url}`, headers })).json();
const site = (path: string) => get(`/microsite?path=${encodeURIComponent(path)}`);

async function addMicrosite(path: string, companyId: number, status = 1) {
  const now = nowIso();
  await h.db
    .insertInto('microsites')
    .values({
      path,
      company_id: companyId,
      title: `站点${path}`,
      contact_phone: null,
      contact_mobile: null,
      contact_email: null,
      contact_address: null,
      status,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function goods(companyId: number, name: string) {
  const id = await createGoods(h.db, companyId, { name, price: 1000, stock: 10 });
  await rebuildCatalogueIndex(modulesDatabase(h.db), companyId);
  return id;
}

beforeAll(async () => {
  h = await testApp();
  ids = await seedDemoMicrosites(h.db);
});
afterAll(() => h.close());

describe('GET /microsite', () => {
  it('resolves every path of the specification to its own company', async () => {
    const seen = new Set<number>();
    for (const path of MICROSITE_PATHS) {
      const row = MICROSITE_ROWS.find((r) => r.path === path);
      const company = MICROSITE_COMPANIES.find((c) => c.code === row?.code);
      expect(row, path).toBeDefined();
      const r = await site(path);
      expect(r.c, path).toBe(0);
      expect(r.d.path).toBe(path);
      expect(r.d.company.id).toBe(ids.get(row?.code ?? ''));
      expect(r.d.company.company_name).toBe(company?.company_name);
      expect(r.d.contact.phone).toBe(company?.phone);
      expect(r.d.intro.length).toBeGreaterThan(0);
      expect(r.d.highlights.length).toBeGreaterThanOrEqual(3);
      expect(r.d.highlights.length).toBeLessThanOrEqual(4);
      if (path !== '/dzcen') seen.add(r.d.company.id);
    }
    expect(seen.size).toBe(MICROSITE_PATHS.length - 1);
    expect(ids.get('qf')).toBe(126);
  });

  it('serves /dzcen in English for the same company as /dzc, with its own address', async () => {
    const [zh, en] = [await site('/dzc'), await site('/dzcen')];
    expect(en.d.locale).toBe('en');
    expect(zh.d.locale).toBe('zh-CN');
    expect(en.d.company.id).toBe(zh.d.company.id);
    expect(en.d.title).toBe('Dezechuang Electronics');
    expect(en.d.contact.address).toMatch(/Shenzhen/);
    expect(zh.d.contact.address).toMatch(/深圳/);
  });

  it('answers 20901 for an unknown path, a disabled microsite and a disabled company', async () => {
    expect(await site('/nope')).toMatchObject({ c: Codes.MICROSITE_NOT_FOUND.c, m: '站点不存在' });
    const off = await h.company('停用站点');
    await addMicrosite('/off-site', off, 0);
    expect((await site('/off-site')).c).toBe(20901);
    const closed = await h.company('停业单位');
    await addMicrosite('/closed', closed);
    expect((await site('/closed')).c).toBe(0);
    await h.db.updateTable('companies').set({ status: 0 }).where('id', '=', closed).execute();
    expect((await site('/closed')).c).toBe(20901);
  });

  it('gives the field message for a missing, huge or wrongly typed path', async () => {
    expect(await get('/microsite')).toMatchObject({ c: 10001, m: '站点路径不能为空' });
    expect(await site(`/${'a'.repeat(200)}`)).toMatchObject({ c: 10001, m: '站点路径不能超过200个字符' });
    expect(await get('/microsite?path=/qf&path=/zc')).toMatchObject({ c: 10001, m: '站点路径格式不正确' });
  });
});

describe('GET /microsite/company', () => {
  it('gives the company, its contact and the intro of its Chinese microsite', async () => {
    const r = await get('/microsite/company?company_id=126');
    expect(r.c).toBe(0);
    expect(r.d.company.company_name).toBe('青峰贸易有限公司');
    expect(r.d.microsite_path).toBe('/qf');
    expect(r.d.intro[0]).toMatch(/青峰贸易/);
    const dzc = await get(`/microsite/company?company_id=${ids.get('dzc')}`);
    expect(dzc.d.microsite_path).toBe('/dzc');
  });

  it('falls back to the default company without a company_id, with no intro when it has no microsite', async () => {
    const r = await get('/microsite/company');
    expect(r.d.company.id).toBe(DEFAULT_COMPANY_ID);
    expect(r.d.intro).toEqual([]);
    expect(r.d.contact.phone).toBe('010-88880125');
  });

  it('refuses an unknown company and a bad id', async () => {
    expect((await get('/microsite/company?company_id=999999')).c).toBe(Codes.NOT_FOUND.c);
    expect(await get('/microsite/company?company_id=abc')).toMatchObject({ c: 10001, m: '单位必须是整数' });
  });
});

describe('public reads of another company while logged in', () => {
  it('lists the named company’s goods for a member of another company, and keeps writes in the own company', async () => {
    const own = await h.company('自家单位');
    const ownGoods = await goods(own, '自家商品');
    const member = await h.as(MEMBER_ROLE, own);
    const zc = ids.get('zc') ?? 0;

    const theirs = await get(`/goods/staff/shopgoods/?company_id=${zc}&page_size=20`, member.headers);
    const names = theirs.d.results.map((g: { name: string }) => g.name);
    expect(names).toContain('正辰 ZC-60 精密行星减速机');
    expect(names).not.toContain('自家商品');

    const mine = await get('/goods/staff/shopgoods/', member.headers);
    expect(mine.d.results.map((g: { id: number }) => g.id)).toEqual([ownGoods]);

    const zcGoods = theirs.d.results[0].id as number;
    const detail = await get(`/goods/staff/shopgoods/detail/?id=${zcGoods}&company_id=${zc}`, member.headers);
    expect(detail.c).toBe(0);
    expect(detail.d.loved).toBe(false);

    // A write still works in the member's own company: another company's goods are not theirs to buy.
    const add = (await h.post('/api/cart/add', { goods_id: zcGoods, quantity: 1 }, member.headers)).json();
    expect(add.c).toBe(Codes.GOODS_UNAVAILABLE.c);
    const lines = await h.db.selectFrom('cart_items').select('id').where('goods_id', '=', zcGoods).execute();
    expect(lines).toEqual([]);
    const love = (await h.post('/api/goods/love', { goods_id: zcGoods }, member.headers)).json();
    expect(love.c).toBe(Codes.GOODS_UNAVAILABLE.c);
  });
});
