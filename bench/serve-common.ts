// What both benchmark children share: a throw-away data folder with a migrated, reference-seeded
// database (SQLite in WAL unless DATABASE_URL names another), the real app, and the listen /
// report / SIGTERM teardown the parent (harness.ts) relies on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@portal/server/src/app.ts';
import { loadConfig } from '@portal/server/src/config.ts';
import {
  type DatabaseHandle,
  migrateToLatest,
  openDatabase,
} from '@portal/server/src/platform/db/database.ts';
import { seedReference } from '@portal/server/src/seed/seed.ts';

export interface BenchData {
  dir: string;
  database: DatabaseHandle;
}

/** A fresh data folder under the system temp folder (named `prefix…`) and its migrated, seeded database. */
export async function openBenchData(prefix: string): Promise<BenchData> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const database = openDatabase({
    url: process.env.DATABASE_URL || path.join(dir, 'bench.sqlite'),
    poolSize: loadConfig().databasePoolSize,
  });
  await migrateToLatest(database);
  await seedReference(database);
  return { dir, database };
}

/** The real app on that database, without the web build. */
export const buildBenchApp = ({ dir, database }: BenchData) =>
  buildApp({ database, config: { ...loadConfig({ DATA_DIR: dir }), webDist: undefined } });

type BenchApp = Awaited<ReturnType<typeof buildBenchApp>>;

/**
 * Listens on a free local port and prints one JSON line `{ port, dialect, ...info }` (the parent
 * waits for it); on SIGTERM closes the app and the database and removes the data folder.
 */
export async function serveBench(app: BenchApp, { dir, database }: BenchData, info: Record<string, unknown>) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port, dialect: database.dialect, ...info })}\n`);
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}
