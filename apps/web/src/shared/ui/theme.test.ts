import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOnWhite } from './contrast.ts';
import { FOCUS_PAIRS, FONT_FAMILY, PALETTE, TEXT_PAIRS, THEME } from './theme.ts';

describe('the theme’s colours', () => {
  it.each(TEXT_PAIRS)('text %s on %s reaches 4.5:1 (%s)', (text, background) => {
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(FOCUS_PAIRS)('focus ring %s on %s reaches 3:1 (%s)', (ring, background) => {
    expect(contrastRatio(ring, background)).toBeGreaterThanOrEqual(3);
  });

  it('are the colours global.css gives the stylesheets', () => {
    const css = fs.readFileSync(path.resolve(import.meta.dirname, '../../app/global.css'), 'utf8');
    const vars = Object.fromEntries(
      [...css.matchAll(/--portal-([a-z-]+):\s*(#[0-9a-f]{3,6})/gi)].map((m) => [
        m[1] as string,
        m[2] as string,
      ]),
    );
    const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    for (const [key, value] of Object.entries(PALETTE)) {
      if (kebab(key) in vars) expect(vars[kebab(key)], key).toBe(value);
    }
    expect(Object.keys(vars).length).toBeGreaterThanOrEqual(8);
  });
});

describe('the theme’s typeface', () => {
  it('is the body’s, a Chinese face named before any Latin-only one', () => {
    const css = fs.readFileSync(path.resolve(import.meta.dirname, '../../app/global.css'), 'utf8');
    const body = /body \{\s*(?:\/\*[^*]*\*\/\s*)?font-family:\s*([^;]+);/.exec(css)?.[1];
    expect(body?.replace(/\s+/g, ' ')).toBe(FONT_FAMILY);
    expect(THEME.token?.fontFamily).toBe(FONT_FAMILY);
    const faces = FONT_FAMILY.split(',').map((f) => f.trim().replace(/"/g, ''));
    expect(faces.indexOf('WenQuanYi Micro Hei')).toBeLessThan(faces.indexOf('Arial'));
    expect(faces.indexOf('Microsoft YaHei')).toBeLessThan(faces.indexOf('Helvetica Neue'));
  });
});

describe('contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrastRatio('#8c8c8c', '#fff')).toBeCloseTo(3.36, 2);
    expect(contrastRatio('red', '#fff')).toBeNaN();
  });

  it('darkens a theme colour until it reads on white, and keeps one that does', () => {
    const orange = readableOnWhite('#d4561c', '#0958d9');
    expect(contrastRatio(orange, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(orange).not.toBe('#d4561c');
    expect(readableOnWhite('#0958d9', '#000')).toBe('#0958d9');
    expect(readableOnWhite('#ffff00', '#000')).not.toBe('#000000');
    expect(readableOnWhite('javascript:alert(1)', '#0958d9')).toBe('#0958d9');
  });
});
