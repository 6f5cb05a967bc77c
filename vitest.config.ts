import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files first, so that no long file starts last and runs alone at the end while the
 * other worker waits (docs/adr/0006-tests.md "A fast suite"). Vitest's own order does this only
 * for files it timed in an earlier run on this machine (its cache in node_modules/.vite); a fresh
 * clone has none, and Vitest then starts the largest files first — the route walks, small files
 * that send tens of thousands of requests, started last. A file's time is the cache's when it has
 * one, else the one apps/server/test/durations.json gives; files with neither come after, largest
 * first.
 */
class DurationSequencer extends BaseSequencer {
  private hints = (
    JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, 'apps/server/test/durations.json'), 'utf8'),
    ) as { seconds: Record<string, number> }
  ).seconds;

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const key = (f: TestSpecification) => `${f.project.name}:${path.relative(config.root, f.moduleId)}`;
    const timed = (f: TestSpecification) =>
      cache.getFileTestResults(key(f))?.duration ??
      (f.project.name === 'server' ? (this.hints[path.basename(f.moduleId)] ?? 0) * 1000 : 0);
    const failed = (f: TestSpecification) => (cache.getFileTestResults(key(f))?.failed ? 1 : 0);
    const size = (f: TestSpecification) => cache.getFileStats(key(f))?.size ?? 0;
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        (a.project.name === b.project.name ? 0 : a.project.name < b.project.name ? -1 : 1) ||
        Number(b.project.config.isolate) - Number(a.project.config.isolate) ||
        // A file that failed last time first, as Vitest does: its answer is wanted soonest.
        failed(b) - failed(a) ||
        timed(b) - timed(a) ||
        size(b) - size(a),
    );
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: DurationSequencer },
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
