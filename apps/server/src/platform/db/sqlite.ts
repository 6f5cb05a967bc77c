import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite binding (docs/adr/0031-node-versions.md). better-sqlite3 13 is a Node-API addon:
 * one prebuilt binary in its package serves Node 22, 24 and 26, nothing is compiled at install.
 * 12.x derives its statements from `node::ObjectWrap`, whose destructor (compiled in from the
 * headers of Node 24.19 and later) aborts a Node 24 process when a statement is garbage collected.
 * 13 needs Node-API 10 (Node 22.14 and later); Node 20 and 22.12–22.13 load 12.x instead
 * (`better-sqlite3-node20`, built at install by node-gyp), which goes when the machines the tests
 * run on leave Node 20.
 */
const nodeApi = Number(process.versions.napi);
const moduleName = nodeApi >= 10 ? 'better-sqlite3' : 'better-sqlite3-node20';

const require = createRequire(import.meta.url);

function load(): typeof BetterSqlite3 {
  try {
    return require(moduleName);
  } catch (e) {
    throw new Error(
      `SQLite 驱动 ${moduleName} 无法加载（Node.js ${process.version}，Node-API ${nodeApi}）：${(e as Error).message}。请运行 npm install，或使用 Node.js 22、24 或 26`,
    );
  }
}

export const SQLite = load();
/** Where the binding was loaded from (a worker thread loads the same one: sqlite-checkpoint.ts). */
export const sqliteModulePath = require.resolve(moduleName);
export type SqliteDatabase = BetterSqlite3.Database;
export type SqliteStatement = BetterSqlite3.Statement;
