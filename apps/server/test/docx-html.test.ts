import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storedZip } from '#server/platform/excel/zip.ts';
import { boldMarked, docxToHtml, wordDocument } from '#server/platform/files/docx-html.ts';

/** A template's Word file read as HTML (issue 37): its text and formatting, and nothing unbounded. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docx-html-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, bytes: Buffer) => {
  const at = path.join(dir, name);
  fs.writeFileSync(at, bytes);
  return at;
};

describe('docxToHtml', () => {
  it('reads headings, paragraphs and bold runs', async () => {
    const html = await docxToHtml(
      file(
        'a.docx',
        wordDocument([
          { heading: true, runs: ['合同'] },
          { runs: boldMarked('甲方：**某公司** & <乙方>') },
          // A writer's text is text: its stars stay stars, its controls go.
          { runs: ['**不加粗**\u0007'] },
        ]),
      ),
    );
    expect(html).toBe(
      '<h1>合同</h1><p>甲方：<strong>某公司</strong> &amp; &lt;乙方&gt;</p><p>**不加粗**</p>',
    );
  });

  it('answers nothing for what is no Word file, and for a part larger than its bound or than it says', async () => {
    expect(await docxToHtml(file('b.docx', Buffer.from('not a zip')))).toBeUndefined();
    expect(await docxToHtml(file('c.docx', storedZip({ 'xl/workbook.xml': '<x/>' })))).toBeUndefined();
    const huge = `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${'字'.repeat(3_000_000)}</w:t></w:r></w:p></w:body></w:document>`;
    // A bomb: a small zip whose document inflates far past what its directory declares.
    const lying = storedZip(
      { 'word/document.xml': huge },
      { deflate: true, declare: { 'word/document.xml': 100 } },
    );
    expect(lying.length).toBeLessThan(200_000);
    expect(await docxToHtml(file('d.docx', lying))).toBeUndefined();
    // Honest, but over the bound of one part.
    expect(
      await docxToHtml(file('e.docx', storedZip({ 'word/document.xml': huge }, { deflate: true }))),
    ).toBeUndefined();
  });
});
