import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the processors: one on a 2-core machine, which left
    // a core idle. Two at least (docs/adr/0006-tests.md "A fast suite").
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        // Checks over the whole tree: the lock file, module boundaries, company scope.
        test: { name: 'checks', root: 'checks', include: ['**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The migrated database every API test file copies (test/template.ts).
          globalSetup: ['test/template.ts'],
          // A worker imports the server once for all its files instead of once per file (two
          // thirds of the project's processor time). Each file builds its own app on its own
          // database (harness.ts), so files share only modules; a spy is restored by its test.
          isolate: false,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
