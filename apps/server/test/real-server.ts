import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

export interface RealServer {
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  process: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Ends the process (SIGTERM) and removes the data folder unless the caller gave it. */
  stop(): void;
  /** Kills the process at once (SIGKILL, no shutdown) and answers when it is gone. */
  kill(): Promise<void>;
}

/** Node's options of the server as `npm start` runs it (scripts/lib.mjs). */
const { serverNodeArgs } = (await import(path.join(root, 'scripts/lib.mjs') as string)) as {
  serverNodeArgs: () => string[];
};

/**
 * The server as `npm start` runs it (apps/server/src/main.ts with the server's Node options) in a
 * child process, with `env` added, on `dataDir` (kept) or a throw-away DATA_DIR; answers once
 * `/api/health` answers (a first start seeds the demo data). `tree`: the root of another copy of
 * the project to run instead of this one (a benchmark runs the code of an older commit).
 */
export async function startRealServer(
  env: Record<string, string> = {},
  { dataDir: given, tree = root }: { dataDir?: string; tree?: string } = {},
): Promise<RealServer> {
  const port = await freePort();
  const dataDir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-real-'));
  const child = spawn(process.execPath, [...serverNodeArgs(), '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: tree,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const stop = () => {
    child.kill('SIGTERM');
    if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      stop();
      throw new Error(`server did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { port, base: `http://127.0.0.1:${port}`, process: child, output: () => output, stop, kill };
}
