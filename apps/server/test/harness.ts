import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JOB_FINISHED, type Job, MEMBER_ROLE } from '@portal/contract';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { inject, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/platform/db/database.ts';
import type { App } from '../src/platform/http/reply.ts';
import { createCompany, createUser } from '../src/seed/seed.ts';
import { MEMBER_ADDRESS } from './load-clients.ts';
import type { RegisteredRoute } from './route-walk/routes.ts';
import { createDatabase, databaseUrl, onServer } from './template.ts';

/**
 * API tests run on SQLite (in memory) by default, and on PostgreSQL when `TEST_PG_URL` is set
 * (scripts/test.mjs sets it): each test file then gets its own throw-away database on that server.
 */
export const dialectUnderTest = process.env.TEST_PG_URL ? 'pg' : 'sqlite';

let sqliteImage: Buffer | undefined;

/**
 * A database of this test file's own: empty, or with `migrated` a copy of the run's template — every
 * migration and the reference data (template.ts, built once per run by the global set-up).
 */
export async function openTestDatabase({
  migrated = false,
} = {}): Promise<DatabaseHandle & { url?: string }> {
  const url = process.env.TEST_PG_URL;
  if (!url) {
    if (!migrated) return openDatabase({ url: ':memory:' });
    sqliteImage ??= Buffer.from(inject('sqliteTemplate'), 'base64');
    return openDatabase({ url: ':memory:', image: sqliteImage });
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await createDatabase(url, name, migrated ? inject('pgTemplate') : undefined);
  const handle = openDatabase({ url: databaseUrl(url, name), poolSize: 5 });
  return {
    ...handle,
    url: databaseUrl(url, name),
    async close() {
      await handle.close();
      await onServer(url, `drop database ${name} with (force)`);
    },
  };
}

/**
 * A database for a real server, copied from the run's migrated template (template.ts): on SQLite
 * the file `portal.sqlite` in a data folder of its own, on PostgreSQL (TEST_PG_URL) a database of
 * its own. `env` points a real server at it; `open` opens it in this process (to seed, to count);
 * `drop` removes it.
 */
export async function serverDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-real-'));
  const url = process.env.TEST_PG_URL;
  if (!url) {
    const file = path.join(dataDir, 'portal.sqlite');
    fs.writeFileSync(file, Buffer.from(inject('sqliteTemplate'), 'base64'));
    return {
      dataDir,
      env: {} as Record<string, string>,
      open: () => openDatabase({ url: file }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await createDatabase(url, name, inject('pgTemplate'));
  const at = databaseUrl(url, name);
  return {
    dataDir,
    env: { DATABASE_URL: at },
    open: () => openDatabase({ url: at, poolSize: 2 }),
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await onServer(url, `drop database if exists ${name} with (force)`);
    },
  };
}

/** A file in a multipart body; `type` is application/octet-stream unless given. */
export interface UploadFile {
  name: string;
  content: Buffer;
  type?: string;
}
const BOUNDARY = '----harness-form';

/** A multipart body: each field, then the file if there is one (`harness.multipart` posts it). */
export function multipartBody(fields: Record<string, string>, file?: UploadFile) {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}
/** The content type of `multipartBody`'s bodies. */
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

export const PASSWORD = 'Secret1234';
const unique = () => randomBytes(4).toString('hex');

/**
 * A migrated database and the app on it. `routes` adds calls only a test serves (a test-only
 * module, registered under `/api` like the modules).
 */
export async function testApp(env: Record<string, string> = {}, extra: { routes?: (api: App) => void } = {}) {
  const database = await openTestDatabase({ migrated: true });
  const config = {
    ...loadConfig({
      DATA_DIR: '/tmp/portal-test',
      PAYMENT_SANDBOX: '1',
      // On PostgreSQL the file's database is the configured one, as DATABASE_URL would name it.
      ...(database.url && { DATABASE_URL: database.url }),
      // Jobs run in-process unless a test names an engine: BullMQ's own tables and connections on
      // every file's database cost each file seconds; test/jobs.test.ts runs the suite on each engine.
      JOBS_ENGINE: 'embedded',
      // A live stream (Server-Sent Events) ends after a second: `app.inject` waits for a reply's
      // end (the route walk calls every route); a test that reads a stream names a longer life.
      PUSH_STREAM_SECONDS: '1',
      ...env,
    }),
    webDist: undefined,
  };
  const routes: RegisteredRoute[] = [];
  const app = await buildApp({ database, config, onRoute: (r) => routes.push(r) });
  const more = extra.routes;
  if (more) await app.register(async (api) => more(api as App), { prefix: '/api' });
  await app.ready();
  const { db } = database;

  const harness = {
    app,
    config,
    db,
    database,
    routes,
    async close() {
      await app.close();
      await database.close();
    },
    /** A company of its own, so tests never see each other's rows. */
    company: (name = '测试单位') =>
      createCompany(db, { code: `t${unique()}`, company_name: `${name}${unique()}`, address: '测试地址' }),
    /**
     * A live group of companies (集群, docs/adr/0038) of its own holding `companies`, with `staff`
     * (user id → role 2 or 6) working for it.
     */
    async group(companies: readonly number[], staff: readonly (readonly [number, number])[] = []) {
      const now = new Date().toISOString();
      const g = await db
        .insertInto('company_groups')
        .values({
          name: `测试集群${unique()}`,
          comment: '',
          is_public: 1,
          is_default: 0,
          del_flag: 0,
          created_by: null,
          updated_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (companies.length > 0)
        await db.updateTable('companies').set({ group_id: g.id }).where('id', 'in', companies).execute();
      if (staff.length > 0)
        await db
          .insertInto('group_staff')
          .values(staff.map(([user_id, role]) => ({ group_id: g.id, user_id, role, created_at: now })))
          .execute();
      return g.id;
    },
    async user(role: number, companyId: number) {
      const username = `u${role}_${unique()}`;
      const id = await createUser(db, { companyId, username, password: PASSWORD, role });
      return { id, username, password: PASSWORD };
    },
    /** Logs in and returns headers for authenticated calls (token header, like the browser). */
    async login(username: string, password = PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { username, password },
      });
      const body = res.json();
      if (body.c !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
      return { authorization: `Token ${body.d.token}` };
    },
    async as(role: number, companyId?: number) {
      const cid = companyId ?? (await harness.company());
      const u = await harness.user(role, cid);
      return { companyId: cid, user: u, headers: await harness.login(u.username) };
    },
    /** A member of the company with one address, and `call` posting as them (answers the envelope). */
    async member(companyId: number) {
      const m = await harness.as(MEMBER_ROLE, companyId);
      const call = async (url: string, form: Record<string, string | number | (string | number)[]> = {}) =>
        (await harness.post(`/api${url}`, form, m.headers)).json();
      const address = await call('/consignee/update', MEMBER_ADDRESS);
      return { ...m, call, consigneeId: address.d.id as number };
    },
    /** Uploads a small PNG to the file store as the holder of `headers`: the stored file (id, url). */
    async uploadImage(headers: Record<string, string>) {
      const content = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#a60' } })
        .png()
        .toBuffer();
      const r = await harness.multipart(
        '/api/file/upload',
        {},
        { name: 'p.png', content, type: 'image/png' },
        headers,
      );
      if (r.json().c !== 0) throw new Error(`upload failed: ${r.body}`);
      return r.json().d as { id: number; url: string };
    },
    /**
     * Follows a job as the user who started it (`/job/get`, as the browser's progress bar does)
     * until it has ended — no fixed sleep: it asks again every 20 ms — and answers it as it ended.
     */
    jobEnded: (id: number, headers: Record<string, string>) =>
      vi.waitFor(
        async () => {
          const res = (await app.inject({ method: 'GET', url: `/api/job/get?id=${id}`, headers })).json();
          if (res.c !== 0) throw new Error(`/job/get ${id}: ${JSON.stringify(res)}`);
          const job = res.d as Job;
          if (!JOB_FINISHED.includes(job.state)) throw new Error(`job ${id} is ${job.state}: ${job.message}`);
          return job;
        },
        { timeout: 25_000, interval: 20 },
      ),
    /** POSTs a multipart form (`fields`, then `file`) as the holder of `headers`, as a browser's form does. */
    multipart: (
      url: string,
      fields: Record<string, string>,
      file: UploadFile | undefined,
      headers: Record<string, string>,
    ) =>
      app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': MULTIPART_TYPE },
        payload: multipartBody(fields, file),
      }),
    /** POSTs a JSON body as the holder of `headers` and answers the envelope. */
    json: (url: string, body: Record<string, unknown>, headers: Record<string, string>) =>
      app
        .inject({
          method: 'POST',
          url: `/api${url}`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: body,
        })
        .then((r) => r.json()),
    /** POSTs a form-urlencoded body, as the browser does. */
    post(
      url: string,
      form: Record<string, string | number | (string | number)[]>,
      headers: Record<string, string> = {},
    ) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(form)) {
        for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item));
      }
      return app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: params.toString(),
      });
    },
  };
  return harness;
}
export type Harness = Awaited<ReturnType<typeof testApp>>;

/**
 * JSON calls of the API as a caller (`who.headers`: a login of `Harness.as`) or anonymously: a GET
 * (its query in the URL) and a form POST, each answering the envelope. `app` is read at each call
 * (the harness is made in `beforeAll`).
 */
export function jsonCalls(app: () => Harness['app']) {
  type Who = { headers: Record<string, string> } | undefined;
  return {
    get: async (url: string, who?: Who) =>
      (await app().inject({ method: 'GET', url: `/api${url}`, headers: who?.headers ?? {} })).json(),
    post: async (url: string, form: Record<string, string | number>, who?: Who) =>
      (
        await app().inject({
          method: 'POST',
          url: `/api${url}`,
          headers: who?.headers ?? {},
          payload: Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])),
        })
      ).json(),
  };
}

/** The Redis the tests of several processes use (PUSH, the live socket's adapter). */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether Redis answers at TEST_REDIS_URL (a test of several processes is skipped when it does not). */
export async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 500,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
