import { defineCall, form, id, optionalText, text } from '@portal/contract';
import { accountCalls, businessCalls, goodsCategoryCalls } from '@portal/contract/calls';
import Cookies from 'js-cookie';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { USER_COOKIE } from '#web/shared/session.ts';
import { STORAGE_KEYS } from '#web/shared/storage.ts';
import { ApiError, api, setNavigator, TransportError } from './client.ts';

/** A call that takes a file, as upload calls will. */
const uploadCall = defineCall({
  method: 'POST',
  path: '/file/upload',
  summary: '上传',
  tags: ['test'],
  access: { login: true },
  input: form({ file: z.instanceof(Blob), name: optionalText('名称', { max: 20 }) }),
  output: z.object({ id: z.number() }),
});

/** Calls of the next areas' shapes (ADR 0034): a path parameter, the console's REST family. */
const decideCall = defineCall({
  method: 'POST',
  path: '/business/parallel/{bid}/decide',
  summary: '并行分支',
  tags: ['test'],
  access: { login: true },
  input: form({ bid: text('业务', { max: 20 }), nid: id('环节') }),
  output: z.object({ ok: z.boolean() }),
});
const simcardCall = defineCall({
  method: 'PUT',
  path: '/v1/sysadmin/simcard/{id}/',
  summary: '修改 SIM 卡',
  tags: ['test'],
  access: { login: true },
  family: 'console',
  input: form({ id: id('SIM卡'), iccid: text('ICCID', { max: 20 }) }),
  output: z.object({ id: z.number(), iccid: z.string() }),
});
const simcardRemove = defineCall({
  ...simcardCall,
  method: 'DELETE',
  status: 204,
  input: form({ id: id('SIM卡'), force: id('强制').optional() }),
  output: z.null(),
});

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(to: string) => void>();

function reply(body: unknown, status = 200) {
  fetchMock.mockResolvedValueOnce(new Response(status === 204 ? null : JSON.stringify(body), { status }));
}

function lastCall() {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init: init ?? {} };
}

/** What the user sees: antd renders its toasts into the document. */
const toastText = () => document.body.textContent ?? '';

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setNavigator(navigate);
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  vi.unstubAllGlobals();
  Cookies.remove(USER_COOKIE, { path: '/' });
});

// The toasts close on a timer that would fire after jsdom is gone ("window is not defined" from
// React's scheduler, seen on a loaded machine): close them and let React finish while jsdom lives.
afterAll(async () => {
  const { message } = await import('./staticToast.ts');
  message.destroy();
  await new Promise((r) => setTimeout(r, 100));
});

describe('api client', () => {
  it('resolves d on success and sends the token, credentials and query params', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'abc123');
    reply({ c: 0, d: { results: [1, 2] } });
    await expect(api.call(accountCalls.loginLog, { page: 2, page_size: 10 })).resolves.toEqual({
      results: [1, 2],
    });
    const { url, init } = lastCall();
    expect(url).toBe('/api/account/login/log?page=2&page_size=10');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(new Headers(init.headers).get('Authorization')).toBe('Token abc123');
  });

  it('posts form-urlencoded with arrays as repeated keys', async () => {
    reply({ c: 0, d: { deleted: 2 } });
    await expect(api.call(goodsCategoryCalls.removeMany, { ids: [1, 2] })).resolves.toEqual({
      deleted: 2,
    });
    const { init } = lastCall();
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect(String(init.body)).toBe('ids=1&ids=2');
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
  });

  it('posts a list of objects as one JSON text', async () => {
    reply({ c: 0, d: { id: 1, roles: [] } });
    const data = [
      { seat_id: 3, user_id: 7 },
      { seat_id: 4, user_id: null },
    ];
    await api.call(businessCalls.addMoreTeammates, { business_id: 1, data });
    const { init } = lastCall();
    const body = new URLSearchParams(String(init.body));
    expect(body.getAll('data')).toEqual([JSON.stringify(data)]);
    expect(body.get('business_id')).toBe('1');
  });

  it('posts multipart when a param is a file', async () => {
    reply({ c: 0, d: { id: 9 } });
    const file = new File(['x'], 'a.txt', { type: 'text/plain' });
    await api.call(uploadCall, { file, name: 'a' });
    const body = lastCall().init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('name')).toBe('a');
    expect((body.get('file') as File).name).toBe('a.txt');
  });

  it('rejects {c, m} with an ApiError and shows the message', async () => {
    reply({ c: 20101, m: '该分类下还有子分类，不能删除' });
    const err = await api.call(goodsCategoryCalls.remove, { id: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ c: 20101, m: '该分类下还有子分类，不能删除' });
    // Without a mounted app frame the static antd message is imported on first use: allow for it.
    await vi.waitFor(() => expect(toastText()).toContain('该分类下还有子分类，不能删除'), 10_000);
  }, 15_000); // the waitFor's 10 s for the first import, and the call

  it("keeps a field error for the form when the caller asks for 'unlessField'", async () => {
    reply({ c: 10012, m: '原密码不正确', field: 'old_password' });
    const err = await api
      .call(
        accountCalls.updatePassword,
        { old_password: 'x', new_password: 'abc12345' },
        { toast: 'unlessField' },
      )
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ c: 10012, m: '原密码不正确', field: 'old_password' });
    await new Promise((r) => setTimeout(r, 50));
    expect(toastText()).not.toContain('原密码不正确');
  });

  it('on 10003 shows the message, clears cookie and storage, and goes to /login with the redirect', async () => {
    Cookies.set(USER_COOKIE, JSON.stringify({ id: 1, role: 12 }), { path: '/' });
    localStorage.setItem(STORAGE_KEYS.token, 't');
    localStorage.setItem(STORAGE_KEYS.rules, '{}');
    localStorage.setItem(STORAGE_KEYS.user, '{"id":1}');
    window.history.pushState({}, '', '/crm/goods_category?page=2');
    reply({ c: 10003, m: '登录已失效，请重新登录' });

    await expect(api.call(accountCalls.permission)).rejects.toMatchObject({ c: 10003 });
    expect(Cookies.get(USER_COOKIE)).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.rules)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(navigate).toHaveBeenCalledWith(
      `/login?redirect=${encodeURIComponent('/crm/goods_category?page=2')}`,
    );
    await vi.waitFor(() => expect(toastText()).toContain('登录已失效，请重新登录'));
  });

  it('swallows transport errors silently', async () => {
    const noticesBefore = document.querySelectorAll('.ant-message-notice').length;
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.call(accountCalls.info)).rejects.toBeInstanceOf(TransportError);
    fetchMock.mockResolvedValueOnce(new Response('<html>502</html>', { status: 502 }));
    await expect(api.call(accountCalls.quit)).rejects.toBeInstanceOf(TransportError);
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelectorAll('.ant-message-notice').length).toBe(noticesBefore);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('api client: path parameters and the console family', () => {
  it('fills path parameters, each encoded as one segment, and sends the rest in the body', async () => {
    reply({ c: 0, d: { ok: true } });
    await expect(api.call(decideCall, { bid: 'a/b ?#%', nid: 3 })).resolves.toEqual({ ok: true });
    const { url, init } = lastCall();
    expect(url).toBe('/api/business/parallel/a%2Fb%20%3F%23%25/decide');
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('nid=3');
  });

  it('sends PUT with a body and DELETE with a query, and reads the console body (204: null)', async () => {
    reply({ id: 7, iccid: '8986' });
    await expect(api.call(simcardCall, { id: 7, iccid: '8986' })).resolves.toEqual({ id: 7, iccid: '8986' });
    expect(lastCall()).toMatchObject({ url: '/api/v1/sysadmin/simcard/7/', init: { method: 'PUT' } });
    expect(String(lastCall().init.body)).toBe('iccid=8986');
    reply(null, 204);
    await expect(api.call(simcardRemove, { id: 7, force: 1 })).resolves.toBeNull();
    expect(lastCall().url).toBe('/api/v1/sysadmin/simcard/7/?force=1');
    expect(lastCall().init).toMatchObject({ method: 'DELETE' });
    expect(lastCall().init.body).toBeUndefined();
  });

  it('rejects a console refusal with its message as the error catalogue reads it', async () => {
    reply({ iccid: ['ICCID不能为空'] }, 400);
    const fieldError = await api
      .call(simcardCall, { id: 7, iccid: '' }, { toast: 'unlessField' })
      .catch((e: unknown) => e);
    expect(fieldError).toMatchObject({ c: 400, m: 'ICCID不能为空', field: 'iccid' });
    reply({ code: 'PERMISSION_DENIED', msg: '您没有执行该操作的权限。' }, 403);
    await expect(api.call(simcardCall, { id: 7, iccid: '1' })).rejects.toMatchObject({
      c: 403,
      code: 'PERMISSION_DENIED',
      m: '您没有执行该操作的权限。',
    });
    await vi.waitFor(() => expect(toastText()).toContain('您没有执行该操作的权限。'), 10_000);
    reply({ non_field_errors: ['该卡已停用', '其他'] }, 400);
    await expect(api.call(simcardCall, { id: 7, iccid: '1' })).rejects.toMatchObject({ m: '该卡已停用' });
    fetchMock.mockResolvedValueOnce(new Response('<html>502</html>', { status: 502 }));
    await expect(api.call(simcardCall, { id: 7, iccid: '1' })).rejects.toMatchObject({
      c: 502,
      m: '请求错误',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on AUTH_FAIL ends the session and goes to /login, as 10003 does', async () => {
    Cookies.set(USER_COOKIE, JSON.stringify({ id: 1, role: 12 }), { path: '/' });
    localStorage.setItem(STORAGE_KEYS.token, 't');
    window.history.pushState({}, '', '/simcard');
    reply({ code: 'AUTH_FAIL', msg: '身份认证信息未提供。' }, 401);
    await expect(api.call(simcardCall, { id: 7, iccid: '1' })).rejects.toMatchObject({ c: 401 });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(navigate).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/simcard')}`);
  });

  it('builds a GET address with its path parameters (api.href)', () => {
    const call = defineCall({ ...decideCall, method: 'GET', access: { public: true } });
    expect(api.href(call, { bid: '业务 1', nid: 2 })).toBe(
      `/api/business/parallel/${encodeURIComponent('业务 1')}/decide?nid=2`,
    );
  });
});
