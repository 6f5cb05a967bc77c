import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the web's sources must hold for WCAG 2.1 AA beyond what a page scan sees (issue 21; the
 * journeys scan every page with axe-core, e2e/tests/a11y.ts):
 * - an antd icon is decoration (`aria-hidden`) or carries a Chinese name (`aria-label`): antd names
 *   every icon after itself in English ("search", "down"), and a button's name then starts with it;
 * - a clearable field uses CLEARABLE (shared/ui/clearable.tsx): antd names its clear button "Clear";
 * - a Tree or TreeSelect uses TREE_SWITCHER: antd's expand arrow names every branch "caret-down …";
 * - an InputNumber has no antd arrows (`controls={false}`; a quantity uses QuantityStepper): they
 *   are mouse-only and named "Increase Value";
 * - no colour that failed contrast comes back (antd's defaults the theme replaced, src/shared/ui/theme.ts).
 */
const web = path.resolve(import.meta.dirname, '../apps/web/src');

function files(dir: string, ext: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p, ext);
    return ext.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** antd's default colours that fail 4.5:1 as text on white, and what replaces them. */
const FAILING_COLOURS = [
  ['#1677ff', 'var(--portal-primary) / PALETTE.primary'],
  ['#4096ff', 'var(--portal-primary-hover)'],
  ['#f5222d', 'var(--portal-price) / PALETTE.price'],
  ['#ff4d4f', 'var(--portal-danger)'],
  ['#8c8c8c', 'var(--portal-text-secondary)'],
  ['#a6a6a6', 'var(--portal-text-muted)'],
  ['#fa8c16', 'var(--portal-warning)'],
  ['rgba(0, 0, 0, 0.45)', 'var(--portal-text-secondary)'],
  ['rgba(0, 0, 0, 0.35)', 'var(--portal-text-muted)'],
] as const;

function sourceFindings(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/<([A-Z][A-Za-z]*(?:Outlined|Filled|TwoTone))\b([^>]*)>/g)) {
    if (!/aria-(hidden|label)/.test(m[2] as string))
      out.push(`icon <${m[1]}> without aria-hidden or aria-label`);
  }
  if (/^\s*allowClear\s*$|allowClear(?:=\{true\})?[\s/>]/m.test(source))
    out.push('allowClear without CLEARABLE');
  for (const m of source.matchAll(/<InputNumber(?:<\w+>)?\s([\s\S]*?)(?:\/>|\n\s*>)/g)) {
    if (!(m[1] as string).includes('controls={false}')) out.push('<InputNumber> with antd’s arrows');
  }
  for (const m of source.matchAll(/<(Tree|TreeSelect)(?:<\w+>)?\s([\s\S]*?)(?:\/>|\n\s*>)/g)) {
    if (!(m[2] as string).includes('switcherIcon'))
      out.push(`<${m[1]}> without switcherIcon={TREE_SWITCHER}`);
  }
  return out;
}

function colourFindings(source: string): string[] {
  const lower = source.toLowerCase();
  return FAILING_COLOURS.filter(([c]) => lower.includes(c)).map(
    ([c, use]) => `${c} fails contrast: use ${use}`,
  );
}

describe('accessibility in the web sources', () => {
  it('sees a planted violation of each kind', () => {
    expect(sourceFindings('<Button icon={<PlusOutlined />}>新增</Button>')).toHaveLength(1);
    expect(sourceFindings('<Input\n  allowClear\n/>')).toHaveLength(1);
    expect(sourceFindings('<Input allowClear />')).toHaveLength(1);
    expect(sourceFindings('<Tree\n  treeData={x}\n/>')).toHaveLength(1);
    expect(sourceFindings('<InputNumber min={1} />')).toHaveLength(1);
    expect(sourceFindings('<InputNumber<string>\n  onChange={(v) => f(v)}\n  controls={false}\n/>')).toEqual(
      [],
    );
    expect(sourceFindings('<Select allowClear={CLEARABLE} /><PlusOutlined aria-hidden />')).toEqual([]);
    expect(colourFindings('.price { color: #F5222D; }')).toHaveLength(1);
  });

  it('hold in every page and part', () => {
    const found = files(web, /\.(tsx?|css)$/).flatMap((f) => {
      const source = fs.readFileSync(f, 'utf8');
      const own = f.endsWith('theme.ts') ? [] : colourFindings(source);
      return [...(f.endsWith('.css') ? [] : sourceFindings(source)), ...own].map(
        (x) => `${path.relative(web, f)}: ${x}`,
      );
    });
    expect(found).toEqual([]);
  });
});
