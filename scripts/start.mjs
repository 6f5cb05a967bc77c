// `npm start`: install what is missing, build the web app, then run the server
// (migrations and the first-run demo seed happen inside the server at start).
import { spawn } from 'node:child_process';
import { ensureInstalled, ensureNode, ensureWebBuilt, root } from './lib.mjs';

ensureNode();
ensureInstalled();
ensureWebBuilt();

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
