import { RICH_TEXT_MAX_DEPTH } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from './core/errors.ts';
import { isRichTextImage, isRichTextLink, richTextImageKeys, sanitizeRichText } from './richText.ts';

/** The one sanitiser of rich text (ADR 0030): the allow-list, links, pictures, size and nesting. */
const RULE = { label: '商品详情', field: 'description', max: 20_000 };
const clean = (html: string, max = RULE.max) => sanitizeRichText(html, { ...RULE, max });
const KEY = '0123456789abcdef0123456789abcdef.png';

describe('sanitizeRichText', () => {
  it('keeps the allow-list as it is', () => {
    const kept =
      '<h2>产地</h2><h3>小标题</h3><h4>更小</h4><p><strong>粗</strong><em>斜</em><u>下划线</u><s>删除</s><br />换行</p>' +
      '<ul><li><p>一</p></li></ul><ol><li>二</li></ol><blockquote><p>引用</p></blockquote>';
    expect(clean(kept)).toBe(kept);
    // Stable: a stored value sanitised again is unchanged (a save of an unchanged form).
    expect(clean(clean(kept))).toBe(kept);
  });

  it('drops scripts, styles, frames and event attributes; other elements keep their text', () => {
    expect(clean('<p onclick="x()" style="color:red" class="c" id="i">文<script>alert(1)</script></p>')).toBe(
      '<p>文</p>',
    );
    expect(clean('<style>p{color:red}</style><iframe src="https://evil.example"></iframe><p>留下</p>')).toBe(
      '<p>留下</p>',
    );
    expect(clean('<svg onload="alert(1)"><script>alert(1)</script></svg><object data="x"></object>甲')).toBe(
      '甲',
    );
    expect(clean('<div><span>乙</span></div><table><tr><td>丙</td></tr></table>')).toBe('乙丙');
    expect(clean('<img src="https://a.example/x.png" onerror="alert(1)" style="x" width="9">')).toBe(
      '<img src="https://a.example/x.png" alt="" />',
    );
    expect(clean('<<script>script>alert(1)<</script>/script>')).not.toMatch(/<script/i);
    expect(clean('<b>粗</b><i>斜</i><h1>一级</h1>')).toBe('<strong>粗</strong><em>斜</em><h2>一级</h2>');
  });

  it('keeps links to this site, http(s) and mailto only, with rel noopener nofollow', () => {
    expect(clean('<a href="https://a.example/" target="_blank" onclick="x">外</a>')).toBe(
      '<a href="https://a.example/" target="_blank" rel="noopener nofollow">外</a>',
    );
    expect(clean('<a href="/product?id=1" target="_top" rel="opener">内</a>')).toBe(
      '<a href="/product?id=1" rel="noopener nofollow">内</a>',
    );
    expect(clean('<a href="mailto:sales@a.example">信</a>')).toBe(
      '<a href="mailto:sales@a.example" rel="noopener nofollow">信</a>',
    );
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      'javascript&colon;alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      'ftp://a.example',
    ])
      expect(clean(`<a href="${href}">字</a>`), href).toBe('字');
  });

  it('keeps pictures of the file store and https ones, with their alt; drops the rest whole', () => {
    expect(clean(`<img src="/api/file/image?key=${KEY}" alt=" 茶园 ">`)).toBe(
      `<img src="/api/file/image?key=${KEY}" alt="茶园" />`,
    );
    for (const src of [
      'data:image/png;base64,iVBORw0KGgo=',
      'http://a.example/x.png',
      'javascript:alert(1)',
      '/demo/x.png',
      `/api/file/image?key=${KEY}&x=1`,
      '/api/file/image?key=../../etc/passwd',
      '//a.example/x.png',
    ])
      expect(clean(`<p>前<img src="${src}" alt="x">后</p>`), src).toBe('<p>前后</p>');
    expect(clean(`<img src="https://a.example/x.png" alt="${'长'.repeat(300)}">`)).toBe(
      `<img src="https://a.example/x.png" alt="${'长'.repeat(200)}" />`,
    );
  });

  it('takes plain text as its paragraphs, escaped', () => {
    expect(clean('第一段\n第二行\n\n第二段 a < b & c')).toBe(
      '<p>第一段<br />第二行</p><p>第二段 a &lt; b &amp; c</p>',
    );
  });

  it('stores nothing for an editor with nothing in it', () => {
    for (const empty of [
      '',
      '   ',
      '<p></p>',
      '<p> <br> </p>',
      '<script>alert(1)</script>',
      '<h2></h2><ul><li></li></ul>',
    ])
      expect(clean(empty), empty).toBe('');
    expect(clean('<p><img src="https://a.example/x.png" alt="图"></p>')).not.toBe('');
  });

  it('bounds nesting: elements below the depth are dropped, their text kept', () => {
    const deep = `${'<blockquote>'.repeat(200)}深${'</blockquote>'.repeat(200)}`;
    const out = clean(deep);
    expect(out.match(/<blockquote>/g)).toHaveLength(RICH_TEXT_MAX_DEPTH);
    expect(out).toContain('深');
    // Thousands of unclosed elements answer quickly, never throw.
    expect(clean('<ul><li>'.repeat(5_000)).length).toBeLessThan(1_000);
  });

  it('counts the stored HTML against the limit and names the field', () => {
    expect(clean(`<p>${'字'.repeat(13)}</p>`, 20)).toHaveLength(20);
    try {
      clean(`<p>${'字'.repeat(14)}</p>`, 20);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect(e).toMatchObject({ field: 'description', message: '商品详情不能超过20个字符（含格式）' });
    }
    // Escaping counts: 10 '<' typed are 40 stored characters.
    expect(() => clean('<p>x</p>'.replace('x', '<'.repeat(10)), 20)).toThrow(
      '商品详情不能超过20个字符（含格式）',
    );
  });
});

describe('rich text rules', () => {
  it('links and pictures', () => {
    expect(isRichTextLink('/news')).toBe(true);
    expect(isRichTextLink('mailto:a@b.cn')).toBe(true);
    expect(isRichTextLink('mailto:a@b.cn?bcc=x"')).toBe(false);
    expect(isRichTextImage(`/api/file/image?key=${KEY}`)).toBe(true);
    expect(isRichTextImage(KEY)).toBe(false);
  });

  it('finds the file store pictures of a stored text', () => {
    const other = 'fedcba9876543210fedcba9876543210.webp';
    const html = clean(
      `<p><img src="/api/file/image?key=${KEY}" alt="a"><img src="https://a.example/${other}" alt="b"><img src="/api/file/image?key=${other}" alt="c"><img src="/api/file/image?key=${KEY}" alt="d"></p>`,
    );
    expect(richTextImageKeys(html)).toEqual([KEY, other]);
  });
});
