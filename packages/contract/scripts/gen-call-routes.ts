// Writes src/call-routes.ts: every declared call (`<module>Calls` of the contract) as a zod-free
// route (method, path and access; the declaration's types carried by `CallRoute`). The web imports its calls
// from '@portal/contract/calls' so that no schema lands in a page that does not validate a form.
// Run: npm run gen -w @portal/contract (checks/call-routes.test.ts fails when the file is stale).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as contract from '../src/index.ts';

export function callRoutesSource(): string {
  const groups = Object.entries(contract)
    .filter(([name, value]) => name.endsWith('Calls') && value && typeof value === 'object')
    .sort(([a], [b]) => a.localeCompare(b));
  const lines = [
    '// Generated from the declarations (defineCall) by packages/contract/scripts/gen-call-routes.ts.',
    '// Do not edit: run `npm run gen -w @portal/contract`. Zod-free: the web makes its calls with these.',
    "import { callRoute as r } from './call.ts';",
    "import type * as C from './index.ts';",
    '',
  ];
  for (const [group, calls] of groups) {
    lines.push(`export const ${group} = {`);
    for (const [name, call] of Object.entries(
      calls as Record<string, { method: string; path: string; access: object }>,
    )) {
      const access = JSON.stringify(call.access)
        .replace(/"([a-z]+)":/g, '$1: ')
        .replace(/"/g, "'");
      lines.push(`  ${name}: r<typeof C.${group}.${name}>('${call.method}', '${call.path}', ${access}),`);
    }
    lines.push('};', '');
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const target = path.join(import.meta.dirname, '../src/call-routes.ts');
  fs.writeFileSync(target, callRoutesSource());
  // Written as the formatter would (the check compares the routes, not the spacing).
  execFileSync('npx', ['biome', 'format', '--write', target], { stdio: 'ignore' });
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
