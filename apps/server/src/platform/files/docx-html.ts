import mammoth from 'mammoth';
import { storedZip, zipEntries, zipEntryText } from '../excel/zip.ts';

/** The parts of a Word file its text and formatting are read from (pictures and the rest are left). */
const PARTS = [
  '[Content_Types].xml',
  '_rels/.rels',
  'word/document.xml',
  'word/_rels/document.xml.rels',
  'word/styles.xml',
  'word/numbering.xml',
];
/** Most bytes one part may hold once inflated, and all of them together. */
const PART_MAX = 8 * 1024 * 1024;
const TOTAL_MAX = 16 * 1024 * 1024;

/**
 * A Word file (.docx) as HTML, for a template a member starts a document from (issue 37, ADR 0043):
 * mammoth (a well-kept reader of Word files into plain semantic HTML — headings, paragraphs, lists,
 * bold and italic; ADR 0043) reads a copy of the file holding only its text parts, each read
 * through the zip reader with its size bounded — so a zip bomb costs at most `TOTAL_MAX`, however
 * its directory lies. The caller sanitises the HTML. Undefined when the file is no readable Word
 * document.
 */
export async function docxToHtml(file: string): Promise<string | undefined> {
  const entries = await zipEntries(file).catch(() => undefined);
  if (!entries?.some((e) => e.name === 'word/document.xml')) return undefined;
  const parts: Record<string, string> = {};
  let total = 0;
  try {
    for (const entry of entries) {
      if (!PARTS.includes(entry.name) || entry.encrypted) continue;
      const text = await zipEntryText(file, entry, PART_MAX);
      total += text.length;
      if (total > TOTAL_MAX) return undefined;
      parts[entry.name] = text;
    }
    const result = await mammoth.convertToHtml(
      { buffer: storedZip(parts, { deflate: true }) },
      {
        ignoreEmptyParagraphs: true,
        // Pictures are not copied (their parts are left out): an empty address, which the sanitiser drops.
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      },
    );
    return result.value;
  } catch {
    return undefined;
  }
}

// Characters XML 1.0 cannot hold (controls but tab and line ends) are dropped, the rest escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const xmlText = (s: string) =>
  s.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** A paragraph of a Word file: its runs, each plain text or bold; a heading is one style. */
export interface WordBlock {
  heading?: boolean;
  runs: readonly (string | { bold: string })[];
}

/** A trusted line's runs with its `**…**` parts bold (the demo's and the tests' templates). */
export const boldMarked = (text: string): WordBlock['runs'] =>
  text
    .split(/(\*\*[^*]+\*\*)/)
    .filter((part) => part !== '')
    .map((part) => (part.startsWith('**') ? { bold: part.slice(2, -2) } : part));

/**
 * A small Word file of headings and paragraphs whose runs may be bold: the demo's templates, the
 * tests' and a business's report are written with it, so they are real .docx files that Word and
 * the reader above open alike. Text is written as text (escaped), whatever it holds.
 */
export function wordDocument(blocks: readonly WordBlock[]): Buffer {
  const run = (r: string | { bold: string }) =>
    typeof r === 'string'
      ? `<w:r><w:t xml:space="preserve">${xmlText(r)}</w:t></w:r>`
      : `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${xmlText(r.bold)}</w:t></w:r>`;
  const body = blocks
    .map(
      (b) =>
        `<w:p>${b.heading ? '<w:pPr><w:pStyle w:val="Heading1"/></w:pPr>' : ''}${b.runs.map(run).join('')}</w:p>`,
    )
    .join('');
  return storedZip(
    {
      '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`,
      '_rels/.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
      'word/_rels/document.xml.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
      'word/styles.xml': `${XML}<w:styles xmlns:w="${W}"><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>`,
      'word/document.xml': `${XML}<w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
    },
    { deflate: true },
  );
}
