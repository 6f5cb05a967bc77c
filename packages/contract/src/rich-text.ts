/**
 * Rich text (the goods' 商品详情 and a news article's 正文; ADR 0030), zod-free: what both sides
 * know of it. The server's one sanitiser (`apps/server/src/platform/richText.ts`) keeps only the
 * allow-list below; the web's editor (`shared/ui/RichTextEditor`) makes nothing else, and the
 * public pages show the stored HTML as it is.
 */

/** The elements a stored rich text may hold (`b`/`i` are kept as `strong`/`em`). */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'img',
] as const;

/** Deepest nesting of elements kept; an element below it is dropped and its text kept. */
export const RICH_TEXT_MAX_DEPTH = 12;

/** The bytes a write holding a rich text may send (the default 64 kB holds 7,000 Chinese characters). */
export const RICH_TEXT_WRITE_BYTES = 256 * 1024;

/** Longest `alt` of a picture in a rich text. */
export const RICH_TEXT_ALT_MAX = 200;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ESCAPES[c] as string);

/**
 * Plain text as rich text: its paragraphs (split at blank lines) as `<p>`, a single line break
 * inside one as `<br>`, every character escaped. What the texts written before rich text became
 * (migration 039) and the demo data's texts are stored as.
 */
export function textToRichText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u3000]*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * A stored (sanitised) rich text as plain text, for where only text fits (a page's meta
 * description, a snippet): blocks and line breaks become spaces, tags go, entities are read, runs
 * of white space become one; `max` characters at most (an ellipsis when cut).
 */
export function richTextPlain(html: string, max = Number.POSITIVE_INFINITY): string {
  const text = html
    .replace(/<(br|\/p|\/h[2-4]|\/li|\/blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}
