import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { a11yDir } from './tests/a11y.ts';

/** After the run: how many kinds of page the accessibility check scanned, and how many scans. */
export default function a11yReport(config: FullConfig): void {
  const dir = a11yDir(config.projects[0]?.outputDir ?? '');
  const pages = fs.existsSync(path.join(dir, 'pages')) ? fs.readdirSync(path.join(dir, 'pages')).length : 0;
  const scansDir = path.join(dir, 'scans');
  const scans = fs.existsSync(scansDir)
    ? fs
        .readdirSync(scansDir)
        .flatMap((f) => fs.readFileSync(path.join(scansDir, f), 'utf8').split('\n').filter(Boolean))
        .map((line) => JSON.parse(line) as { where: string; findings: number; ms?: number })
    : [];
  const failing = scans.filter((s) => s.findings > 0).length;
  // Each page and each state a journey scans itself (an open dialog) is scanned at both widths.
  const states = Math.max(0, scans.length / 2 - pages);
  console.log(
    `\naxe-core (WCAG 2.1 A/AA at 1366 and 375 px): ${pages} kinds of page and ${states} dialog states, ` +
      `${scans.length} scans (${(scans.reduce((sum, s) => sum + (s.ms ?? 0), 0) / 1000).toFixed(0)} s), ` +
      `${failing} with critical or serious findings`,
  );
}
