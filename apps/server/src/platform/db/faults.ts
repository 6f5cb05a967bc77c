/**
 * Failures that are not the request's fault nor a bug: the database is away, the disk is full, or
 * SQLite waited too long for its write lock. The error handler answers them 10503 (HTTP 503) and
 * tells the operator's log the cause in Chinese; `npm start` explains them before it listens.
 */
export type FaultKind = 'unavailable' | 'storage_full' | 'busy';

export interface Fault {
  kind: FaultKind;
  /** The driver's code or message, for the log. */
  cause: string;
}

// Node's network errors when the database cannot be reached or goes away.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// PostgreSQL SQLSTATEs: the server is shutting down, starting up, out of connections or gone.
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);

// node-postgres and pg-pool say these in words, without a code.
const PG_MESSAGES = [
  'Connection terminated',
  'not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end',
];

/** What kind of fault an error is, or undefined when it is none of them. */
export function faultOf(error: unknown): Fault | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const c = typeof code === 'string' ? code : '';
  const m = typeof message === 'string' ? message : '';
  // SQLITE_FULL (also what `max_page_count` gives), PostgreSQL's disk_full, the file system's.
  if (c === 'SQLITE_FULL' || c === '53100' || c === 'ENOSPC' || c === 'EDQUOT')
    return { kind: 'storage_full', cause: c };
  // SQLite's write lock waited out; PostgreSQL chose this transaction as a deadlock's victim or
  // could not serialize it (writes must take rows in one order, docs/ARCHITECTURE.md).
  if (c === 'SQLITE_BUSY' || c === 'SQLITE_LOCKED' || c === '40P01' || c === '40001')
    return { kind: 'busy', cause: c };
  if (NETWORK_CODES.has(c) || PG_UNAVAILABLE.has(c) || c.startsWith('08'))
    return { kind: 'unavailable', cause: c };
  if (PG_MESSAGES.some((p) => m.includes(p))) return { kind: 'unavailable', cause: m };
  // A transaction whose ROLLBACK failed too: the first failure is the cause.
  const first = (error as { cause?: unknown }).cause;
  return first && first !== error ? faultOf(first) : undefined;
}

/** The operator's log line for a fault: what happened, and what to do. */
export function faultLogMessage(f: Fault): string {
  switch (f.kind) {
    case 'storage_full':
      return `磁盘空间已满（${f.cause}）：这次写入已整体回滚，已确认的数据不受影响。请清理磁盘或扩容，之后无需重启。`;
    case 'busy':
      return f.cause === '40P01' || f.cause === '40001'
        ? `数据库事务冲突（${f.cause}，死锁或无法串行化）：这次写入已整体回滚。多行写入须按 docs/ARCHITECTURE.md“写库存”一节的顺序加锁。`
        : `数据库繁忙（${f.cause}）：等待写锁超时。请检查是否有别的程序长时间占用 SQLite 数据库文件。`;
    default:
      return `数据库暂时无法连接（${f.cause}）：请检查数据库是否在运行、DATABASE_URL 是否正确。数据库恢复后服务会自动重连，无需重启。`;
  }
}

/**
 * Why the server could not start with its database, in Chinese, with what to do; undefined when
 * the error is not about the database. `url` is DATABASE_URL (its password is never printed) or
 * the SQLite file.
 */
export function startupFaultMessage(error: unknown, url: string): string | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const c = typeof code === 'string' ? code : '';
  const isPg = /^postgres(ql)?:\/\//.test(url);
  let where = url;
  let database = '';
  if (isPg) {
    try {
      const u = new URL(url);
      where = `${u.hostname}:${u.port || '5432'}`;
      database = decodeURIComponent(u.pathname.replace(/^\//, '')) || u.username;
    } catch {
      return '无法解析 DATABASE_URL：请写成 postgres://用户名:密码@主机:端口/数据库名。';
    }
  }
  if (c === 'ECONNREFUSED')
    return `无法连接数据库 ${where}（连接被拒绝）：请确认 PostgreSQL 已启动并在该端口监听，或检查 DATABASE_URL。`;
  if (c === 'ENOTFOUND' || c === 'EAI_AGAIN')
    return `找不到数据库主机 ${where}：请检查 DATABASE_URL 中的主机名。`;
  if (c === 'ETIMEDOUT' || c === 'EHOSTUNREACH' || c === 'ENETUNREACH' || /timeout/i.test(String(message)))
    return `连接数据库 ${where} 超时：请检查网络、防火墙和 DATABASE_URL 中的主机与端口。`;
  if (c === '3D000')
    return `数据库 “${database}” 在 ${where} 上不存在：请先创建它（例如 createdb -h ${where.split(':')[0]} ${database}），或改正 DATABASE_URL 中的数据库名。`;
  if (c === '28P01' || c === '28000')
    return `数据库 ${where} 拒绝登录（用户名或密码错误，或没有访问权限）：请检查 DATABASE_URL 中的用户名和密码。`;
  if (c === '57P03') return `数据库 ${where} 正在启动或恢复中：请稍等片刻再启动本服务。`;
  if (c === '53300') return `数据库 ${where} 的连接数已满：请关闭不用的连接，或调大 max_connections。`;
  if (c === 'SQLITE_FULL' || c === 'ENOSPC' || c === '53100')
    return `磁盘空间已满（${c}），数据库无法写入：请清理磁盘或扩容后再启动。`;
  if (['SQLITE_CANTOPEN', 'SQLITE_READONLY', 'EACCES', 'EROFS', 'EPERM', 'ENOTDIR', 'EEXIST'].includes(c))
    return `无法打开或写入数据库文件 ${url}（${c}）：请检查 DATA_DIR 所在目录是否存在且可写。`;
  if (c === 'SQLITE_BUSY') return `数据库文件 ${url} 被其他程序锁住：请关闭正在使用它的程序后再启动。`;
  if (c === 'SQLITE_NOTADB' || c === 'SQLITE_CORRUPT')
    return `${url} 不是有效的 SQLite 数据库文件（${c}）：请检查 DATA_DIR，或把它移走后重新启动（会重建演示数据）。`;
  if (isPg && (c.startsWith('08') || c.startsWith('57') || faultOf(error)))
    return `无法连接数据库 ${where}（${c || String(message)}）：请检查 PostgreSQL 是否正常运行，以及 DATABASE_URL。`;
  return undefined;
}
