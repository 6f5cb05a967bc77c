import { MEMBER_ROLE, PERSON_SEARCH_PER_MINUTE } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareVersions } from '../src/modules/finder/finder.service.ts';
import { nowIso } from '../src/platform/time.ts';
import { createUser } from '../src/seed/seed.ts';
import { type Harness, PASSWORD, testApp } from './harness.ts';

describe('compareVersions', () => {
  it('compares part by part as numbers', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBeGreaterThan(0);
    expect(compareVersions('2.3.1', '2.3.0')).toBeGreaterThan(0);
    expect(compareVersions('2.3.0', '2.3.1')).toBeLessThan(0);
    expect(compareVersions('2.3.1', '2.3.1')).toBe(0);
    expect(compareVersions('2.3.01', '2.3.1')).toBe(0);
    expect(compareVersions('3.0.0', '2.99.99')).toBeGreaterThan(0);
    expect(compareVersions('0.0.9', '0.1.0')).toBeLessThan(0);
    expect(compareVersions('2.3', '2.3.0')).toBe(0);
  });
});

let h: Harness;
let companyId: number;
let otherCompany: number;
const tag = `测${Math.random().toString(36).slice(2, 6)}`;

const get = async (url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  (
    await h.app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    })
  ).json();

const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 3600_000).toISOString();

async function release(
  cid: number,
  platform: string,
  version: string,
  v: { force?: number; status?: number; released?: string; build?: number } = {},
) {
  const now = nowIso();
  await h.db
    .insertInto('app_versions')
    .values({
      company_id: cid,
      platform,
      version,
      build: v.build ?? 1,
      notes: `版本 ${version} 更新说明`,
      download_url: `/demo/app/${platform}.html`,
      force_update: v.force ?? 0,
      released_at: v.released ?? daysAgo(1),
      status: v.status ?? 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function person(cid: number, role: number, realName: string, extra: { status?: number } = {}) {
  const id = await createUser(h.db, {
    companyId: cid,
    username: `p${Math.random().toString(36).slice(2, 10)}`,
    password: PASSWORD,
    role,
    real_name: realName,
    position: '采购主管',
    group: '采购部',
  });
  // A number of each person's own (a mobile number is one user's): private, never in the answer.
  await h.db
    .updateTable('users')
    .set({
      mobile: `139${String(id).padStart(8, '0')}`,
      email: 'secret@example.cn',
      status: extra.status ?? 1,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

async function project(
  cid: number,
  name: string,
  v: { isPublic?: number; status?: number; del?: number; category?: string } = {},
) {
  const now = nowIso();
  const row = await h.db
    .insertInto('projects')
    .values({
      company_id: cid,
      flow_id: null,
      name,
      intro: `${name}的简介`,
      purpose: '',
      requirement: '',
      category: v.category ?? 'purchase',
      level: 2,
      cover: '/demo/finder/purchase.svg',
      is_public: v.isPublic ?? 1,
      status: v.status ?? 1,
      del_flag: v.del ?? 0,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('查找单位');
  otherCompany = await h.company('别的单位');
});
afterAll(async () => {
  await h.close();
});

describe('GET /check/app/version', () => {
  beforeAll(async () => {
    await release(companyId, 'android', '2.2.0', { force: 1, released: daysAgo(90) });
    await release(companyId, 'android', '2.10.0', { released: daysAgo(3), build: 2100 });
    await release(companyId, 'android', '2.9.5', { released: daysAgo(10) });
    await release(companyId, 'android', '9.0.0', { status: 0 }); // draft
    await release(companyId, 'android', '9.1.0', {
      released: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await release(otherCompany, 'ios', '5.0.0');
  });

  it('answers the newest published release, compared by version parts', async () => {
    const r = await get(`/check/app/version?platform=android&company_id=${companyId}`);
    expect(r.c).toBe(0);
    expect(r.d).toMatchObject({ platform: 'android', version: '2.10.0', build: 2100, has_update: false });
    expect(r.d.notes).toContain('2.10.0');
    expect(Object.keys(r.d).sort()).toEqual(
      [
        'build',
        'download_url',
        'force_update',
        'has_update',
        'notes',
        'platform',
        'released_at',
        'version',
      ].sort(),
    );
  });

  it('has_update compares with current; a forced release in between forces the update', async () => {
    const older = await get(`/check/app/version?platform=android&current=2.9.9&company_id=${companyId}`);
    expect(older.d).toMatchObject({ has_update: true, force_update: false });
    const veryOld = await get(`/check/app/version?platform=android&current=2.1.0&company_id=${companyId}`);
    expect(veryOld.d).toMatchObject({ has_update: true, force_update: true });
    const same = await get(`/check/app/version?platform=android&current=2.10.0&company_id=${companyId}`);
    expect(same.d).toMatchObject({ has_update: false, force_update: false });
    const newer = await get(`/check/app/version?platform=android&current=3.0.0&company_id=${companyId}`);
    expect(newer.d.has_update).toBe(false);
    // An empty current is no current: the newest release, its own force flag, no comparison.
    const blank = await get(`/check/app/version?platform=android&current=&company_id=${companyId}`);
    expect(blank.c).toBe(0);
    expect(blank.d).toMatchObject({ version: '2.10.0', has_update: false, force_update: false });
  });

  it('the company named wins for a logged-in caller too', async () => {
    const m = await h.as(MEMBER_ROLE, otherCompany);
    const r = await get(`/check/app/version?platform=android&company_id=${companyId}`, m.headers);
    expect(r.d.version).toBe('2.10.0');
    expect((await get('/check/app/version?platform=ios', m.headers)).d.version).toBe('5.0.0');
  });

  it('no release for the platform in the company → 21101 暂无可用版本', async () => {
    const r = await get(`/check/app/version?platform=ios&company_id=${companyId}`);
    expect(r).toEqual({ c: 21101, m: '暂无可用版本' });
  });

  it('bad input gets the field message', async () => {
    expect(await get('/check/app/version')).toMatchObject({ c: 10001, m: '平台不能为空', field: 'platform' });
    expect(await get('/check/app/version?platform=windows')).toMatchObject({
      c: 10001,
      m: '平台只能是 android 或 ios',
    });
    expect(await get('/check/app/version?platform=ios&current=abc')).toMatchObject({
      c: 10001,
      field: 'current',
      m: '当前版本格式不正确，应为 x.y.z',
    });
    expect(await get(`/check/app/version?platform=ios&current=${'1'.repeat(30)}`)).toMatchObject({
      c: 10001,
      field: 'current',
    });
  });
});

describe('GET /search/person', () => {
  let staffId: number;
  let instructorId: number;
  beforeAll(async () => {
    staffId = await person(companyId, 14, `${tag}陈思远`);
    instructorId = await person(companyId, 4, `${tag}陈老师`);
    await person(companyId, 8, `${tag}助教陈`);
    await person(companyId, MEMBER_ROLE, `${tag}陈会员`);
    await person(companyId, 9, `${tag}陈学生`);
    await person(companyId, 1, `${tag}陈超管`);
    await person(companyId, 20, `${tag}陈停用`, { status: 0 });
    await person(otherCompany, 20, `${tag}陈外单位`);
  });

  const search = (q: string, headers: Record<string, string> = {}, ip?: string) =>
    get(`/search/person?${q}`, headers, ip);

  it('finds staff and instructors of the tenant by part of the name, public fields only', async () => {
    const r = await search(`name=${encodeURIComponent(tag)}&company_id=${companyId}`);
    expect(r.c).toBe(0);
    const names = r.d.results.map((p: { real_name: string }) => p.real_name).sort();
    expect(names).toEqual([`${tag}助教陈`, `${tag}陈思远`, `${tag}陈老师`].sort());
    expect(r.d.paging).toMatchObject({ count: 3, cur_page: 1 });
    for (const p of r.d.results) {
      expect(Object.keys(p).sort()).toEqual(['group', 'id', 'position', 'real_name', 'role_name']);
    }
    const body = JSON.stringify(r);
    expect(body).not.toMatch(/139\d{8}/);
    expect(body).not.toContain('secret@example.cn');
    const staff = r.d.results.find((p: { id: number }) => p.id === staffId);
    expect(staff).toEqual({
      id: staffId,
      real_name: `${tag}陈思远`,
      role_name: '采购员',
      position: '采购主管',
      group: '采购部',
    });
    expect(r.d.results.find((p: { id: number }) => p.id === instructorId).role_name).toBe('指导者');
  });

  it('matches a part of the name, pages, and treats % and _ as letters', async () => {
    const one = await search(`name=${encodeURIComponent('思远')}&company_id=${companyId}`);
    expect(one.d.results.map((p: { real_name: string }) => p.real_name)).toContain(`${tag}陈思远`);
    const paged = await search(`name=${encodeURIComponent(tag)}&company_id=${companyId}&page=2&page_size=2`);
    expect(paged.d.results).toHaveLength(1);
    expect(paged.d.paging).toMatchObject({ count: 3, cur_page: 2, num_pages: 2, has_previous: true });
    const wild = await search(`name=${encodeURIComponent('%')}&company_id=${companyId}`);
    expect(wild.d.paging.count).toBe(0);
  });

  it('the company named wins for a logged-in caller too; without one, their own company', async () => {
    const m = await h.as(MEMBER_ROLE, otherCompany);
    const named = await search(`name=${encodeURIComponent(tag)}&company_id=${companyId}`, m.headers);
    expect(named.d.results.map((p: { real_name: string }) => p.real_name).sort()).toEqual(
      [`${tag}助教陈`, `${tag}陈思远`, `${tag}陈老师`].sort(),
    );
    const r = await search(`name=${encodeURIComponent(tag)}`, m.headers);
    expect(r.d.results.map((p: { real_name: string }) => p.real_name)).toEqual([`${tag}陈外单位`]);
  });

  it('bad input gets the field message', async () => {
    expect(await search(`company_id=${companyId}`)).toMatchObject({
      c: 10001,
      field: 'name',
      m: '姓名不能为空',
    });
    expect(await search('name=')).toMatchObject({ c: 10001, field: 'name', m: '姓名不能为空' });
    expect(await search('name=%20%20')).toMatchObject({ c: 10001, field: 'name', m: '姓名不能为空' });
    expect(await search(`name=${'王'.repeat(100)}`)).toMatchObject({
      c: 10001,
      field: 'name',
      m: '姓名不能超过20个字符',
    });
    expect(await search('name=王&page_size=10000')).toMatchObject({
      c: 10001,
      field: 'page_size',
      m: '每页条数不能大于100',
    });
    expect(await search('name=王&page=abc')).toMatchObject({ c: 10001, field: 'page', m: '页码必须是整数' });
  });

  it('matches the name whatever the letter case, on both dialects', async () => {
    const latin = `Case${Math.random().toString(36).slice(2, 6)}`;
    await person(companyId, 14, `${latin} Chen`);
    const ip = '203.0.113.20';
    for (const q of [latin.toUpperCase(), latin.toLowerCase(), 'CHEN']) {
      const r = await search(`name=${encodeURIComponent(q)}&company_id=${companyId}`, {}, ip);
      expect(r.d.results.map((p: { real_name: string }) => p.real_name)).toContain(`${latin} Chen`);
    }
  });

  it('is limited per IP', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < PERSON_SEARCH_PER_MINUTE; i++) {
      expect((await search(`name=${encodeURIComponent(tag)}&company_id=${companyId}`, {}, ip)).c).toBe(0);
    }
    expect(await search(`name=${encodeURIComponent(tag)}&company_id=${companyId}`, {}, ip)).toEqual({
      c: 10029,
      m: '请求过于频繁，请稍后再试',
    });
    // Another address is not affected.
    expect(
      (await search(`name=${encodeURIComponent(tag)}&company_id=${companyId}`, {}, '203.0.113.10')).c,
    ).toBe(0);
  });
});

describe('GET /search/experiment', () => {
  beforeAll(async () => {
    await project(companyId, '采购流程模拟', { category: 'purchase' });
    await project(companyId, '销售订单实训', { category: 'sales' });
    await project(companyId, '报销审批流程', { category: 'finance' });
    await project(companyId, '内部采购试点', { isPublic: 0 });
    await project(companyId, '停用的采购项目', { status: 0 });
    await project(companyId, '删除的采购项目', { del: 1 });
    await project(otherCompany, '外单位采购项目');
  });

  it('lists the public active projects of the tenant, newest first', async () => {
    const r = await get(`/search/experiment?company_id=${companyId}`);
    expect(r.c).toBe(0);
    expect(r.d.results.map((p: { name: string }) => p.name)).toEqual([
      '报销审批流程',
      '销售订单实训',
      '采购流程模拟',
    ]);
    expect(r.d.results[2]).toMatchObject({
      category: 'purchase',
      category_name: '采购管理',
      level: 2,
      level_name: '中级',
    });
    expect(Object.keys(r.d.results[0]).sort()).toEqual(
      [
        'category',
        'category_name',
        'cover',
        'created_at',
        'id',
        'intro',
        'level',
        'level_name',
        'name',
      ].sort(),
    );
  });

  it('filters by keyword (name or intro) and category', async () => {
    const kw = await get(`/search/experiment?company_id=${companyId}&keyword=${encodeURIComponent('采购')}`);
    expect(kw.d.results.map((p: { name: string }) => p.name)).toEqual(['采购流程模拟']);
    const intro = await get(
      `/search/experiment?company_id=${companyId}&keyword=${encodeURIComponent('审批流程的简介')}`,
    );
    expect(intro.d.results.map((p: { name: string }) => p.name)).toEqual(['报销审批流程']);
    const cat = await get(`/search/experiment?company_id=${companyId}&category=sales`);
    expect(cat.d.results.map((p: { name: string }) => p.name)).toEqual(['销售订单实训']);
    const none = await get(`/search/experiment?company_id=${companyId}&category=hr`);
    expect(none.d).toMatchObject({ results: [], paging: { count: 0 } });
    const other = await get(`/search/experiment?company_id=${otherCompany}`);
    expect(other.d.results.map((p: { name: string }) => p.name)).toEqual(['外单位采购项目']);
  });

  it('bad input gets the field message', async () => {
    expect(await get('/search/experiment?category=space')).toMatchObject({
      c: 10001,
      field: 'category',
      m: '项目分类不正确',
    });
    expect(await get(`/search/experiment?keyword=${'x'.repeat(51)}`)).toMatchObject({
      c: 10001,
      field: 'keyword',
      m: '关键字不能超过50个字符',
    });
    expect(await get('/search/experiment?page_size=10000')).toMatchObject({ c: 10001, field: 'page_size' });
  });
});
