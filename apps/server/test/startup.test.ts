import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './real-server.ts';

/**
 * `npm start` with a database it cannot use says so in Chinese and exits with 1, without a stack
 * trace (issue 10), as it does for a port that is taken.
 */
const root = path.resolve(import.meta.dirname, '../../..');

function start(databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
  try {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: r.status, output: `${r.stdout}${r.stderr}` };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('starting with a database that cannot be used', () => {
  it.skipIf(process.env.TEST_PG_URL !== undefined)(
    'a port where no PostgreSQL listens',
    async () => {
      const port = await freePort();
      const { status, output } = start(`postgres://portal:s3cret@127.0.0.1:${port}/shop`);
      expect(status).toBe(1);
      expect(output.trim()).toBe(
        `启动失败：无法连接数据库 127.0.0.1:${port}（连接被拒绝）：请确认 PostgreSQL 已启动并在该端口监听，或检查 DATABASE_URL。`,
      );
    },
    90_000,
  );

  it.skipIf(process.env.TEST_PG_URL === undefined)(
    'a database that does not exist',
    () => {
      const url = new URL(process.env.TEST_PG_URL as string);
      url.pathname = '/portal_no_such_database';
      const { status, output } = start(url.toString());
      expect(status).toBe(1);
      expect(output).toContain('数据库 “portal_no_such_database”');
      expect(output).toContain('不存在：请先创建它');
      expect(output).not.toMatch(/\n\s+at /);
    },
    90_000,
  );
});
