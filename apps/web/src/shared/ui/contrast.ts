/**
 * WCAG 2.1 contrast (1.4.3): the ratio of two colours' relative luminances, and a colour darkened
 * until it reads on white. For colours the portal does not choose itself: a company's theme colour.
 */

/** [r, g, b] of `#rgb` or `#rrggbb`, or null. */
export function parseHex(colour: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (!m) return null;
  const h =
    (m[1] as string).length === 3 ? [...(m[1] as string)].map((c) => c + c).join('') : (m[1] as string);
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: readonly number[]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r as number) + 0.7152 * lin(g as number) + 0.0722 * lin(b as number);
}

/** The contrast ratio of two hex colours (1 to 21); NaN if either is not a hex colour. */
export function contrastRatio(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return Number.NaN;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `colour` itself if it reaches `min` against white, else the same hue mixed with black in 5 %
 * steps until it does: text in that colour on white, or white text on it, reads at `min`. A value
 * that is not a hex colour gives `fallback`.
 */
export function readableOnWhite(colour: string, fallback: string, min = 4.5): string {
  const rgb = parseHex(colour);
  if (!rgb) return fallback;
  for (let dark = 0; dark <= 1; dark += 0.05) {
    const mixed = rgb.map((c) => c * (1 - dark));
    const hex = toHex(mixed);
    if (contrastRatio(hex, '#ffffff') >= min) return hex;
  }
  return '#000000';
}
