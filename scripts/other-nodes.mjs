// The Node.js lines a newcomer has, beside the one running `npm test` (docs/adr/0031-node-versions.md):
// the SQLite API tests on Node 26 (the current LTS) and a first `npm start` on Node 24 — migrate,
// seed the demo data, serve, log in, stop. Each runtime is the npm registry's
// `node-<platform>-<arch>` package (`npm pack`, unpacked into a cache outside the tree and reused),
// never a download from elsewhere. Plain Node, like the rest of scripts/.
//
// `npm test` calls otherNodes(); `node scripts/other-nodes.mjs [api|start]` runs one part alone.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib.mjs';

/** The runtimes proved, exact so a run is repeatable; raised on purpose (ADR 0031). */
const NODE_LTS = '26.12.1';
const NODE_24 = '24.21.0';

/** Where unpacked runtimes are kept between runs: `PORTAL_NODE_CACHE`, else the user's cache. */
const cacheDir = process.env.PORTAL_NODE_CACHE ?? path.join(os.homedir(), '.cache', 'portal', 'node');

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * The `node` binary of `version` from the registry's package, unpacked once into the cache. A
 * failure throws, so the unpacking folder is removed on the way out.
 */
function nodeRuntime(version) {
  const name = `node-${process.platform}-${process.arch}`;
  const dir = path.join(cacheDir, `${name}-${version}`);
  const bin = path.join(dir, 'bin', 'node');
  if (fs.existsSync(bin)) return bin;
  fs.mkdirSync(cacheDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(cacheDir, '.unpack-'));
  try {
    const pack = spawnSync('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', work], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tarball = pack.stdout.trim().split('\n').pop();
    if (pack.status !== 0 || !tarball) throw new Error(`npm pack ${name}@${version} failed`);
    const untar = spawnSync('tar', ['xzf', path.join(work, tarball), '-C', work], { stdio: 'inherit' });
    if (untar.status !== 0) throw new Error(`unpacking ${tarball} failed`);
    // Renamed into place whole, so an interrupted unpack is never taken for a runtime.
    fs.renameSync(path.join(work, 'package'), dir);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return bin;
}

/** The environment with the runtime's `node` first on PATH, so an `npm` or `npx` inside runs on it too. */
function withRuntime(bin) {
  return { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH}` };
}

/** The server's API tests on SQLite (apps/server/test), under `version`. */
function apiTestsOn(version) {
  const started = performance.now();
  const bin = nodeRuntime(version);
  console.log(`\n▶ API 测试 (SQLite, Node ${version})`);
  const r = spawnSync(bin, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server', 'test/'], {
    cwd: root,
    stdio: 'inherit',
    env: withRuntime(bin),
  });
  if (r.status !== 0) throw new Error(`API tests on Node ${version} (exit ${r.status ?? r.signal})`);
  console.log(`  Node ${version} API 测试用时 ${seconds(started)} s`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * A first `npm start` (scripts/start.mjs) under `version` with an empty data folder: it migrates,
 * seeds the demo data and serves; admin logs in; SIGTERM stops it cleanly. Any abort on the way
 * (the Node 24 one was in a statement's destructor, during the seed or at exit) fails the check.
 * However it ends (a failure, or `npm test` interrupted), the server is stopped and its data folder
 * removed before this returns.
 */
async function startCheckOn(version) {
  const started = performance.now();
  const bin = nodeRuntime(version);
  console.log(`\n▶ 首次启动 (npm start, Node ${version})`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-node${version.split('.')[0]}-`));
  // Kept to show on failure; a passing start prints only its timing.
  const output = [];
  let child;
  let ended;
  let exited;
  let interrupted;
  const interrupt = (signal) => {
    interrupted = signal;
    child?.kill('SIGTERM');
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  let passed = false;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(bin, ['scripts/start.mjs'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...withRuntime(bin),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
    });
    child.stdout.on('data', (d) => output.push(d));
    child.stderr.on('data', (d) => output.push(d));
    exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => resolve({ code, signal }));
      child.on('error', (e) => resolve({ code: e.message, signal: null }));
    });
    exited.then((e) => {
      ended = e;
    });
    const check = () => {
      if (interrupted) throw new Error(`npm start on Node ${version} interrupted (${interrupted})`);
    };

    // Up when /api/health answers (the seed runs before the server listens).
    const deadline = Date.now() + 180_000;
    for (;;) {
      check();
      if (ended)
        throw new Error(`npm start on Node ${version} ended before serving (${ended.signal ?? ended.code})`);
      if (Date.now() > deadline) throw new Error(`npm start on Node ${version} did not serve within 180 s`);
      const health = await fetch(`${base}/api/health`).catch(() => undefined);
      if (health?.ok) break;
      await Promise.race([exited, new Promise((r) => setTimeout(r, 200))]);
    }
    const served = seconds(started);
    const login = await fetch(`${base}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'demo123456' }),
    })
      .then((r) => r.json())
      .catch((e) => ({ error: e.message }));
    check();
    if (login.c !== 0) throw new Error(`login on Node ${version} answered ${JSON.stringify(login)}`);
    child.kill('SIGTERM');
    const { code, signal } = await exited;
    check();
    if (code !== 0) throw new Error(`npm start on Node ${version} stopped with ${signal ?? `exit ${code}`}`);
    passed = true;
    console.log(`  Node ${version}: 已启动并可登录（${served} s 后可用），共 ${seconds(started)} s`);
  } finally {
    if (child && !ended) {
      child.kill('SIGTERM');
      await exited;
    }
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    if (!passed) process.stderr.write(Buffer.concat(output));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Both checks, or the one named (`api`, `start`): the API tests on the current LTS (unless this
 * is already that line), then a first start on Node 24. A failure is told and ends the process with 1.
 */
export async function otherNodes(only) {
  if (!['linux', 'darwin'].includes(process.platform)) {
    console.log(`（${process.platform} 上跳过其他 Node 版本的检查）`);
    return { apiTested: false };
  }
  // On the LTS's own line the caller runs the API tests itself, on the Node it runs on.
  const onLts = process.versions.node.split('.')[0] === NODE_LTS.split('.')[0];
  const apiTested = only !== 'start' && !onLts;
  try {
    if (apiTested) apiTestsOn(NODE_LTS);
    if (only !== 'api') await startCheckOn(NODE_24);
  } catch (e) {
    console.error(`\n✗ ${e.message}`);
    process.exit(1);
  }
  return { apiTested };
}

if (process.argv[1] === import.meta.filename) await otherNodes(process.argv[2]);
