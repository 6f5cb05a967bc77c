import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, testApp } from './harness.ts';

describe('company and shop start-up calls', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await testApp();
  });
  afterAll(() => h.close());

  it('resolves the default company 125 when nothing matches', async () => {
    const res = (
      await h.app.inject({ method: 'GET', url: '/api/system/staff/company/?_key=nowhere' })
    ).json();
    expect(res.c).toBe(0);
    expect(res.d.results[0]).toMatchObject({ id: 125, en: 1, code: 'default' });
    expect(res.d.results[0]).toHaveProperty('icpCompany');
    expect(res.d.results[0]).toHaveProperty('ICP');
    expect(res.d.results[0]).toHaveProperty('icpUrl');
    expect(res.d.results[0].logos).toEqual({ main: '', centre: '', mobile: '' });
  });

  it('maps a tenant key, an English name, a login path and a host segment to their company', async () => {
    const byKey = (await h.app.inject({ method: 'GET', url: '/api/system/staff/company/?_key=qf' })).json();
    expect(byKey.d.results[0].id).toBe(126);
    const byEn = (
      await h.app.inject({
        method: 'GET',
        url: '/api/system/staff/company/?en_name=IoT%20Positioning%20Tech',
      })
    ).json();
    expect(byEn.d.results[0].id).toBe(127);
    const byPath = (
      await h.app.inject({ method: 'GET', url: '/api/system/staff/company/?route_path=/qf' })
    ).json();
    expect(byPath.d.results[0].id).toBe(126);
    const byHost = (
      await h.app.inject({
        method: 'GET',
        url: '/api/system/staff/company/',
        headers: { host: 'iot.example.cn' },
      })
    ).json();
    expect(byHost.d.results[0].id).toBe(127);
  });

  it('answers the default shop of a company first', async () => {
    const res = (
      await h.app.inject({ method: 'GET', url: '/api/erp/staff/shops/?is_default=1&company_id=126' })
    ).json();
    expect(res.d.results[0]).toMatchObject({ company_id: 126, is_default: 1 });
    expect(res.d.results[0].ShopName).toContain('青峰');
    const bad = (await h.app.inject({ method: 'GET', url: '/api/erp/staff/shops/?company_id=abc' })).json();
    expect(bad).toMatchObject({ c: 10001, m: '单位必须是整数', field: 'company_id' });
  });
});
