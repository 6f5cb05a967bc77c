import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './platform/db/database.ts';
import { startupFaultMessage } from './platform/db/faults.ts';
import { fileStoreOf } from './platform/files/file-store.ts';
import { DEMO_PASSWORD, demoAccountTable, textTable } from './seed/demo-accounts.ts';
import { isEmpty, seedDemo, seedReference } from './seed/seed.ts';

const config = loadConfig();
const databaseUrl = config.databaseUrl ?? config.sqlitePath;
// Until the app's logger exists, connection failures outside a query go to the console.
let connectionLost = (error: Error) => console.warn(`数据库连接中断：${error.message}`);
let databaseWarning = (message: string) => console.warn(message);
let database: DatabaseHandle | undefined;

/** Opens, migrates and seeds the database and builds the app; a database that is not usable is explained. */
async function prepare() {
  try {
    database = openDatabase({
      url: databaseUrl,
      poolSize: config.databasePoolSize,
      onConnectionError: (error) => connectionLost(error),
      warn: (message) => databaseWarning(message),
    });
    const applied = await migrateToLatest(database);
    const firstRun = await isEmpty(database.db);
    // Reference data (role permissions, host map, default company) is re-applied on every start: it
    // adds what a newer version brings and never removes rows.
    if (firstRun) await seedDemo(database, fileStoreOf(config));
    else await seedReference(database);
    const app = await buildApp({
      database,
      config,
      logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    });
    return { database, app, applied, firstRun };
  } catch (error) {
    const message = startupFaultMessage(error, databaseUrl);
    if (!message) throw error;
    console.error(`启动失败：${message}`);
    await database?.close().catch(() => {});
    process.exit(1);
  }
}

const prepared = await prepare();
const { app, applied, firstRun } = prepared;
connectionLost = (error) =>
  app.log.warn({ err: error }, `数据库连接中断（${error.message}）：该连接已丢弃，之后的请求会重新连接。`);
databaseWarning = (message) => app.log.warn(message);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  await prepared.database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `端口 ${config.port} 已被占用：请关闭占用它的程序，或用 PORT=<其他端口> npm start`
      : `启动失败：${(error as Error).message}`,
  );
  await prepared.database.close();
  process.exit(1);
}
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.sqlitePath;
console.log(
  `\n企业门户已启动: http://localhost:${config.port}/   接口文档: http://localhost:${config.port}/api/docs`,
);
console.log(`数据库: ${where}${applied.length ? `（已执行迁移 ${applied.join(', ')}）` : ''}`);
console.log(firstRun ? '首次启动：已写入演示数据。' : '沿用已有数据。');
const accounts = await demoAccountTable(prepared.database.db);
if (accounts.length > 0) {
  console.log(`演示账号（${accounts.length} 个，密码均为 ${DEMO_PASSWORD}）:`);
  console.log(textTable(accounts));
}
