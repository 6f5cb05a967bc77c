import { spawn } from 'node:child_process';

/**
 * A benchmark phase run in a child process of `script` (`--phase <phase> <file>`), so each phase
 * starts with a fresh heap and its peak memory is its own; the child prints its result as the last
 * line of JSON on stdout. `nodeArgs`: Node's options of the child (the server's, for a phase that
 * measures what the server does).
 */
export function inChild<R>(script: string, phase: string, file: string, nodeArgs: string[] = []): Promise<R> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [...nodeArgs, ...process.execArgv, script, '--phase', phase, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    p.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as R)
        : reject(new Error(`${phase} exited ${code}`)),
    );
  });
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
export const mb = (x: number) => `${Math.round(x / 1024 / 1024)} MB`;
export const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * Issue 12's budget for an import of `rows` rows, as a benchmark reports it: under 20 s and under
 * 300 MB of peak RSS, each OK or MISS, and the rows per second.
 */
export const importBudget = (rows: number, ms: number, peak: number) =>
  `${rows.toLocaleString('en')} rows under 20 s: ${sec(ms)} ${ms < 20_000 ? 'OK' : 'MISS'}; ` +
  `under 300 MB: ${mb(peak)} ${peak < 300 * 1024 * 1024 ? 'OK' : 'MISS'}; ${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s`;
