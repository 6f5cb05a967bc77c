import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { form, int, optionalText, text } from '@portal/contract';
import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/platform/core/errors.ts';
import { gbk } from './gbk.testing.ts';
import {
  CHOICES_SHEET,
  type ExcelColumn,
  errorWorkbook,
  escapeCell,
  type ReadLimits,
  type ReadProgress,
  readWorkbook,
  SHEET_UPLOAD_TYPES,
  type SheetRow,
  templateWorkbook,
  toBuffer,
  validateRows,
  writeWorkbook,
  XLSX_MIME,
} from './index.ts';
import { storedZip, type ZipEntry, zipEntries, zipEntryText } from './zip.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'excel-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const save = (bytes: Buffer | Uint8Array) => {
  const file = path.join(dir, `f${++n}.xlsx`);
  fs.writeFileSync(file, bytes);
  return file;
};

const columns: ExcelColumn[] = [
  { key: 'code', label: '商品编码', required: true },
  { key: 'name', label: '商品名称', required: true },
  { key: 'unit', label: '单位' },
  { key: 'price', label: '价格' },
];
const limits: ReadLimits = { maxRows: 1000, maxCells: 10_000, maxColumns: 50 };

async function readAll(file: string, more: Partial<ReadLimits> = {}, cols = columns) {
  const rows: SheetRow[] = [];
  for await (const row of readWorkbook(file, { ...limits, ...more, columns: cols })) rows.push(row);
  return rows;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A workbook made by ExcelJS's in-memory writer, as a user's spreadsheet program would save it. */
async function book(fill: (wb: ExcelJS.Workbook) => void) {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return save(Buffer.from(await wb.xlsx.writeBuffer()));
}

/** Reads back a written file with ExcelJS itself (to see the raw cells). */
async function rawCells(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

describe('writeWorkbook and readWorkbook', () => {
  it('round trip: Chinese headers, rows read back by label', async () => {
    const rows = [
      { code: 'G001', name: '西湖龙井 250g', unit: '盒', price: 128.5 },
      { code: 'G002', name: '铁观音', unit: null, price: 66 },
    ];
    async function* source() {
      yield* rows;
    }
    const bytes = await toBuffer(writeWorkbook(columns, source(), '商品'));
    const wb = await rawCells(bytes);
    expect(wb.worksheets[0]?.name).toBe('商品');
    const odd = await rawCells(await toBuffer(writeWorkbook(columns, [], '商品/库存:2026[全部]')));
    expect(odd.worksheets[0]?.name).toBe('商品 库存 2026 全部');
    expect(wb.worksheets[0]?.getRow(1).values).toEqual([undefined, '商品编码', '商品名称', '单位', '价格']);
    expect(await readAll(save(bytes))).toEqual([
      { rowNumber: 2, values: { code: 'G001', name: '西湖龙井 250g', unit: '盒', price: '128.5' } },
      { rowNumber: 3, values: { code: 'G002', name: '铁观音', price: '66' } },
    ]);
  });

  it('escapes cells a spreadsheet would run, and reads them back as the same text', async () => {
    expect(escapeCell('\r=1')).toBe("'\r=1");
    expect(escapeCell('1-5')).toBe('1-5');
    const risky = ['=1+1', '+86 138', '-5', '@SUM(A1)', '\t=1'];
    const bytes = await toBuffer(
      writeWorkbook(
        columns,
        risky.map((name, i) => ({ code: `C${i}`, name })),
      ),
    );
    const sheet = (await rawCells(bytes)).worksheets[0] as ExcelJS.Worksheet;
    risky.forEach((value, i) => {
      const cell = sheet.getRow(i + 2).getCell(2);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(`'${value}`);
    });
    expect(sheet.getRow(2).getCell(1).value).toBe('C0');
    const back = await readAll(save(bytes));
    expect(back.map((r) => r.values.name)).toEqual(risky.map((v) => v.trim()));
    expect(back[0]?.values.name).toBe('=1+1');
  });

  it('streams: rows are taken only as fast as the file is read, and a failing source fails the stream', async () => {
    let taken = 0;
    function* many() {
      for (let i = 0; i < 100_000; i++) {
        taken++;
        yield { code: `S${i}`, name: '绿茶 250g 礼盒装', unit: '盒', price: i };
      }
    }
    const stream = writeWorkbook(columns, many());
    await new Promise((r) => setTimeout(r, 300));
    expect(taken).toBeLessThan(5_000); // nobody read yet: the writer waits
    const bytes = await toBuffer(stream);
    expect(taken).toBe(100_000);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    async function* failing() {
      yield { code: 'A', name: '甲' };
      throw new Error('source failed');
    }
    await expect(toBuffer(writeWorkbook(columns, failing()))).rejects.toThrow('source failed');
  });

  it('writes from a plain iterable, numbers and dates as such', async () => {
    const bytes = await toBuffer(
      writeWorkbook(
        [...columns, { key: 'day', label: '日期' }],
        [{ code: 'A', name: '茶', price: 3, day: new Date('2026-11-24T00:00:00Z') }],
      ),
    );
    const row = (await rawCells(bytes)).worksheets[0]?.getRow(2);
    expect(row?.getCell(4).value).toBe(3);
    expect(row?.getCell(5).value).toEqual(new Date('2026-11-24T00:00:00Z'));
    const [read] = await readAll(save(bytes), {}, [...columns, { key: 'day', label: '日期' }]);
    expect(read?.values).toEqual({ code: 'A', name: '茶', price: '3', day: '2026-11-24' });
  });
});

describe('readWorkbook on users’ files', () => {
  it('reads shared and rich text, booleans, errors and Chinese date formats; a number format is no date', async () => {
    const file = await book((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['商品编码', '商品名称', '单位', '价格', '日期']);
      ws.addRow([
        'R1',
        { richText: [{ text: '西湖', font: { bold: true } }, { text: '龙井' }] },
        true,
        { formula: '1/0', result: { error: '#DIV/0!' } },
        new Date(Date.UTC(2026, 4, 1)),
      ]);
      ws.getCell('E2').numFmt = 'yyyy"年"m"月"d"日"';
      ws.addRow(['R2', '红茶', false, 12.5, 46000]);
      ws.getCell('D3').numFmt = '0.00';
      ws.getCell('E3').numFmt = '[$-804]yyyy/m/d';
    });
    const rows = await readAll(file, {}, [...columns, { key: 'day', label: '日期' }]);
    expect(rows.map((r) => r.values)).toEqual([
      { code: 'R1', name: '西湖龙井', unit: 'TRUE', price: '#DIV/0!', day: '2026-05-01' },
      { code: 'R2', name: '红茶', unit: 'FALSE', price: '12.5', day: '2025-12-09' },
    ]);
  });

  it('reads a formula as its cached value, never evaluating it', async () => {
    const file = await book((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['商品编码', '商品名称', '价格']);
      ws.addRow(['F1', { formula: 'A2&"x"', result: '缓存名称' }, { formula: '1+1', result: 5 }]);
      ws.addRow(['F2', '普通', { formula: 'NOW()' }]);
    });
    expect(await readAll(file)).toEqual([
      { rowNumber: 2, values: { code: 'F1', name: '缓存名称', price: '5' } },
      { rowNumber: 3, values: { code: 'F2', name: '普通' } },
    ]);
  });

  it('matches headers by label (spaces and * ignored, extra columns ignored, any order)', async () => {
    const file = await book((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['备注', ' 商品名称 ', '商品编码*', '其他', '价格']);
      ws.addRow(['忽略', '红茶', 'R1', 'x', 12]);
    });
    expect(await readAll(file)).toEqual([
      { rowNumber: 2, values: { code: 'R1', name: '红茶', price: '12' } },
    ]);
  });

  it('refuses a sheet without a required column and names it in Chinese', async () => {
    const file = await book((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['商品名称', '单位']);
      ws.addRow(['红茶', '盒']);
    });
    const error = await refusal(readAll(file));
    expect(error.c).toBe(10001);
    expect(error.message).toContain('「商品编码」');
    expect(error.message).not.toContain('商品名称');
  });

  it('skips empty rows and starts at the first non-empty row; a hidden row is read like any other', async () => {
    const file = await book((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.getCell('A3').value = '商品编码';
      ws.getCell('B3').value = '商品名称';
      ws.getCell('A4').value = 'A1';
      ws.getCell('B4').value = '甲';
      ws.getCell('A6').value = '   ';
      ws.getCell('E6').value = '不在列中';
      ws.getCell('A7').value = 'A2';
      ws.getCell('B7').value = '乙';
      ws.getRow(7).hidden = true;
    });
    expect(await readAll(file)).toEqual([
      { rowNumber: 4, values: { code: 'A1', name: '甲' } },
      { rowNumber: 7, values: { code: 'A2', name: '乙' } },
    ]);
  });

  it('reads merged cells as their top-left value', async () => {
    const file = await book((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['商品编码', '商品名称', '单位']);
      ws.addRow(['M1', '绿茶', '盒']);
      ws.addRow(['M2', '红茶', null]);
      ws.addRow(['M3', '白茶', '袋']);
      ws.mergeCells('C2:C3');
    });
    const rows = await readAll(file);
    expect(rows.map((r) => r.values.unit)).toEqual(['盒', '盒', '袋']);
  });

  it('reads the first visible sheet', async () => {
    const file = await book((wb) => {
      const hidden = wb.addWorksheet('说明');
      hidden.addRow(['商品编码', '商品名称']);
      hidden.addRow(['HIDDEN', '不应读到']);
      hidden.state = 'hidden';
      const ws = wb.addWorksheet('商品');
      ws.addRow(['商品编码', '商品名称']);
      ws.addRow(['V1', '可见']);
      wb.addWorksheet('第三页').addRow(['商品编码', '商品名称']);
    });
    expect(await readAll(file)).toEqual([{ rowNumber: 2, values: { code: 'V1', name: '可见' } }]);
  });

  it('reads dates of a workbook in the 1904 date system', async () => {
    const file = await book((wb) => {
      wb.properties.date1904 = true;
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['商品编码', '商品名称', '日期']);
      ws.addRow(['D1', '甲', new Date(Date.UTC(2026, 10, 24))]);
      ws.getCell('C2').numFmt = 'yyyy-mm-dd';
    });
    const rows = await readAll(file, {}, [...columns, { key: 'day', label: '日期' }]);
    expect(rows[0]?.values.day).toBe('2026-11-24');
  });

  it('reads dates (with and without a time) as ISO dates, and numbers as Excel shows them', async () => {
    const file = await book((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['商品编码', '商品名称', '日期', '价格']);
      ws.addRow(['D1', '甲', new Date(Date.UTC(2026, 10, 24)), 0.1 + 0.2]);
      ws.addRow(['D2', '乙', new Date(Date.UTC(2026, 0, 2, 8, 30)), 1e-7]);
      ws.getColumn(3).numFmt = 'yyyy-mm-dd';
      ws.getCell('C3').numFmt = 'yyyy-mm-dd hh:mm';
    });
    const cols = [...columns, { key: 'day', label: '日期' }];
    const rows = await readAll(file, {}, cols);
    expect(rows.map((r) => r.values.day)).toEqual(['2026-11-24', '2026-01-02 08:30:00']);
    expect(rows.map((r) => r.values.price)).toEqual(['0.3', '1e-7']);
  });
});

describe('how far the reader is (ReadProgress)', () => {
  // Rows enough for several chunks of the file (64 KB reads), so the first rows come before the end.
  const many = Array.from({ length: 5_000 }, (_, i) => ({
    code: `G${String(i).padStart(6, '0')}`,
    name: `商品 ${i} 西湖龙井特级礼盒装`,
    unit: '盒',
    price: i,
  }));

  /** The share read when the first row came out and at the end, and the rows read. */
  async function shares(file: string) {
    const progress: ReadProgress = { read: 0, total: 0 };
    let first: number | undefined;
    let rows = 0;
    for await (const _ of readWorkbook(file, {
      ...limits,
      maxRows: 10_000,
      maxCells: 100_000,
      columns,
      progress,
    })) {
      first ??= progress.read / progress.total;
      rows++;
    }
    return { first, last: progress.read / progress.total, total: progress.total, rows };
  }

  it('goes from part of the file at the first row to all of it at the end, whatever the row count', async () => {
    const xlsx = save(await toBuffer(writeWorkbook(columns, many, '商品')));
    const header = '商品编码,商品名称,单位,价格';
    const csv = save(
      Buffer.from([header, ...many.map((r) => `${r.code},${r.name},${r.unit},${r.price}`)].join('\r\n')),
    );
    for (const file of [xlsx, csv]) {
      const seen = await shares(file);
      expect(seen.rows).toBe(many.length);
      expect(seen.total).toBeGreaterThan(0);
      expect(seen.first).toBeGreaterThan(0);
      expect(seen.first).toBeLessThan(0.5);
      expect(seen.last).toBe(1);
    }
  });
});

describe('upload types', () => {
  it('an export typed by its first 4,100 bytes (as uploads are) may show only as a zip', async () => {
    const bytes = await toBuffer(
      writeWorkbook(
        columns,
        Array.from({ length: 3000 }, (_, i) => ({ code: `C${i}`, name: '绿茶' })),
      ),
    );
    const sniffed = (await fileTypeFromBuffer(bytes.subarray(0, 4100)))?.mime;
    expect(sniffed).toBe('application/zip');
    expect(SHEET_UPLOAD_TYPES).toContain(sniffed);
    expect(SHEET_UPLOAD_TYPES).toContain(XLSX_MIME);
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe(XLSX_MIME);
  });
});

describe('readWorkbook refusals', () => {
  const sample = async (rows: number, cols = 2) =>
    save(
      await toBuffer(
        writeWorkbook(
          Array.from({ length: cols }, (_, i) => columns[i] ?? { key: `k${i}`, label: `列${i}` }),
          Array.from({ length: rows }, (_, i) => ({ code: `C${i}`, name: `名称${i}`, unit: '个', price: i })),
        ),
      ),
    );

  it('refuses more rows than allowed', async () => {
    const file = await sample(11);
    expect(await readAll(file, { maxRows: 11 })).toHaveLength(11);
    const error = await refusal(readAll(file, { maxRows: 10 }));
    expect(error.c).toBe(10007);
    expect(error.message).toBe('表格不能超过10行数据');
  });

  it('refuses more columns and more cells than allowed', async () => {
    const wide = await sample(2, 6);
    const error = await refusal(readAll(wide, { maxColumns: 5 }));
    expect([error.c, error.message]).toEqual([10007, '表格不能超过5列']);
    const many = await sample(20);
    const cells = await refusal(readAll(many, { maxCells: 30 }));
    expect([cells.c, cells.message]).toEqual([10007, '表格的单元格不能超过30个']);
  });

  it('refuses a file over its byte limit, and one that unpacks to too much', async () => {
    const file = await sample(200);
    const size = fs.statSync(file).size;
    const error = await refusal(readAll(file, { maxBytes: size - 1 }));
    expect(error.c).toBe(10007);
    expect(error.message).toMatch(/^文件不能超过\d+ KB$/);
    const bomb = await refusal(readAll(file, { maxUnpackedBytes: 10_000 }));
    expect([bomb.c, bomb.message]).toEqual([10007, '文件解压后过大，请拆分后再导入']);
  });

  it('refuses a cell longer than Excel allows (32,767 characters), inline or shared', async () => {
    const long = '长'.repeat(40_000);
    const inline = save(await toBuffer(writeWorkbook(columns, [{ code: 'L1', name: long }])));
    const shared = await book((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['商品编码', '商品名称']);
      ws.addRow(['L1', long]);
    });
    for (const file of [inline, shared]) {
      const error = await refusal(readAll(file));
      expect([error.c, error.message]).toEqual([10007, '单元格内容不能超过32767个字符']);
    }
  });

  it('refuses a zip that is not a workbook, a broken workbook, a binary file and an HTML table', async () => {
    const notXlsx = save(
      storedZip({ 'word/document.xml': '<w:document/>', '[Content_Types].xml': '<Types/>' }),
    );
    const broken = save(
      storedZip({
        'xl/workbook.xml': '<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
        'xl/_rels/workbook.xml.rels':
          '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
        'xl/worksheets/sheet1.xml':
          '<worksheet><sheetData><row r="1"><c r="A1"><v>1</x></c></row></sheetData></worksheet>',
      }),
    );
    const binary = save(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    const html = save(Buffer.from('\uFEFF <html><body><table><tr><td>商品编码</td></tr></table>'));
    for (const file of [notXlsx, broken, binary, html]) {
      const error = await refusal(readAll(file));
      expect([error.c, error.message]).toEqual([
        10001,
        '文件不是有效的Excel工作簿（.xlsx），请使用下载的模板',
      ]);
    }
  });

  it('refuses a workbook whose sheets are all hidden, and an empty sheet', async () => {
    const hidden = await book((wb) => {
      wb.addWorksheet('A').state = 'hidden';
    });
    expect((await refusal(readAll(hidden))).message).toBe('工作簿中没有可见的工作表');
    const empty = await book((wb) => {
      wb.addWorksheet('A');
    });
    expect((await refusal(readAll(empty))).message).toBe('表格是空的：第一行应是列名');
  });
});

describe('validateRows', () => {
  const schema = form({
    code: text('商品编码', { max: 8 }),
    name: text('商品名称', { max: 20 }),
    unit: optionalText('单位', { max: 4 }),
    price: int('价格', { min: 0, max: 100_000 }),
  });

  it('keeps valid rows parsed and refuses others with the fields’ Chinese messages by column label', async () => {
    const rows: SheetRow[] = [
      { rowNumber: 2, values: { code: 'A1', name: '龙井', price: '128' } },
      { rowNumber: 3, values: { code: 'TOO-LONG-CODE', price: '-1' } },
      { rowNumber: 4, values: { code: 'A3', name: '红茶', unit: '盒', price: '十元' } },
    ];
    const result = await validateRows(rows, schema, columns);
    expect(result.valid).toEqual([
      { rowNumber: 2, data: { code: 'A1', name: '龙井', price: 128 }, values: rows[0]?.values },
    ]);
    expect(result.invalid).toEqual([
      {
        rowNumber: 3,
        values: rows[1]?.values,
        errors: { 商品编码: '商品编码不能超过8个字符', 商品名称: '商品名称不能为空', 价格: '价格不能小于0' },
      },
      { rowNumber: 4, values: rows[2]?.values, errors: { 价格: '价格必须是整数' } },
    ]);
  });

  it('reads and validates a file, and writes the refused rows with 错误原因 last', async () => {
    const file = save(
      await toBuffer(
        writeWorkbook(columns, [
          { code: 'OK1', name: '绿茶', price: 10 },
          { code: 'BAD', name: '', price: 'abc' },
        ]),
      ),
    );
    const result = await validateRows(readWorkbook(file, { ...limits, columns }), schema, columns);
    expect(result.valid.map((r) => r.rowNumber)).toEqual([2]);
    expect(result.invalid).toEqual([
      {
        rowNumber: 3,
        values: { code: 'BAD', price: 'abc' },
        errors: { 商品名称: '商品名称不能为空', 价格: '价格必须是整数' },
      },
    ]);
    const errors = await toBuffer(errorWorkbook(columns, result.invalid));
    const sheet = (await rawCells(errors)).worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '原行号',
      '商品编码',
      '商品名称',
      '单位',
      '价格',
      '错误原因',
    ]);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      3,
      'BAD',
      undefined,
      undefined,
      'abc',
      '商品名称不能为空；价格必须是整数',
    ]);
    // The refused rows' file imports again as it is (原行号 and 错误原因 are ignored).
    expect(await readAll(save(errors))).toEqual([{ rowNumber: 2, values: { code: 'BAD', price: 'abc' } }]);
  });
});

describe('templateWorkbook', () => {
  it('has the headers, an example row and a sheet of allowed values with drop-downs', async () => {
    const bytes = await templateWorkbook(
      columns,
      { code: 'G001', name: '西湖龙井', unit: '盒', price: 128 },
      { unit: ['盒', '袋', '=罐'] },
    );
    const wb = await rawCells(bytes);
    const [sheet, list] = wb.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(sheet.getRow(1).values).toEqual([undefined, '商品编码*', '商品名称*', '单位', '价格']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'G001', '西湖龙井', '盒', 128]);
    expect(list.name).toBe(CHOICES_SHEET);
    expect(list.getColumn(1).values).toEqual([undefined, '单位', '盒', '袋', "'=罐"]);
    expect(sheet.getCell('C2').dataValidation).toMatchObject({
      type: 'list',
      formulae: ["'可选值'!$A$2:$A$4"],
    });
    // The template itself imports: its example row is a row.
    expect(await readAll(save(bytes))).toEqual([
      { rowNumber: 2, values: { code: 'G001', name: '西湖龙井', unit: '盒', price: '128' } },
    ]);
  });

  it('hides the sheet of allowed values, and formats text columns as text', async () => {
    const bytes = await templateWorkbook(
      [
        { key: 'code', label: '商品编码', required: true, kind: 'code' },
        { key: 'unit', label: '单位', kind: 'choice' },
        { key: 'price', label: '价格', kind: 'money' },
      ],
      { code: '00020013', unit: '盒', price: '12.50' },
      { unit: ['盒', '袋'] },
    );
    const [, list] = (await rawCells(bytes)).worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(list.state).toBe('hidden');
    const entries = await zipEntries(save(bytes));
    const workbookXml = entries?.find((e) => e.name === 'xl/workbook.xml');
    expect(await zipEntryText(save(bytes), workbookXml as ZipEntry, 1e6)).toMatch(
      /name="可选值" state="hidden"/,
    );
    const sheet = (await rawCells(bytes)).worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getColumn(1).numFmt).toBe('@');
    expect(sheet.getColumn(3).numFmt).toBe('0.00');
  });
});

describe('number cells in text columns (a code keeps its zeros)', () => {
  const coded: ExcelColumn[] = [
    { key: 'code', label: '商品编码', required: true, kind: 'code' },
    { key: 'name', label: '商品名称', required: true, kind: 'text' },
    { key: 'stock', label: '库存', kind: 'number' },
  ];
  const padded = coded.map((c) => (c.key === 'code' ? { ...c, pad: true } : c));
  /** Row 2: a code Excel keeps as the number 20013, shown 00020013 by its format. */
  const sheet = () =>
    book((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['商品编码', '商品名称', '库存']);
      ws.addRow([20013, '西湖龙井', 5]);
      ws.getCell('A2').numFmt = '00000000';
      ws.addRow([20014, 12345, '7']); // General: shows 20014; a name typed as a number
      ws.addRow(['00020015', 123456789012345680, 8]); // 18 digits: Excel kept 15
      ws.addRow([30, '红茶', 9]);
      ws.getCell('A5').numFmt = '"SP"0000';
    });

  it('refuses a code stored as a number, with the row and why, unless the column pads', async () => {
    const file = await sheet();
    const rows = await readAll(file, {}, coded);
    expect(rows).toEqual([
      {
        rowNumber: 2,
        values: { code: '20013', name: '西湖龙井', stock: '5' },
        errors: { code: '「商品编码」是数字单元格（20013），会丢失开头的 0：请把该列设为文本格式后重新填写' },
      },
      {
        rowNumber: 3,
        values: { code: '20014', name: '12345', stock: '7' },
        errors: { code: '「商品编码」是数字单元格（20014），会丢失开头的 0：请把该列设为文本格式后重新填写' },
      },
      {
        rowNumber: 4,
        values: { code: '00020015', name: '123456789012346000', stock: '8' },
        errors: {
          name: '「商品名称」是数字单元格（123456789012346000），Excel 只保留数字的前 15 位：请把该列设为文本格式后重新填写',
        },
      },
      {
        rowNumber: 5,
        values: { code: '30', name: '红茶', stock: '9' },
        errors: { code: '「商品编码」是数字单元格（30），会丢失开头的 0：请把该列设为文本格式后重新填写' },
      },
    ]);
    // A padding column reads what the cell shows; a number column takes numbers and numbers as text.
    expect((await readAll(file, {}, padded)).map((r) => [r.values.code, r.errors])).toEqual([
      ['00020013', undefined],
      ['20014', undefined],
      ['00020015', { name: expect.stringContaining('前 15 位') }],
      ['SP0030', undefined],
    ]);
  });

  it('refuses the row in validation with the reader’s reason under its column', async () => {
    const schema = form({ code: text('商品编码', { max: 20 }), name: text('商品名称', { max: 20 }) });
    const result = await validateRows(
      readWorkbook(await sheet(), { ...limits, columns: coded }),
      schema,
      coded,
    );
    expect(result.invalid[0]).toEqual({
      rowNumber: 2,
      values: { code: '20013', name: '西湖龙井', stock: '5' },
      errors: {
        商品编码: '「商品编码」是数字单元格（20013），会丢失开头的 0：请把该列设为文本格式后重新填写',
      },
    });
    expect(result.valid).toEqual([]);
  });

  it('a text column keeps a plain number; a zero-padded one is refused', async () => {
    const file = await book((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['商品编码', '商品名称']);
      ws.addRow(['A1', 2024]);
      ws.addRow(['A2', 7]);
      ws.getCell('B3').numFmt = '000';
    });
    const rows = await readAll(file, {}, coded);
    expect(rows.map((r) => [r.values.name, r.errors])).toEqual([
      ['2024', undefined],
      ['7', { name: '「商品名称」是数字单元格（7），会丢失开头的 0：请把该列设为文本格式后重新填写' }],
    ]);
  });

  it('reads days and times typed as a spreadsheet shows them as the fields read them', async () => {
    const cols: ExcelColumn[] = [
      { key: 'code', label: '编码', required: true },
      { key: 'day', label: '日期', kind: 'day' },
      { key: 'at', label: '时间', kind: 'time' },
    ];
    const file = await book((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['编码', '日期', '时间']);
      ws.addRow(['A', '2026/11/24', '2026/11/24 8:30']);
      ws.addRow(['B', '2026年1月2日', new Date(Date.UTC(2026, 0, 2))]);
      ws.getCell('C3').numFmt = 'yyyy-mm-dd hh:mm';
      ws.addRow(['C', '24/11/2026', '2026-01-02T08:30:00Z']);
    });
    expect((await readAll(file, {}, cols)).map((r) => r.values)).toEqual([
      { code: 'A', day: '2026-11-24', at: '2026-11-24 08:30:00' },
      { code: 'B', day: '2026-01-02', at: '2026-01-02 00:00:00' },
      { code: 'C', day: '24/11/2026', at: '2026-01-02T08:30:00Z' },
    ]);
  });
});

describe('CSV', () => {
  const csv = [
    '商品编码,商品名称,单位,价格',
    '00020013,"西湖龙井, 特级",盒,128.5',
    '',
    'G002,"铁观音',
    '第二行 ""浓香""",袋,66',
    ',,,',
    "G003,'=1+1,,",
  ].join('\r\n');
  const expected = [
    { rowNumber: 2, values: { code: '00020013', name: '西湖龙井, 特级', unit: '盒', price: '128.5' } },
    { rowNumber: 4, values: { code: 'G002', name: '铁观音\r\n第二行 "浓香"', unit: '袋', price: '66' } },
    { rowNumber: 6, values: { code: 'G003', name: '=1+1' } },
  ];

  it('reads UTF-8 with and without a BOM, and GBK as Excel on Chinese Windows saves it', async () => {
    const encoded = gbk(`${csv}\r\n`);
    expect(encoded.includes(Buffer.from('商品', 'utf8'))).toBe(false);
    for (const bytes of [Buffer.from(csv), Buffer.from(`\uFEFF${csv}\r\n`), encoded])
      expect(await readAll(save(bytes), {}, columns)).toEqual(expected);
  });

  it('reads GB18030 beyond GBK, and lines ended by LF alone', async () => {
    // 𠀀 is four bytes in GB18030 (0x95 0x32 0x82 0x36), in no GBK table.
    const bytes = Buffer.concat([
      gbk('商品编码,商品名称\nA1,'),
      Buffer.from([0x95, 0x32, 0x82, 0x36]),
      gbk('茶\n'),
    ]);
    expect(await readAll(save(bytes))).toEqual([{ rowNumber: 2, values: { code: 'A1', name: '𠀀茶' } }]);
  });

  it('keeps the limits and checks of a workbook: rows, columns, cells, cell size, bytes, header', async () => {
    const rows = (n: number) =>
      save(
        Buffer.from(
          ['商品编码,商品名称', ...Array.from({ length: n }, (_, i) => `C${i},名称${i}`)].join('\n'),
        ),
      );
    expect(await readAll(rows(10), { maxRows: 10 })).toHaveLength(10);
    expect((await refusal(readAll(rows(11), { maxRows: 10 }))).message).toBe('表格不能超过10行数据');
    expect((await refusal(readAll(rows(20), { maxCells: 30 }))).message).toBe('表格的单元格不能超过30个');
    const wide = save(Buffer.from('商品编码,商品名称,,,,x\nA,B\n'));
    expect((await refusal(readAll(wide, { maxColumns: 5 }))).message).toBe('表格不能超过5列');
    expect(
      await readAll(save(Buffer.from('商品编码,商品名称,,,,\nA,B,,,,,,,\n')), { maxColumns: 5 }),
    ).toEqual([{ rowNumber: 2, values: { code: 'A', name: 'B' } }]);
    const long = save(Buffer.from(`商品编码,商品名称\nA,"${'长'.repeat(40_000)}"\n`));
    expect((await refusal(readAll(long))).message).toBe('单元格内容不能超过32767个字符');
    const file = rows(200);
    const big = await refusal(readAll(file, { maxBytes: fs.statSync(file).size - 1 }));
    expect([big.c, big.message]).toEqual([10007, expect.stringMatching(/^文件不能超过\d+ KB$/)]);
    const missing = await refusal(readAll(save(Buffer.from('商品名称\n红茶\n'))));
    expect(missing.message).toBe('表头缺少必填列「商品编码」，请使用下载的模板');
    const empty = await refusal(readAll(save(Buffer.from('\r\n,,\r\n'))));
    expect(empty.message).toBe('表格是空的：第一行应是列名');
  });

  it('refuses a CSV whose quotes do not pair, naming the line', async () => {
    const file = save(Buffer.from('商品编码,商品名称\nA,"红茶"x\n'));
    const error = await refusal(readAll(file));
    expect(error.c).toBe(10001);
    expect(error.message).toMatch(/^CSV文件第2行格式不正确/);
  });
});

describe('.xls and files with a password', () => {
  /** An OLE2 compound file's first sector, and a directory naming `streams` (UTF-16LE, as Excel writes them). */
  const ole2 = (...streams: string[]) =>
    save(
      Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        Buffer.alloc(504),
        ...streams.map((name) =>
          Buffer.concat([Buffer.from(name, 'utf16le'), Buffer.alloc(64 - name.length * 2)]),
        ),
      ]),
    );

  it('refuses an Excel 97–2003 workbook by its bytes, whatever its name, with the way forward', async () => {
    const error = await refusal(readAll(ole2('Root Entry', 'Workbook', '\u0005SummaryInformation')));
    expect([error.c, error.message]).toEqual([
      10001,
      '不支持 .xls 格式，请在 Excel 中另存为 .xlsx 后重新上传',
    ]);
  });

  it('refuses an .xlsx saved with a password (an OLE2 container too) as such', async () => {
    const error = await refusal(readAll(ole2('Root Entry', 'EncryptionInfo', 'EncryptedPackage')));
    expect(error.message).toBe('文件设置了打开密码，请在 Excel 中取消密码后重新上传');
  });
});

describe('bombs: refused from what the file declares, before its rows are read', () => {
  const workbookParts = (sheetXml: string | Buffer) => ({
    '[Content_Types].xml': '<Types/>',
    'xl/workbook.xml':
      '<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': sheetXml,
  });
  const header =
    '<row r="1"><c r="A1" t="inlineStr"><is><t>商品编码</t></is></c><c r="B1" t="inlineStr"><is><t>商品名称</t></is></c></row>';

  it('refuses a sheet declaring 1,048,576 rows at once (the rows are there too: 6 MB unpacking to 40 MB)', async () => {
    const rows: string[] = [];
    for (let r = 2; r <= 1_048_576; r++) rows.push(`<row r="${r}"><c r="A${r}"><v>1</v></c></row>`);
    const xml = Buffer.from(
      `<worksheet><dimension ref="A1:E1048576"/><sheetData>${header}${rows.join('')}</sheetData></worksheet>`,
    );
    const file = save(storedZip(workbookParts(xml), { deflate: true }));
    expect(fs.statSync(file).size).toBeLessThan(8 * 1024 * 1024);
    const error = await refusal(readAll(file, { maxRows: 50_000, maxCells: 1_000_000 }));
    expect([error.c, error.message]).toEqual([
      10007,
      '表格的数据区域（A1:E1048576）超过50000行：请删除多余的行（包括空白但设过格式的行），或拆分后再导入',
    ]);
    const wide = save(
      storedZip(
        workbookParts(`<worksheet><dimension ref="A1:XFD3"/><sheetData>${header}</sheetData></worksheet>`),
      ),
    );
    expect((await refusal(readAll(wide))).message).toMatch(/^表格的数据区域（A1:XFD3）超过50列/);
  });

  it('refuses a part whose declared size is over the limit before inflating it, and one that lies', async () => {
    const xml = `<worksheet><dimension ref="A1:B2"/><sheetData>${header}<row r="2"><c r="A2" t="inlineStr"><is><t>A</t></is></c><c r="B2" t="inlineStr"><is><t>${'茶'.repeat(2000)}</t></is></c></row></sheetData></worksheet>`;
    const honest = save(storedZip(workbookParts(xml), { deflate: true }));
    expect(await readAll(honest)).toHaveLength(1);
    const declared = save(
      storedZip(workbookParts(xml), { deflate: true, declare: { 'xl/worksheets/sheet1.xml': 2 ** 31 } }),
    );
    expect((await refusal(readAll(declared))).message).toBe('文件解压后过大，请拆分后再导入');
    // Declares 1,000 bytes and inflates to 6,000: inflating stops at the declared size.
    const lying = save(
      storedZip(workbookParts(xml), { deflate: true, declare: { 'xl/worksheets/sheet1.xml': 1000 } }),
    );
    expect((await refusal(readAll(lying))).message).toBe(
      '文件不是有效的Excel工作簿（.xlsx），请使用下载的模板',
    );
  });
});

describe('a banner above the header', () => {
  it('names a title row above the header instead of the columns it lacks', async () => {
    const file = await book((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['2026年11月 杭州门店商品清单（含新品与促销商品）']);
      ws.mergeCells('A1:D1');
      ws.addRow(['制表：张三']);
      ws.addRow(['商品编码', '商品名称', '单位']);
      ws.addRow(['A1', '红茶', '盒']);
    });
    const error = await refusal(readAll(file));
    expect([error.c, error.message]).toEqual([
      10001,
      '表头须在第 1 行：第 1 行「2026年11月 杭州门店商品清单（含新…」像是标题行，请删除表头上方的行后重新导入',
    ]);
    // A header that lacks a column, with no header below it, is still named by the columns it lacks.
    const lacking = await book((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['商品名称', '单位']);
      for (let i = 0; i < 6; i++) ws.addRow([`茶${i}`, '盒']);
    });
    expect((await refusal(readAll(lacking))).message).toBe('表头缺少必填列「商品编码」，请使用下载的模板');
  });
});
