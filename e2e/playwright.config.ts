import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { SANDBOX_SECRET } from './sandbox.ts';

/** Chromium's headless shell when it is installed (lighter), else the full browser. */
const chromium = () =>
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ??
  '/usr/bin/chromium';

const PORT = Number(process.env.E2E_PORT ?? 3999);
const root = path.resolve(import.meta.dirname, '..');
// Each run starts from an empty data folder, so the server migrates and seeds the demo data. One
// folder per port (only one run can hold the port), wiped at the next start: runs leave no pile.
const dataDir = wipeableDataDir(process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `portal-e2e-${PORT}`));

/**
 * The folder is deleted at every start, so it must be a folder of its own under the system's
 * temporary folder: an E2E_DATA_DIR pointing anywhere else (a real data folder, the project, a
 * home directory) is refused rather than wiped.
 */
function wipeableDataDir(dir: string): string {
  const tmp = path.resolve(os.tmpdir());
  const resolved = path.resolve(dir);
  const relative = path.relative(tmp, resolved);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new Error(
      `E2E_DATA_DIR=${dir} is not a folder under ${tmp}: the e2e run deletes its data folder at ` +
        'every start, so it only uses one in the temporary folder. Unset E2E_DATA_DIR or choose ' +
        `a folder such as ${path.join(tmp, 'portal-e2e-data')}.`,
    );
  }
  // It goes into a shell command in double quotes.
  if (/["$`\\]/.test(resolved)) throw new Error(`E2E_DATA_DIR=${dir}: no quotes, $, \` or \\ in the path`);
  return resolved;
}

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Prints what the accessibility check scanned (tests/a11y.ts).
  globalTeardown: './a11y-report.ts',
  // One folder per port too: a run clears its output folder at start, so two runs must not share one.
  outputDir: path.join(root, 'test-results', `port-${PORT}`),
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    // Recording a trace of every journey took about a third of the run's processor time (2 cores);
    // a failing journey is retried with its trace in CI (retries: 1). Locally: --trace on.
    trace: 'on-first-retry',
    launchOptions: {
      // npm test passes the one it found (scripts/test.mjs: the headless shell first).
      executablePath: process.env.CHROMIUM_PATH ?? chromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `rm -rf "${dataDir}" && node --import tsx apps/server/src/main.ts`,
    cwd: root,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // The test payment provider, with the secret the payment journey signs its callbacks with.
      PAYMENT_SANDBOX: '1',
      PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET,
      // The server in UTC, the browser in Asia/Shanghai (timezoneId): dates follow the company's
      // zone on both sides (issue 35; time-zone.spec.ts).
      TZ: 'UTC',
      // A web build elsewhere than apps/web/dist (two engineers testing different changes at once).
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
