// The real server and a logged-in browser, for the benchmarks that measure the web app in Chromium
// (web-budget.ts, workflow-designer.bench.ts): the server as `npm start` runs it on an empty SQLite
// folder (so it seeds the demo data), a demo login through the API, and a browser context holding
// what the login page would leave (the userInfo cookie, the token and record in local storage).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LoginResult } from '@portal/contract';
import type { Browser, BrowserContext } from 'playwright-core';

export const DEMO_PASSWORD = 'demo123456';
const root = path.resolve(import.meta.dirname, '..');

/** What a login leaves in the browser, as the app writes it (apps/web/src/shared/sessionValues.ts). */
type SessionValues = (result: LoginResult, remember: boolean) => { record: unknown; info: unknown };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.once('error', reject);
  });
}

/** The real server of the tree `tree` serving the web build `dist`, once it answers /api/health. */
export async function startServer(
  tree: string,
  dist: string,
): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-bench-'));
  const { DATABASE_URL: _pg, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: tree,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it answered`))),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  const healthy = (async () => {
    while (Date.now() < deadline) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('server did not answer /api/health within 120 s');
  })();
  await Promise.race([healthy, exited]);
  return { base, child, dataDir };
}

/** A demo account's login through the API. */
export async function loginAs(base: string, username: string): Promise<LoginResult> {
  const res = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { c: number; m: string; d: LoginResult };
  if (body.c !== 0) throw new Error(`login ${username}: ${body.m}`);
  return body.d;
}

/** A new browser context (empty cache) holding `login`'s session as the app leaves it, at 1366 × 768. */
export async function sessionContext(
  browser: Browser,
  base: string,
  login: LoginResult,
): Promise<BrowserContext> {
  // Loaded by path: the web's modules are typed for the browser, the benchmarks for Node.
  const { sessionValues } = (await import(path.join(root, 'apps/web/src/shared/sessionValues.ts'))) as {
    sessionValues: SessionValues;
  };
  const { record, info } = sessionValues(login, false);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  await context.addCookies([
    { name: 'userInfo', value: encodeURIComponent(JSON.stringify(info)), url: base },
  ]);
  await context.addInitScript(
    ({ token, record }) => {
      const { localStorage } = globalThis as unknown as {
        localStorage: Map<string, string> & { setItem(k: string, v: string): void };
      };
      localStorage.setItem('token', token);
      localStorage.setItem('portal_user', JSON.stringify(record));
    },
    { token: login.token, record },
  );
  return context;
}
