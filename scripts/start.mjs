// `npm start`: install what is missing, build the web app and the server's bundle, then run the server
// (migrations and the first-run demo seed happen inside the server at start). A server that dies
// after it was up (out of memory, an uncaught fault) is started again; one that fails at start
// (port taken, bad configuration) is not, since it would only fail again.
import { spawn } from 'node:child_process';
import {
  ensureInstalled,
  ensureNode,
  ensureServerBuilt,
  ensureWebBuilt,
  root,
  SERVER_BUNDLE,
  serverNodeArgs,
} from './lib.mjs';

ensureNode();
ensureInstalled();
ensureWebBuilt();
ensureServerBuilt();

/** A server that ran this long before it died was up, so starting it again is worth it. */
const UP_MS = 15_000;
/** More restarts than this within ten minutes means something is wrong for good. */
const MAX_RESTARTS = 5;

let child;
let stopping = false;
const restarts = [];

function startServer() {
  const startedAt = Date.now();
  child = spawn(process.execPath, [...serverNodeArgs(), '--enable-source-maps', SERVER_BUNDLE], {
    cwd: root,
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    // Stopped by the signal passed on: success; an abort on the way out (SIGABRT) is not.
    if (stopping) return process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
    if (code === 0) return process.exit(0);
    const now = Date.now();
    while (restarts.length && restarts[0] < now - 600_000) restarts.shift();
    if (now - startedAt < UP_MS || restarts.length >= MAX_RESTARTS) {
      process.exit(code ?? 1);
    }
    restarts.push(now);
    console.error(`\n服务器进程意外退出（${signal ?? `退出码 ${code}`}），正在重新启动…`);
    setTimeout(startServer, 1000);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    child?.kill(signal);
  });
}
startServer();
