import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ACCOUNT_CODE_LIMITS } from '../src/modules/account/member.service.ts';
import { SMS_LIMITS } from '../src/modules/sms/sms.ts';
import type { App } from '../src/platform/http/reply.ts';
import { type Harness, PASSWORD, testApp } from './harness.ts';

/** A fresh address per use, so tests never share an address's counts. */
let lastOctet = 0;
const newIp = () => {
  lastOctet += 1;
  return `10.${(lastOctet >> 16) & 255}.${(lastOctet >> 8) & 255}.${lastOctet & 255}`;
};
const run = String(Date.now() % 10_000).padStart(4, '0');
let lastMobile = 0;
const newMobile = () => {
  lastMobile += 1;
  return `139${run}${String(lastMobile).padStart(4, '0')}`;
};

describe('account security: lock-out, enumeration, password checks, SMS outbox', () => {
  let h: Harness;
  let companyId: number;
  beforeAll(async () => {
    h = await testApp();
    companyId = await h.company();
  });
  afterAll(() => h.close());

  const login = (username: string, password: string, ip: string, device?: string, app: App = h.app) =>
    app.inject({
      method: 'POST',
      url: '/api/account/login',
      remoteAddress: ip,
      payload: { username, password },
      ...(device ? { cookies: { portal_device: device } } : {}),
    });
  const codeOf = async (username: string, password: string, ip: string, device?: string) =>
    (await login(username, password, ip, device)).json().c as number;

  describe('the login lock-out', () => {
    it('counts parallel guesses before checking them: at most 5 of 30 reach the password', async () => {
      const u = await h.user(9, companyId);
      const ip = newIp();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => codeOf(u.username, `wrong-${i}-pass`, ip)),
      );
      expect(answers.filter((c) => c === Codes.LOGIN_FAILED.c)).toHaveLength(5);
      expect(answers.filter((c) => c === Codes.LOGIN_LOCKED.c)).toHaveLength(25);
      const checked = await h.db
        .selectFrom('login_logs')
        .select('id')
        .where('username', '=', u.username)
        .where('reason', '=', 'bad_credentials')
        .execute();
      expect(checked).toHaveLength(5);
      expect(await codeOf(u.username, PASSWORD, ip)).toBe(Codes.LOGIN_LOCKED.c);
    });

    it('is shared by every server process and survives a restart (the counts live in the database)', async () => {
      const u = await h.user(9, companyId);
      const ip = newIp();
      for (let i = 0; i < 5; i++) await codeOf(u.username, 'wrong-pass1', ip);
      const second = (await buildApp({
        database: h.database,
        config: { ...loadConfig({ DATA_DIR: '/tmp/portal-test' }), webDist: undefined },
      })) as App;
      await second.ready();
      try {
        expect((await login(u.username, PASSWORD, ip, undefined, second)).json().c).toBe(
          Codes.LOGIN_LOCKED.c,
        );
      } finally {
        await second.close();
      }
    });

    it('cannot be turned against the owner: a locked address or strangers do not lock the owner’s browser or address', async () => {
      const u = await h.user(9, companyId);
      const home = newIp();
      const first = await login(u.username, PASSWORD, home);
      const device = first.cookies.find((c) => c.name === 'portal_device');
      expect(device).toMatchObject({ httpOnly: true, path: '/api/account/login' });
      // An attacker guesses from five addresses until every one is locked and strangers are locked out.
      const attackers = Array.from({ length: 5 }, newIp);
      for (const ip of attackers) for (let i = 0; i < 5; i++) await codeOf(u.username, 'guess-1234', ip);
      expect(await codeOf(u.username, PASSWORD, attackers[0] as string)).toBe(Codes.LOGIN_LOCKED.c);
      expect(await codeOf(u.username, PASSWORD, newIp())).toBe(Codes.LOGIN_LOCKED.c);
      // The owner: from the address they logged in from before, and from their browser anywhere.
      expect(await codeOf(u.username, PASSWORD, home)).toBe(0);
      expect(await codeOf(u.username, PASSWORD, newIp(), device?.value)).toBe(0);
      // A made-up device cookie is a stranger's.
      expect(await codeOf(u.username, PASSWORD, newIp(), 'x'.repeat(43))).toBe(Codes.LOGIN_LOCKED.c);
    });

    it('a known browser has its own count: five wrong passwords lock that browser only', async () => {
      const u = await h.user(9, companyId);
      const device = (await login(u.username, PASSWORD, newIp())).cookies.find(
        (c) => c.name === 'portal_device',
      );
      const ip = newIp();
      for (let i = 0; i < 5; i++)
        expect(await codeOf(u.username, 'wrong-pass1', ip, device?.value)).toBe(10010);
      expect(await codeOf(u.username, PASSWORD, ip, device?.value)).toBe(Codes.LOGIN_LOCKED.c);
      expect(await codeOf(u.username, PASSWORD, newIp())).toBe(0);
    });

    it('locks an address that guesses many accounts', async () => {
      const ip = newIp();
      for (let i = 0; i < 50; i++) await codeOf(`nobody_${i}`, 'wrong-pass1', ip);
      const u = await h.user(9, companyId);
      expect(await codeOf(u.username, PASSWORD, ip)).toBe(Codes.LOGIN_LOCKED.c);
      expect(await codeOf(u.username, PASSWORD, newIp())).toBe(0);
    });
  });

  describe('the old-password check of a password change', () => {
    const change = (headers: Record<string, string>, old: string) =>
      h.post('/api/account/password/update', { old_password: old, new_password: 'Changed1234' }, headers);

    it('ends the session at the fifth wrong old password, and any session that tries again', async () => {
      const u = await h.user(9, companyId);
      const headers = await h.login(u.username);
      const other = await h.login(u.username);
      for (let i = 0; i < 4; i++) expect((await change(headers, `wrong-${i}-pass`)).json().c).toBe(10012);
      expect((await change(headers, 'wrong-5-pass')).json()).toEqual({
        c: 10003,
        m: '原密码错误次数过多，请重新登录',
      });
      const info = await h.app.inject({ method: 'GET', url: '/api/account/info', headers });
      expect(info.json().c).toBe(10003);
      // Another session of the same user gets no more guesses, even with the right password.
      expect((await change(other, PASSWORD)).json().c).toBe(10003);
      // Logging in proves the password: the owner may change it again.
      const fresh = await h.login(u.username);
      expect((await change(fresh, PASSWORD)).json().c).toBe(0);
    });
  });

  describe('whether a mobile is registered cannot be asked', () => {
    const send = (mobile: string, purpose: string, ip = newIp()) =>
      h.app.inject({
        method: 'POST',
        url: '/api/account/send/code',
        remoteAddress: ip,
        payload: { mobile, purpose, company_id: companyId },
      });
    const outbox = async (mobile: string) => {
      const admin = await h.as(1, companyId);
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/sms/outbox/?mobile=${mobile}`,
        headers: admin.headers,
      });
      return (res.json().d.results as { content: string }[]).map((r) => r.content);
    };
    /** Closes the number's resend window (a minute in real life). */
    const clearSmsLimits = (mobile: string) =>
      h.db.deleteFrom('rate_counters').where('key', 'like', `sms:%${mobile}`).execute();
    const registered = async () => {
      const mobile = newMobile();
      await send(mobile, 'register');
      const code = /验证码为(\d{6})/.exec((await outbox(mobile))[0] ?? '')?.[1];
      const reg = await h.app.inject({
        method: 'POST',
        url: '/api/account/register',
        remoteAddress: newIp(),
        payload: { mobile, code, password: 'abc12345', company_id: companyId, agreement: 1 },
      });
      expect(reg.json().c).toBe(0);
      await clearSmsLimits(mobile);
      return mobile;
    };

    it('send/code answers alike for registered and new numbers; a registered one gets a notice, not a code', async () => {
      const taken = await registered();
      const fresh = newMobile();
      const [a, b] = [await send(taken, 'register'), await send(fresh, 'register')];
      expect(a.json()).toEqual(b.json());
      expect(a.json()).toEqual({ c: 0, d: { resend_after: 60, expires_in: 300 } });
      const notice = await outbox(taken);
      expect(notice[0]).toContain('该手机号已注册');
      expect(notice[0]).not.toMatch(/验证码为\d{6}/);
      await clearSmsLimits(taken);
      const unknown = newMobile();
      const [c, d] = [await send(unknown, 'password'), await send(taken, 'password')];
      expect(c.json()).toEqual(d.json());
      expect(await outbox(unknown)).toEqual([]);
    });

    it('register and password/find answer a wrong code alike, whether the number is registered or not', async () => {
      const taken = await registered();
      const fresh = newMobile();
      const call = (url: string, mobile: string) =>
        h.app.inject({
          method: 'POST',
          url,
          remoteAddress: newIp(),
          payload: { mobile, code: '123456', password: 'abc12345', company_id: companyId, agreement: 1 },
        });
      const wrong = { c: Codes.SMS_CODE_WRONG.c, m: Codes.SMS_CODE_WRONG.m, field: 'code' };
      expect((await call('/api/account/register', taken)).json()).toEqual(wrong);
      expect((await call('/api/account/register', fresh)).json()).toEqual(wrong);
      expect((await call('/api/account/password/find', taken)).json()).toEqual(wrong);
      expect((await call('/api/account/password/find', fresh)).json()).toEqual(wrong);
    });

    it('limits registration and recovery tries per address and per number', async () => {
      const ip = newIp();
      const tryRegister = (mobile: string, from = ip) =>
        h.app.inject({
          method: 'POST',
          url: '/api/account/register',
          remoteAddress: from,
          payload: { mobile, code: '123456', password: 'abc12345', company_id: companyId, agreement: 1 },
        });
      for (let i = 0; i < ACCOUNT_CODE_LIMITS.perIpPerHour; i++) {
        expect((await tryRegister(newMobile())).json().c).toBe(Codes.SMS_CODE_WRONG.c);
      }
      expect((await tryRegister(newMobile())).json().c).toBe(Codes.TOO_MANY_REQUESTS.c);
      const mobile = newMobile();
      for (let i = 0; i < ACCOUNT_CODE_LIMITS.perMobilePerHour; i++) await tryRegister(mobile, newIp());
      expect((await tryRegister(mobile, newIp())).json().c).toBe(Codes.TOO_MANY_REQUESTS.c);
    });

    it('limits code requests per address, registered numbers and unknown ones alike', async () => {
      const ip = newIp();
      for (let i = 0; i < SMS_LIMITS.perIpPerHour; i++) {
        expect((await send(newMobile(), i % 2 ? 'password' : 'register', ip)).json().c).toBe(0);
      }
      expect((await send(newMobile(), 'password', ip)).json().c).toBe(Codes.SMS_TOO_FREQUENT.c);
    });
  });

  describe('the SMS outbox', () => {
    it('shows each company’s administrators only their company’s messages', async () => {
      const other = await h.company('别家单位');
      const mobile = newMobile();
      await h.app.inject({
        method: 'POST',
        url: '/api/account/send/code',
        remoteAddress: newIp(),
        payload: { mobile, purpose: 'register', company_id: other },
      });
      const ask = async (cid: number, role: number) =>
        (
          await h.app.inject({
            method: 'GET',
            url: `/api/sms/outbox/?mobile=${mobile}`,
            headers: (await h.as(role, cid)).headers,
          })
        ).json();
      const read = async (cid: number, role = 1) => (await ask(cid, role)).d.results as { content: string }[];
      expect(await read(other)).toHaveLength(1);
      expect(await read(companyId)).toEqual([]);
      expect(await read(125)).toEqual([]);
      // The shop manager (12) reads it too, for customers whose code did not arrive; the
      // warehouse (13) may not, nor may anyone not logged in.
      expect(await read(other, 12)).toHaveLength(1);
      expect(await read(companyId, 12)).toEqual([]);
      expect((await ask(other, 13)).c).toBe(Codes.FORBIDDEN.c);
      const anonymous = await h.app.inject({ method: 'GET', url: `/api/sms/outbox/?mobile=${mobile}` });
      expect(anonymous.json().c).toBe(Codes.NOT_LOGGED_IN.c);
    });

    it('with a gateway configured, delivers through it and the outbox keeps no code', async () => {
      const received: { body: Record<string, string>; auth: string | undefined }[] = [];
      const gateway = http.createServer((req, res) => {
        let data = '';
        req.on('data', (c) => (data += c));
        req.on('end', () => {
          received.push({ body: JSON.parse(data), auth: req.headers.authorization });
          res.end('{}');
        });
      });
      await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
      const { port } = gateway.address() as AddressInfo;
      const app = (await buildApp({
        database: h.database,
        config: {
          ...loadConfig({
            DATA_DIR: '/tmp/portal-test',
            SMS_GATEWAY_URL: `http://127.0.0.1:${port}/send`,
            SMS_GATEWAY_TOKEN: 'sekret',
          }),
          webDist: undefined,
        },
      })) as App;
      await app.ready();
      try {
        const mobile = newMobile();
        const sent = await app.inject({
          method: 'POST',
          url: '/api/account/send/code',
          remoteAddress: newIp(),
          payload: { mobile, purpose: 'register', company_id: companyId },
        });
        expect(sent.json().c).toBe(0);
        expect(received).toHaveLength(1);
        expect(received[0]?.auth).toBe('Bearer sekret');
        expect(received[0]?.body).toMatchObject({ mobile, purpose: 'register' });
        expect(received[0]?.body.content).toMatch(/验证码为\d{6}/);
        const rows = await h.db
          .selectFrom('sms_outbox')
          .select('content')
          .where('mobile', '=', mobile)
          .execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]?.content).toContain('验证码为******');
        // A gateway that fails answers a clear error.
        await new Promise<void>((resolve) => gateway.close(() => resolve()));
        const failed = await app.inject({
          method: 'POST',
          url: '/api/account/send/code',
          remoteAddress: newIp(),
          payload: { mobile: newMobile(), purpose: 'register', company_id: companyId },
        });
        expect(failed.json()).toEqual({ c: Codes.SMS_SEND_FAILED.c, m: '短信发送失败，请稍后再试' });
      } finally {
        await app.close();
        gateway.close();
      }
    });
  });
});
