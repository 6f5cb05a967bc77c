import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Codes, FILE_DOCUMENT_MAX_BYTES, FILE_IMAGE_MAX_BYTES } from '@portal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedZip } from '#server/platform/excel/zip.ts';
import { XLSX_TYPE, xlsx } from './excel.ts';
import { type Harness, testApp, type UploadFile } from './harness.ts';

/**
 * The file store (spec §7 `/file/*`, ADR 0018) on the disk store: typed by content, bounded by
 * kind, thumbnails, public images by key, staff-only documents, all-or-nothing batch delete,
 * company scope and permissions. SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let dataDir: string;
let companyId: number;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let sales: Record<string, string>;

const upload = (headers: Record<string, string>, file: UploadFile, fields: Record<string, string> = {}) =>
  h.multipart('/api/file/upload', fields, file, headers).then((r) => r.json());

const post = (url: string, form: Record<string, string | number | (string | number)[]>, headers = admin) =>
  h.post(`/api${url}`, form, headers).then((r) => r.json());

const get = (url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers });

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#1677ff' } })
    .png()
    .toBuffer();

/** A PNG of exactly `size` bytes: a valid picture with a text chunk filling it up. */
async function pngOfSize(size: number) {
  const base = await png(8, 8);
  const iend = base.subarray(base.length - 12);
  const body = base.subarray(0, base.length - 12);
  const dataLength = size - base.length - 12;
  const type = Buffer.from('tEXt');
  const data = Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(dataLength - 8, 0x61)]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([type, data])) >>> 0);
  const out = Buffer.concat([body, length, type, data, crc, iend]);
  expect(out.length).toBe(size);
  return out;
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

const liveFiles = (cid = companyId) =>
  h.db.selectFrom('files').selectAll().where('company_id', '=', cid).where('del_flag', '=', 0).execute();

const storedOnDisk = (key: string) => fs.existsSync(path.join(dataDir, 'files', key.slice(0, 2), key));

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-test-'));
  h = await testApp({ DATA_DIR: dataDir });
  companyId = await h.company('文件单位');
  admin = (await h.as(12, companyId)).headers;
  sales = (await h.as(20, companyId)).headers;
  otherAdmin = (await h.as(12, await h.company('别家单位'))).headers;
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('uploads are typed by their content', () => {
  it('stores a picture with its size, hash and a thumbnail, public by its key', async () => {
    const content = await png(800, 600);
    const r = await upload(admin, { name: 'logo.png', content, type: 'text/plain' });
    expect(r.c, JSON.stringify(r)).toBe(0);
    expect(r.d).toMatchObject({
      name: 'logo.png',
      mime: 'image/png',
      kind: 'image',
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      width: 800,
      height: 600,
    });
    expect(r.d.url).toMatch(/^\/api\/file\/image\?key=[0-9a-f]{32}\.png$/);
    expect(r.d.thumb_url).toMatch(/^\/api\/file\/image\?key=[0-9a-f]{32}-t\.webp$/);

    // Anyone reads the image and its thumbnail by address, with headers that keep it inert.
    const image = await get(r.d.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect(String(image.headers['content-disposition'])).toMatch(/^inline/);
    expect(image.rawPayload.equals(content)).toBe(true);
    const again = await get(r.d.url, { 'if-none-match': String(image.headers.etag) });
    expect(again.statusCode).toBe(304);

    const thumb = await get(r.d.thumb_url);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(320);

    const row = (await liveFiles()).find((f) => f.id === r.d.id);
    expect(row?.created_by).not.toBeNull();
    expect(storedOnDisk(row?.storage_key ?? '')).toBe(true);
    expect(storedOnDisk(row?.thumb_key ?? '')).toBe(true);
  });

  it('takes JPEG, WebP, GIF, PDF and office files, each as what its content is', async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer();
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#0f0' } })
      .webp()
      .toBuffer();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00f' } })
      .gif()
      .toBuffer();
    const sheet = await xlsx('表1', ['商品', '数量'], []);
    const docx = storedZip({
      '[Content_Types].xml': '<Types/>',
      '_rels/.rels': '<Relationships/>',
      'word/document.xml': '<w:document/>',
    });
    for (const [name, content, mime, kind] of [
      ['a.bin', jpeg, 'image/jpeg', 'image'],
      ['b.jpg', webp, 'image/webp', 'image'],
      ['c', gif, 'image/gif', 'image'],
      ['报价单.pdf', PDF, 'application/pdf', 'pdf'],
      ['库存.xlsx', sheet, XLSX_TYPE, 'office'],
      [
        '合同.docx',
        docx,
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'office',
      ],
    ] as const) {
      const r = await upload(admin, { name, content });
      expect(r.c, `${name}: ${JSON.stringify(r)}`).toBe(0);
      expect(r.d).toMatchObject({ mime, kind, name });
      if (kind !== 'image') {
        expect(r.d.url).toBe(`/api/file/content?id=${r.d.id}`);
        expect(r.d.thumb_url).toBe('');
      }
    }
  });

  it('refuses a fake picture, other types and empty files, beside the field, keeping nothing', async () => {
    const before = (await liveFiles()).length;
    const pngHeadThenJunk = Buffer.concat([(await png()).subarray(0, 33), Buffer.alloc(200, 7)]);
    for (const [name, content, type, message] of [
      ['fake.png', Buffer.from('这不是图片，只是文字'.repeat(50)), 'image/png', '文件类型不支持'],
      ['broken.png', pngHeadThenJunk, 'image/png', '图片已损坏或无法读取'],
      [
        'x.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
        '文件类型不支持',
      ],
      [
        'page.html',
        Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
        'image/png',
        '文件类型不支持',
      ],
      ['a.zip', storedZip({ 'readme.txt': 'hello' }), 'application/zip', '文件类型不支持'],
      [
        'macro.docx',
        storedZip({
          '[Content_Types].xml': '<Types/>',
          'word/document.xml': '<w:document/>',
          'word/vbaProject.bin': 'x',
        }),
        'application/zip',
        '文件类型不支持',
      ],
      ['empty.png', Buffer.alloc(0), 'image/png', '文件不能为空'],
    ] as const) {
      const r = await upload(admin, { name, content, type });
      expect(r.c, name).toBe(Codes.PARAM_ERROR.c);
      expect(r.field, name).toBe('file');
      expect(r.m, name).toContain(message);
    }
    // `kind=image` (a picture field) refuses a document.
    const pdfAsImage = await upload(admin, { name: 'a.pdf', content: PDF }, { kind: 'image' });
    expect(pdfAsImage).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'file' });
    expect(pdfAsImage.m).toContain('请上传图片');
    expect((await liveFiles()).length).toBe(before);
    // Nothing is left in the incoming folder or the store.
    const incoming = path.join(dataDir, 'uploads', '.incoming');
    await new Promise((r) => setTimeout(r, 50));
    expect(fs.existsSync(incoming) ? fs.readdirSync(incoming) : []).toEqual([]);
  });

  it('takes an image of exactly the limit and refuses one byte more with 10007', async () => {
    const atLimit = await upload(admin, { name: 'max.png', content: await pngOfSize(FILE_IMAGE_MAX_BYTES) });
    expect(atLimit.c, JSON.stringify(atLimit)).toBe(0);
    expect(atLimit.d.size).toBe(FILE_IMAGE_MAX_BYTES);
    const before = (await liveFiles()).length;
    const over = await upload(admin, {
      name: 'over.png',
      content: await pngOfSize(FILE_IMAGE_MAX_BYTES + 1),
    });
    expect(over).toMatchObject({ c: Codes.PAYLOAD_TOO_LARGE.c, field: 'file', m: '图片不能超过 5 MB' });
    // A document's limit is the route's own: the stream is cut at one byte more.
    const bigPdf = Buffer.concat([PDF, Buffer.alloc(FILE_DOCUMENT_MAX_BYTES + 1 - PDF.length, 0x20)]);
    const tooBig = await upload(admin, { name: 'big.pdf', content: bigPdf });
    expect(tooBig.c).toBe(Codes.PAYLOAD_TOO_LARGE.c);
    expect((await liveFiles()).length).toBe(before);
  });

  it('takes parallel uploads, each its own file', async () => {
    const contents = await Promise.all(Array.from({ length: 8 }, (_, i) => png(20 + i, 20)));
    const results = await Promise.all(
      contents.map((content, i) => upload(admin, { name: `p${i}.png`, content })),
    );
    expect(results.map((r) => r.c)).toEqual(results.map(() => 0));
    const keys = new Set(results.map((r) => r.d.url));
    expect(keys.size).toBe(8);
    for (const [i, r] of results.entries()) {
      const image = await get(r.d.url);
      expect(image.rawPayload.equals(contents[i] as Buffer)).toBe(true);
    }
  });
});

describe('the company file list', () => {
  it('lists with search, kind and paging; renames; staff read documents', async () => {
    const c = await h.company('列表单位');
    const a = (await h.as(12, c)).headers;
    await upload(a, { name: '产品图.png', content: await png() });
    const doc = await upload(a, { name: '合同.pdf', content: PDF });
    await upload(a, { name: '100%.png', content: await png(9, 9) });
    const all = await post('/file/get', {}, a);
    expect(all.d.paging).toMatchObject({ count: 3 });
    expect(all.d.results.map((f: { name: string }) => f.name)).toEqual([
      '100%.png',
      '合同.pdf',
      '产品图.png',
    ]);
    expect(all.d.results[0].owner_name).not.toBe('');
    expect((await post('/file/get', { keyword: '合同' }, a)).d.results).toHaveLength(1);
    expect((await post('/file/get', { keyword: '%' }, a)).d.results).toHaveLength(1);
    expect((await post('/file/get', { kind: 'image' }, a)).d.paging.count).toBe(2);
    const page2 = await post('/file/get', { page: 2, page_size: 2 }, a);
    expect(page2.d.results).toHaveLength(1);
    expect((await post('/file/get', { kind: 'exe' }, a)).c).toBe(Codes.PARAM_ERROR.c);

    const renamed = await post('/file/update', { id: doc.d.id, name: '采购合同.pdf' }, a);
    expect(renamed.d.name).toBe('采购合同.pdf');
    for (const [name, message] of [
      ['', '文件名不能为空'],
      ['../x.pdf', '文件名不能含有'],
      ['x'.repeat(101), '文件名不能超过100个字符'],
    ]) {
      const r = await post('/file/update', { id: doc.d.id, name: name as string }, a);
      expect(r).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'name' });
      expect(r.m).toContain(message);
    }

    // A document is read by the company's staff only, downloaded, never at a public address.
    const file = await get(doc.d.url, a);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment; filename\*=UTF-8''/);
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await get(doc.d.url)).json().c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get(doc.d.url, otherAdmin)).json().c).toBe(Codes.NOT_FOUND.c);
    const row = await h.db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', doc.d.id)
      .executeTakeFirstOrThrow();
    expect((await get(`/api/file/image?key=${row.storage_key}`)).json().c).toBe(Codes.PARAM_ERROR.c);
    expect((await get('/api/file/image?key=../../etc/passwd')).json().c).toBe(Codes.PARAM_ERROR.c);
    expect((await get(`/api/file/image?key=${'0'.repeat(32)}.png`)).json().c).toBe(Codes.NOT_FOUND.c);
  });

  it('refuses another company, an anonymous visitor and a role without the permission, changing nothing', async () => {
    const mine = await upload(admin, { name: '我的.pdf', content: PDF });
    const id = mine.d.id as number;
    const snapshot = async () =>
      h.db
        .selectFrom('files')
        .select(['id', 'name', 'del_flag'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const before = await snapshot();

    for (const [headers, code] of [
      [otherAdmin, Codes.NOT_FOUND.c],
      [{}, Codes.NOT_LOGGED_IN.c],
    ] as const) {
      expect((await post('/file/update', { id, name: '改名.pdf' }, headers)).c).toBe(code);
      expect((await post('/file/delete', { id }, headers)).c).toBe(code);
      expect((await post('/file/selected/delete', { ids: [id] }, headers)).c).toBe(code);
      expect((await get(`/api/file/content?id=${id}`, headers)).json().c).toBe(code);
    }
    expect((await post('/file/get', {}, otherAdmin)).d.results.some((f: { id: number }) => f.id === id)).toBe(
      false,
    );
    expect((await post('/file/get', {}, {})).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await upload({}, { name: 'a.png', content: await png() })).c).toBe(Codes.NOT_LOGGED_IN.c);
    // Sales staff see the files but neither upload, rename nor delete.
    expect((await post('/file/get', {}, sales)).c).toBe(0);
    expect((await upload(sales, { name: 'a.png', content: await png() })).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/file/update', { id, name: '改名.pdf' }, sales)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/file/delete', { id }, sales)).c).toBe(Codes.FORBIDDEN.c);
    expect(await snapshot()).toEqual(before);
  });

  it('deletes all of a batch or none, and the bytes and the public address go', async () => {
    const c = await h.company('删除单位');
    const a = (await h.as(12, c)).headers;
    const made = await Promise.all(
      [1, 2, 3].map(async (i) => (await upload(a, { name: `${i}.png`, content: await png(10 + i, 10) })).d),
    );
    const foreign = (await upload(otherAdmin, { name: 'x.png', content: await png() })).d;
    const ids = made.map((f) => f.id as number);

    for (const batch of [
      [...ids, 999_999],
      [...ids, foreign.id],
    ]) {
      const r = await post('/file/selected/delete', { ids: batch }, a);
      expect(r.c).toBe(Codes.NOT_FOUND.c);
      expect((await liveFiles(c)).length).toBe(3);
    }
    expect((await get(foreign.url)).statusCode).toBe(200);

    const rows = await liveFiles(c);
    const r = await post('/file/selected/delete', { ids: ids.slice(0, 2) }, a);
    expect(r).toMatchObject({ c: 0, d: { count: 2 } });
    expect((await post('/file/delete', { id: ids[2] as number }, a)).d.count).toBe(1);
    expect(await liveFiles(c)).toEqual([]);
    expect((await post('/file/delete', { id: ids[2] as number }, a)).c).toBe(Codes.NOT_FOUND.c);
    for (const row of rows) {
      expect(storedOnDisk(row.storage_key)).toBe(false);
      expect(storedOnDisk(row.thumb_key ?? '')).toBe(false);
    }
    expect((await get(made[0].url)).json().c).toBe(Codes.NOT_FOUND.c);
    const purged = await h.db
      .selectFrom('files')
      .select(['del_flag', 'purged'])
      .where('id', 'in', ids)
      .execute();
    expect(purged.every((p) => p.del_flag === 1 && p.purged === 1)).toBe(true);
    const audited = await h.db
      .selectFrom('audit_logs')
      .select('action')
      .where('company_id', '=', c)
      .where('entity', '=', 'files')
      .execute();
    expect(audited.filter((x) => x.action === 'delete')).toHaveLength(3);
  });
});
