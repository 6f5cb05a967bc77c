import { describe, expect, it } from 'vitest';
import { richTextPlain, textToRichText } from './rich-text.ts';

describe('rich text helpers (ADR 0030)', () => {
  it('textToRichText: paragraphs at blank lines, breaks inside, every character escaped', () => {
    expect(textToRichText('第一段\r\n第二行\n \n\n第二段 <b>&"')).toBe(
      '<p>第一段<br>第二行</p><p>第二段 &lt;b&gt;&amp;&quot;</p>',
    );
    expect(textToRichText('  \n\n ')).toBe('');
  });

  it('richTextPlain: text between blocks spaced, entities read, cut with an ellipsis', () => {
    expect(
      richTextPlain('<h2>产地</h2><p>杭州&amp;西湖 &lt;特级&gt;<br>明前</p><ul><li>一</li><li>二</li></ul>'),
    ).toBe('产地 杭州&西湖 <特级> 明前 一 二');
    expect(richTextPlain('<p>&#27700;&#x6C34;&nbsp;&unknown;</p>')).toBe('水水 &unknown;');
    expect(richTextPlain('<p>一二三四五六</p>', 4)).toBe('一二三…');
  });
});
