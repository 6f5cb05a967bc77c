// The server as one JavaScript file, `dist/main.mjs` (docs/adr/0044-server-bundle.md): what
// `npm start` runs. The server's and the contract's TypeScript is bundled; every package they
// depend on stays an import of node_modules (native addons, files they read beside themselves).
// A source map lets stack traces name the TypeScript lines (`node --enable-source-maps`).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const read = (p) => JSON.parse(fs.readFileSync(path.join(here, p), 'utf8'));
const packages = [read('package.json'), read('../../packages/contract/package.json')];
const external = packages
  .flatMap((p) => Object.keys({ ...p.dependencies, ...p.optionalDependencies }))
  .filter((name) => !name.startsWith('@portal/'))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
