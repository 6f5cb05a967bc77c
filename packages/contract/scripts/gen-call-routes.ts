// Writes src/call-routes.ts: every declared call (`<module>Calls` of the contract) as a zod-free
// route (method, path, access and family; the declaration's types carried by `CallRoutes`), one
// line a module: a table, not code written again per call. The web imports its calls from
// '@portal/contract/calls' so that no schema lands in a page that does not validate a form.
// Run: npm run gen -w @portal/contract (checks/call-routes.test.ts fails when the file is stale).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Call, routeLine } from '../src/call.ts';
import * as contract from '../src/index.ts';

export function callRoutesSource(): string {
  const groups = Object.entries(contract)
    .filter(([name, value]) => name.endsWith('Calls') && value && typeof value === 'object')
    .sort(([a], [b]) => a.localeCompare(b));
  const lines = [
    '// Generated from the declarations (defineCall) by packages/contract/scripts/gen-call-routes.ts.',
    '// Do not edit: run `npm run gen -w @portal/contract`. Zod-free: the web makes its calls with these.',
    '// A module a line: `name METHOD path access [console]; …` (call.ts `callTable`).',
    '// biome-ignore-all format: a table, one module a line, however long (formatted, it would be code again)',
    "import { callTable as t } from './call.ts';",
    "import type * as C from './index.ts';",
    '',
  ];
  for (const [group, calls] of groups) {
    const table = Object.entries(calls as Record<string, Call>)
      .map(([name, call]) => routeLine(name, call))
      .join('; ');
    lines.push(`export const ${group} = t<typeof C.${group}>('${table}');`);
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const target = path.join(import.meta.dirname, '../src/call-routes.ts');
  fs.writeFileSync(target, callRoutesSource());
  // Written as the formatter would (the check compares the routes, not the spacing).
  execFileSync('npx', ['biome', 'format', '--write', target], { stdio: 'ignore' });
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
