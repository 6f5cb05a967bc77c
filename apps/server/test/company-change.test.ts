import { COMPANY_CHANGE_STATUS, Codes, DEFAULT_ROLE_PERMISSIONS, MEMBER_ROLE } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, testApp } from './harness.ts';

/**
 * The company change request (`/company/changeRequest/*`, docs/adr/0029): a company's
 * administrator proposes new identity values, the super administrator approves (written to the
 * company in one transaction) or rejects with a reason, a pending request can be withdrawn, one
 * pending request per company. SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
type Headers = Record<string, string>;
type Form = Record<string, string | number>;

const call = (url: string, form: Form, headers: Headers) =>
  h.post(`/api${url}`, form, headers).then((r) => r.json());

const company = (id: number) =>
  h.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A company of its own with its shop administrator. */
async function applicant(name = '申请单位') {
  const companyId = await h.company(name);
  const { headers } = await h.as(12, companyId);
  return {
    companyId,
    headers,
    submit: (form: Form) => call('/company/changeRequest/submit', form, headers),
    list: () => call('/company/changeRequest/list', {}, headers),
    withdraw: (id: number) => call('/company/changeRequest/withdraw', { id }, headers),
  };
}

let admin: Headers;
const approve = (id: number, form: Form = {}) =>
  call('/company/changeRequest/approve', { id, ...form }, admin);
const reject = (id: number, review_note: string) =>
  call('/company/changeRequest/reject', { id, review_note }, admin);
const reviewList = (form: Form = {}) => call('/company/changeRequest/review/list', form, admin);

beforeAll(async () => {
  h = await testApp();
  admin = (await h.as(1)).headers;
});
afterAll(() => h.close());

describe('company change request', () => {
  it('submits only what differs, approval writes it to the company (public call, audit), history kept', async () => {
    const a = await applicant();
    const before = await company(a.companyId);
    const sent = await a.submit({
      company_name: `${before.company_name}（新）`,
      en_name: 'New Name Ltd',
      login_path: `/c${a.companyId}`,
      icpCompany: before.icp_company,
      ICP: '',
      reason: '工商登记名称已变更',
    });
    expect(sent.c).toBe(0);
    expect(sent.d).toMatchObject({
      company_id: a.companyId,
      status: COMPANY_CHANGE_STATUS.PENDING,
      reason: '工商登记名称已变更',
      review_note: '',
      close_time: '',
    });
    // ICP and icpCompany were given unchanged ('' equals the empty ICP): not part of the request.
    expect(sent.d.changes).toEqual([
      {
        field: 'company_name',
        label: '单位名称',
        before: before.company_name,
        after: `${before.company_name}（新）`,
        current: before.company_name,
      },
      { field: 'en_name', label: '英文名称', before: '', after: 'New Name Ltd', current: '' },
      { field: 'login_path', label: '登录路径', before: '', after: `/c${a.companyId}`, current: '' },
    ]);
    // Nothing changes before approval.
    expect((await company(a.companyId)).company_name).toBe(before.company_name);

    const listed = await reviewList({ status: 0, keyword: before.company_name });
    expect(listed.d.results.map((r: { id: number }) => r.id)).toEqual([sent.d.id]);
    expect(listed.d.results[0]).toMatchObject({
      company_name: before.company_name,
      company_code: before.code,
    });

    const done = await approve(sent.d.id, { review_note: '已核对营业执照' });
    expect(done.c).toBe(0);
    expect(done.d).toMatchObject({
      status: COMPANY_CHANGE_STATUS.APPROVED,
      review_note: '已核对营业执照',
      company_name: `${before.company_name}（新）`,
    });
    expect(done.d.close_time).not.toBe('');
    expect(done.d.changes[0]).toMatchObject({
      before: before.company_name,
      current: `${before.company_name}（新）`,
    });
    const after = await company(a.companyId);
    expect(after).toMatchObject({
      company_name: `${before.company_name}（新）`,
      en_name: 'New Name Ltd',
      login_path: `/c${a.companyId}`,
      mobile: before.mobile,
      address: before.address,
    });
    const pub = (
      await h.app.inject({ method: 'GET', url: `/api/system/staff/company/?route_path=/c${a.companyId}` })
    ).json();
    expect(pub.d.results[0]).toMatchObject({ id: a.companyId, company_name: `${before.company_name}（新）` });
    const audited = await h.db
      .selectFrom('audit_logs')
      .select(['before_json', 'after_json'])
      .where('entity', '=', 'companies')
      .where('entity_id', '=', a.companyId)
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audited.before_json ?? '{}').company_name).toBe(before.company_name);
    expect(JSON.parse(audited.after_json ?? '{}').company_name).toBe(`${before.company_name}（新）`);

    // The company sees its history; a new request may follow.
    const history = await a.list();
    expect(history.d.results).toHaveLength(1);
    expect(history.d.results[0]).toMatchObject({ status: 1, review_note: '已核对营业执照' });
    expect((await a.submit({ en_name: 'Newer Name Ltd' })).c).toBe(0);
  });

  it('rejects with a reason the applicant sees; withdraws a pending one; a closed one cannot be acted on', async () => {
    const a = await applicant();
    const first = (await a.submit({ company_name: '驳回测试单位' })).d;
    expect((await reject(first.id, '')).field).toBe('review_note');
    const rejected = await reject(first.id, '名称与营业执照不一致');
    expect(rejected.d).toMatchObject({
      status: COMPANY_CHANGE_STATUS.REJECTED,
      review_note: '名称与营业执照不一致',
    });
    expect((await a.list()).d.results[0]).toMatchObject({
      id: first.id,
      review_note: '名称与营业执照不一致',
    });
    expect((await approve(first.id)).c).toBe(Codes.COMPANY_CHANGE_CLOSED.c);
    expect((await a.withdraw(first.id)).c).toBe(Codes.COMPANY_CHANGE_CLOSED.c);

    const second = (await a.submit({ ICP: '浙ICP备00000001号' })).d;
    const withdrawn = await a.withdraw(second.id);
    expect(withdrawn.d.status).toBe(COMPANY_CHANGE_STATUS.WITHDRAWN);
    expect((await reject(second.id, '晚了')).c).toBe(Codes.COMPANY_CHANGE_CLOSED.c);
    expect((await approve(999_999)).c).toBe(Codes.COMPANY_CHANGE_NOT_FOUND.c);
    expect((await a.list()).d.results.map((r: { status: number }) => r.status)).toEqual([3, 2]);
    expect((await company(a.companyId)).icp).toBe('');
    // The super administrator filters by state.
    const byStatus = (await reviewList({ status: 3, page_size: 50 })).d.results.map(
      (r: { id: number }) => r.id,
    );
    expect(byStatus).toContain(second.id);
    expect(byStatus).not.toContain(first.id);
  });

  it('refuses bad input, nothing to change, a taken login path and a second pending request', async () => {
    const a = await applicant();
    for (const [form, field] of [
      [{ company_name: '' }, 'company_name'],
      [{ company_name: 'x'.repeat(61) }, 'company_name'],
      [{ login_path: 'no-slash' }, 'login_path'],
      [{ login_path: '/UPPER' }, 'login_path'],
      [{ icpUrl: 'javascript:alert(1)' }, 'icpUrl'],
      [{ en_name: 'y'.repeat(101) }, 'en_name'],
      [{ company_name: '甲', reason: 'z'.repeat(201) }, 'reason'],
    ] as const) {
      const r = await a.submit(form);
      expect(r.c, JSON.stringify(form)).toBe(Codes.PARAM_ERROR.c);
      expect(r.field).toBe(field);
    }
    const wrongType = await h.json('/company/changeRequest/submit', { company_name: { a: 1 } }, a.headers);
    expect(wrongType).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'company_name' });
    expect((await h.json('/company/changeRequest/submit', [1, 2] as never, a.headers)).c).toBe(
      Codes.PARAM_ERROR.c,
    );
    const current = await company(a.companyId);
    expect(await a.submit({})).toMatchObject({ c: Codes.COMPANY_CHANGE_NOTHING.c, field: 'company_name' });
    expect(await a.submit({ company_name: current.company_name, en_name: '' })).toMatchObject({
      c: Codes.COMPANY_CHANGE_NOTHING.c,
    });
    expect(await a.submit({ login_path: '/qf' })).toMatchObject({
      c: Codes.LOGIN_PATH_TAKEN.c,
      m: '该登录路径已被其他单位使用',
      field: 'login_path',
    });
    expect((await a.submit({ company_name: '第一份' })).c).toBe(0);
    expect(await a.submit({ company_name: '第二份' })).toMatchObject({
      c: Codes.COMPANY_CHANGE_PENDING.c,
      m: '已有待审核的变更申请，请等待审核或撤回后再提交',
    });
    expect((await a.list()).d.paging.count).toBe(1);
    expect(await company(a.companyId)).toEqual(current);
  });

  it('keeps one pending request per company under parallel submits', async () => {
    const a = await applicant();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => a.submit({ company_name: `并发单位${i}` })),
    );
    expect(answers.filter((r) => r.c === 0)).toHaveLength(1);
    for (const r of answers.filter((x) => x.c !== 0)) expect(r.c).toBe(Codes.COMPANY_CHANGE_PENDING.c);
    expect((await a.list()).d.paging.count).toBe(1);
  });

  it('lets exactly one of an approval and a rejection at once win', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await applicant();
      const before = await company(a.companyId);
      const { id } = (await a.submit({ company_name: `竞争单位${round}` })).d;
      const [ok, no] = await Promise.all([approve(id), reject(id, '同时驳回')]);
      expect([ok.c, no.c].sort()).toEqual([0, Codes.COMPANY_CHANGE_CLOSED.c].sort());
      const name = (await company(a.companyId)).company_name;
      const status = (await a.list()).d.results[0].status;
      if (ok.c === 0) {
        expect(status).toBe(COMPANY_CHANGE_STATUS.APPROVED);
        expect(name).toBe(`竞争单位${round}`);
      } else {
        expect(status).toBe(COMPANY_CHANGE_STATUS.REJECTED);
        expect(name).toBe(before.company_name);
      }
      // And of two approvals at once, one.
      const again = (await a.submit({ en_name: `Round ${round}` })).d;
      const both = await Promise.all([approve(again.id), approve(again.id)]);
      expect(both.map((r) => r.c).sort()).toEqual([0, Codes.COMPANY_CHANGE_CLOSED.c].sort());
    }
  });

  it('refuses the approval when another company took the login path meanwhile; nothing changes', async () => {
    const a = await applicant();
    const b = await applicant('抢先单位');
    const path = `/race${a.companyId}`;
    const mine = (await a.submit({ company_name: '晚到单位', login_path: path })).d;
    const theirs = (await b.submit({ login_path: path })).d;
    expect((await approve(theirs.id)).c).toBe(0);
    const before = await company(a.companyId);
    expect(await approve(mine.id)).toMatchObject({ c: Codes.LOGIN_PATH_TAKEN.c, field: 'login_path' });
    expect(await company(a.companyId)).toEqual(before);
    expect((await a.list()).d.results[0].status).toBe(COMPANY_CHANGE_STATUS.PENDING);
    // The super administrator rejects it instead; the applicant asks again with another path.
    expect((await reject(mine.id, '登录路径已被占用，请换一个')).c).toBe(0);
    expect((await a.submit({ login_path: `${path}b` })).c).toBe(0);
  });

  it('keeps each company to its own requests; only the super administrator reviews; anonymous refused', async () => {
    const a = await applicant();
    const other = await applicant('别家单位');
    const { id } = (await a.submit({ company_name: '自家新名' })).d;
    // Another company's administrator neither sees nor withdraws it.
    expect((await other.list()).d.results).toEqual([]);
    expect((await other.withdraw(id)).c).toBe(Codes.COMPANY_CHANGE_NOT_FOUND.c);
    // A company administrator cannot review, not even their own request.
    for (const headers of [a.headers, other.headers]) {
      expect((await call('/company/changeRequest/approve', { id }, headers)).c).toBe(Codes.FORBIDDEN.c);
      expect((await call('/company/changeRequest/reject', { id, review_note: '否' }, headers)).c).toBe(
        Codes.FORBIDDEN.c,
      );
      expect((await call('/company/changeRequest/review/list', {}, headers)).c).toBe(Codes.FORBIDDEN.c);
    }
    // Roles without change_company cannot ask or read.
    for (const role of [13, 14, 18, 20, 21, MEMBER_ROLE]) {
      const { headers } = await h.as(role, a.companyId);
      expect((await call('/company/changeRequest/submit', { en_name: 'X' }, headers)).c, `role ${role}`).toBe(
        Codes.FORBIDDEN.c,
      );
      expect((await call('/company/changeRequest/list', {}, headers)).c, `role ${role}`).toBe(
        Codes.FORBIDDEN.c,
      );
    }
    for (const url of [
      '/company/changeRequest/submit',
      '/company/changeRequest/list',
      '/company/changeRequest/withdraw',
      '/company/changeRequest/review/list',
      '/company/changeRequest/approve',
      '/company/changeRequest/reject',
    ])
      expect((await h.post(`/api${url}`, { id, company_name: '匿名' })).json().c, url).toBe(
        Codes.NOT_LOGGED_IN.c,
      );
    expect((await a.list()).d.results[0].status).toBe(COMPANY_CHANGE_STATUS.PENDING);
    expect(DEFAULT_ROLE_PERMISSIONS[12]).not.toContain('review_company_change');
    // The super administrator's reading across companies is on record with its reason.
    await reviewList();
    const across = await h.db
      .selectFrom('audit_logs')
      .select('after_json')
      .where('action', '=', 'across_companies')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(across.after_json ?? '{}').reason).toBe('查看各单位的变更申请');
  });

  it('the profile save no longer takes identity fields: contacts change, the name stays', async () => {
    const a = await applicant();
    const before = await company(a.companyId);
    const saved = await call(
      '/company/profile/update',
      { company_name: '绕过审核', login_path: '/bypass', ICP: '京ICP备1号', phone: '0571-88886666' },
      a.headers,
    );
    expect(saved.c).toBe(0);
    expect(saved.d).toMatchObject({
      company_name: before.company_name,
      login_path: '',
      ICP: '',
      phone: '0571-88886666',
    });
  });
});
