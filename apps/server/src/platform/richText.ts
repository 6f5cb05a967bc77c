import {
  fileImageAddress,
  fileImageKeyOf,
  isSafeLink,
  RICH_TEXT_ALT_MAX,
  RICH_TEXT_MAX_DEPTH,
  RICH_TEXT_TAGS,
  richTextPlain,
  textToRichText,
} from '@portal/contract';
import sanitizeHtml from 'sanitize-html';
import { AppError } from '#server/platform/core/errors.ts';

/**
 * The one sanitiser of rich text (ADR 0030): every write of a goods' 商品详情 or a news article's
 * 正文 — a form's create or save, a sheet's import — stores what `sanitizeRichText` answers, and
 * the public pages show that as it is. An allow-list (`RICH_TEXT_TAGS`), never a deny-list:
 * anything else is dropped — `script`, `style`, `iframe` and the like with their content, other
 * elements keeping their text —, and no element keeps an attribute it is not listed with (no
 * `style`, no `on…`, no `class`).
 */

/** A link's address: a path of this site, http(s), or mailto. */
export function isRichTextLink(href: string): boolean {
  return isSafeLink(href) || /^mailto:[^\s<>"\\]+@[^\s<>"\\]+$/i.test(href);
}

/** A picture's address: a picture of the file store (`/api/file/image?key=…`) or https. */
export function isRichTextImage(src: string): boolean {
  const key = fileImageKeyOf(src);
  return (key !== undefined && src === fileImageAddress(key)) || /^https:\/\/[^\s"\\]+$/i.test(src);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Elements below the depth are dropped (their text stays): bounded nesting whatever is sent.
  nestingLimit: RICH_TEXT_MAX_DEPTH,
  disallowedTagsMode: 'discard',
  // These lose their content as well as themselves.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'head',
  ],
  transformTags: {
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      if (!isRichTextLink(href)) return { tagName, attribs: {} };
      return {
        tagName,
        attribs: {
          href,
          ...(attribs.target === '_blank' && { target: '_blank' }),
          rel: 'noopener nofollow',
        },
      };
    },
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const src = (attribs.src ?? '').trim();
      if (!isRichTextImage(src)) return { tagName, attribs: {} };
      return { tagName, attribs: { src, alt: (attribs.alt ?? '').trim().slice(0, RICH_TEXT_ALT_MAX) } };
    },
  },
  // A picture whose address was refused goes whole; a link whose address was refused leaves its text.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !frame.attribs.src
      ? true
      : frame.tag === 'a' && !frame.attribs.href
        ? 'excludeTag'
        : false,
};

/** Whether `value` holds markup (a tag, a closing tag or a comment); without any it is plain text. */
const hasMarkup = (value: string) => /<[a-z!/]/i.test(value);

/**
 * `value` as it may be stored: HTML sanitised; plain text (no markup: a spreadsheet's cell, an
 * older client) as its paragraphs (`textToRichText`); '' when it holds no text and no picture (an
 * empty editor sends `<p></p>`). Over `max` characters once sanitised (the stored HTML is what
 * counts) is refused with the field's message, naming `field`.
 */
export function sanitizeRichText(value: string, rule: { label: string; field: string; max: number }): string {
  const html = hasMarkup(value) ? value : textToRichText(value);
  const clean = sanitizeHtml(html, OPTIONS).trim();
  if (!/<img\b/.test(clean) && richTextPlain(clean) === '') return '';
  if (clean.length > rule.max)
    throw new AppError('PARAM_ERROR', `${rule.label}不能超过${rule.max}个字符（含格式）`, rule.field);
  return clean;
}

/** The file store's keys of the pictures a sanitised rich text shows (a write checks they are the company's: `storedImages`). */
export function richTextImageKeys(html: string): string[] {
  const keys = new Set<string>();
  for (const m of html.matchAll(/<img src="([^"]*)"/g)) {
    const key = fileImageKeyOf((m[1] ?? '').replace(/&amp;/g, '&'));
    if (key) keys.add(key);
  }
  return [...keys];
}
