import { Worker } from 'node:worker_threads';
import { type SqliteDatabase, sqliteModulePath } from './sqlite.ts';

/**
 * SQLite's WAL checkpoints on a thread of their own (issue 33; ADR 0037 "Reads beside a long
 * write"). By default the connection that commits copies the WAL into the database file when the
 * WAL passes 1,000 pages, inside its commit — synchronously, on the event loop: after a 50,000-row
 * import the commit took 253 ms, every request of the process waiting for it (the two reads over
 * 200 ms of the import benchmark). SQLite's documentation names the way out: turn the automatic
 * checkpoint off and run checkpoints "in a separate thread or process" (sqlite.org/wal.html,
 * "Automatic Checkpoint"). Here a worker thread holds its own connection to the file and runs a
 * PASSIVE checkpoint (it waits for no reader or writer and copies what it can) shortly after the
 * writer was used; the event loop only posts a message.
 *
 * One process (the embedded default): its writer and this thread. A checkpoint that fails (a full
 * disk) leaves the WAL whole, is told to `warn` and is tried again after the next write; if the
 * thread itself fails (its binding cannot load, the file is gone), the writer checkpoints by itself
 * again, as SQLite does by default, and `warn` says why. `stop` ends the thread before the
 * connections close (closing the last connection checkpoints once more, as always).
 */
export interface Checkpointer {
  /** The writer was used: a checkpoint soon (one at a time; writes meanwhile ask for the next). */
  nudge(): void;
  stop(): Promise<void>;
}

/** How long after a write the checkpoint waits, so that a burst of writes is copied once. */
const DELAY_MS = 100;

/** The thread: plain JavaScript (it runs outside the TypeScript loader the server may run under). */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.modulePath);
const db = new SQLite(workerData.file, { fileMustExist: true });
let timer;
parentPort.on('message', (m) => {
  if (m === 'stop') {
    clearTimeout(timer);
    db.close();
    parentPort.close();
    return;
  }
  clearTimeout(timer);
  timer = setTimeout(() => {
    try {
      // log: the WAL's frames; checkpointed: how many of them are in the file now.
      const [r] = db.pragma('wal_checkpoint(PASSIVE)');
      parentPort.postMessage({ left: r.log - r.checkpointed });
    } catch (error) {
      // A full disk, say: the WAL stays whole and readable; the next write asks again.
      parentPort.postMessage({ left: 0, error: error.message });
    }
  }, workerData.delayMs);
});
`;

export function startCheckpointer(
  file: string,
  writer: SqliteDatabase,
  warn: (message: string) => void = () => {},
): Checkpointer {
  writer.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: { file, modulePath: sqliteModulePath, delayMs: DELAY_MS },
  });
  // It never keeps the process alive on its own.
  worker.unref();
  let asked = false;
  let failed = false;
  let wanted = false;
  const ask = () => {
    asked = true;
    wanted = false;
    worker.postMessage('checkpoint');
  };
  worker.on('message', (m: { left: number; error?: string }) => {
    asked = false;
    if (failed) return;
    if (m.error) warn(`SQLite 检查点未完成（${m.error}），下次写入后再试`);
    // Frames written during the checkpoint (or held by a reader) are copied by the next one.
    if (wanted || m.left > 0) ask();
  });
  worker.on('error', (error) => {
    failed = true;
    if (writer.open) writer.pragma('wal_autocheckpoint = 1000');
    warn(`SQLite 检查点线程出错（${error.message}），改由写连接自行检查点`);
  });
  return {
    nudge() {
      if (failed) return;
      if (asked) wanted = true;
      else ask();
    },
    async stop() {
      if (failed) return;
      failed = true;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Waited for: the process stays up until the thread has closed its connection.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
