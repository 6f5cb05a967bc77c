/**
 * GBK's bytes of a text, as Excel on Chinese Windows saves a "CSV (逗号分隔)" (Node decodes GBK but
 * has no encoder): the table of GBK's two-byte codes, inverted. For the tests of the Excel block's
 * CSV reading (unit, API and the import journey) only; no imports, so any runner can load it.
 */
let table: Map<string, Buffer> | undefined;

export function gbk(text: string): Buffer {
  if (!table) {
    table = new Map();
    const decoder = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead++)
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        const ch = decoder.decode(Buffer.from([lead, trail]));
        if (ch.length === 1 && !table.has(ch)) table.set(ch, Buffer.from([lead, trail]));
      }
  }
  const codes = table;
  return Buffer.concat(
    [...text].map((ch) => {
      const bytes = ch.charCodeAt(0) < 0x80 ? Buffer.from(ch) : codes.get(ch);
      if (!bytes) throw new Error(`${ch} has no GBK code`);
      return bytes;
    }),
  );
}
