import { describe, expect, it } from 'vitest';
import { faultLogMessage, faultOf, startupFaultMessage } from './faults.ts';

const err = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('faultOf', () => {
  it('tells a database that is away, a full disk and a lock waited out from other errors', () => {
    expect(faultOf(err('ECONNREFUSED'))).toEqual({ kind: 'unavailable', cause: 'ECONNREFUSED' });
    expect(faultOf(err('57P01'))?.kind).toBe('unavailable');
    expect(faultOf(err('08006'))?.kind).toBe('unavailable');
    expect(faultOf(new Error('Connection terminated unexpectedly'))?.kind).toBe('unavailable');
    expect(faultOf(new Error('timeout exceeded when trying to connect'))?.kind).toBe('unavailable');
    expect(faultOf(err('SQLITE_FULL'))).toEqual({ kind: 'storage_full', cause: 'SQLITE_FULL' });
    expect(faultOf(err('53100'))?.kind).toBe('storage_full');
    expect(faultOf(err('ENOSPC'))?.kind).toBe('storage_full');
    expect(faultOf(err('SQLITE_BUSY'))?.kind).toBe('busy');
    expect(faultOf(err('40P01'))?.kind).toBe('busy');
    expect(faultOf(Object.assign(new Error('rollback failed'), { cause: err('ECONNRESET') }))?.kind).toBe(
      'unavailable',
    );
    for (const other of [err('23505'), err('SQLITE_CONSTRAINT_UNIQUE'), new TypeError('x'), null, 'text', 42])
      expect(faultOf(other)).toBeUndefined();
  });

  it('names the cause to the operator in Chinese', () => {
    expect(faultLogMessage({ kind: 'storage_full', cause: 'SQLITE_FULL' })).toMatch(
      /^磁盘空间已满（SQLITE_FULL）/,
    );
    expect(faultLogMessage({ kind: 'unavailable', cause: 'ECONNREFUSED' })).toContain('数据库暂时无法连接');
    expect(faultLogMessage({ kind: 'busy', cause: '40P01' })).toContain('死锁');
  });
});

describe('startupFaultMessage', () => {
  const url = 'postgres://portal:s3cret@db.example:6543/shop';
  it('says what is wrong and what to do, never the password', () => {
    const cases: [unknown, RegExp][] = [
      [err('ECONNREFUSED'), /无法连接数据库 db\.example:6543（连接被拒绝）/],
      [err('ENOTFOUND'), /找不到数据库主机 db\.example:6543/],
      [
        err('3D000'),
        /数据库 “shop” 在 db\.example:6543 上不存在：请先创建它（例如 createdb -h db\.example shop）/,
      ],
      [err('28P01'), /拒绝登录/],
      [err('57P03'), /正在启动/],
      [new Error('timeout expired'), /超时/],
    ];
    for (const [error, expected] of cases) {
      const message = startupFaultMessage(error, url);
      expect(message).toMatch(expected);
      expect(message).not.toContain('s3cret');
    }
    expect(startupFaultMessage(err('SQLITE_NOTADB'), '/data/portal.sqlite')).toContain(
      '不是有效的 SQLite 数据库文件',
    );
    expect(startupFaultMessage(err('ENOTDIR'), '/data/portal.sqlite')).toContain('DATA_DIR');
    expect(startupFaultMessage(new TypeError('a bug'), url)).toBeUndefined();
  });
});
