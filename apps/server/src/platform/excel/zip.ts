import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';

/**
 * The few facts of a zip file this piece needs before the workbook is parsed: its entries (from the
 * central directory at the end of the file, so nothing is decompressed to list them) and one entry
 * read as a stream. No zip64 and no encryption: an uploaded workbook is far below 4 GB, and an
 * encrypted one is refused as unreadable.
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
  encrypted: boolean;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries of the zip at `file`, or undefined when it is not a readable zip. */
export async function zipEntries(file: string): Promise<ZipEntry[] | undefined> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const tailSize = Math.min(size, 22 + 0xffff);
    if (tailSize < 22) return undefined;
    const tail = Buffer.alloc(tailSize);
    await handle.read(tail, 0, tailSize, size - tailSize);
    let at = -1;
    for (let i = tailSize - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    }
    if (at < 0) return undefined;
    const count = tail.readUInt16LE(at + 10);
    const cdSize = tail.readUInt32LE(at + 12);
    const cdOffset = tail.readUInt32LE(at + 16);
    if (cdOffset + cdSize > size || cdSize > 16 * 1024 * 1024) return undefined;
    const cd = Buffer.alloc(cdSize);
    await handle.read(cd, 0, cdSize, cdOffset);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL) return undefined;
      const nameLength = cd.readUInt16LE(p + 28);
      const extraLength = cd.readUInt16LE(p + 30);
      const commentLength = cd.readUInt16LE(p + 32);
      entries.push({
        name: cd.toString('utf8', p + 46, p + 46 + nameLength),
        encrypted: (cd.readUInt16LE(p + 8) & 1) === 1,
        method: cd.readUInt16LE(p + 10),
        compressedSize: cd.readUInt32LE(p + 20),
        uncompressedSize: cd.readUInt32LE(p + 24),
        localOffset: cd.readUInt32LE(p + 42),
      });
      p += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/**
 * One entry's content as a stream (stored or deflated), stopped with an error past `maxBytes` or
 * past the size the zip declares for it (a zip that lies about a part's size is a broken one, and
 * never inflates further than the size checked before it was opened).
 */
export async function zipEntryStream(file: string, entry: ZipEntry, maxBytes: number): Promise<Readable> {
  const handle = await fs.promises.open(file, 'r');
  const header = Buffer.alloc(30);
  try {
    await handle.read(header, 0, 30, entry.localOffset);
  } finally {
    await handle.close();
  }
  if (header.readUInt32LE(0) !== LOCAL) throw new Error('bad local header');
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.compressedSize === 0) return Readable.from([]);
  const raw = fs.createReadStream(file, { start, end: start + entry.compressedSize - 1 });
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw new Error(`zip method ${entry.method}`);
  let seen = 0;
  const bound = Math.min(maxBytes, entry.uncompressedSize);
  const inflate = zlib.createInflateRaw();
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > bound ? new Error('entry larger than declared') : null, chunk);
    },
  });
  raw.on('error', (error) => inflate.destroy(error));
  inflate.on('error', (error) => counted.destroy(error));
  return raw.pipe(inflate).pipe(counted);
}

/** One small entry read whole (workbook.xml, its relationships). */
export async function zipEntryText(file: string, entry: ZipEntry, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await zipEntryStream(file, entry, maxBytes)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A zip of `files` stored without compression (or deflated), as `zipEntries` reads it: the Word
 * reader's bounded copy of a template (files/docx-html.ts), the demo's templates, and the tests,
 * which build the zips a reader must refuse (a document that is no workbook, a broken
 * workbook, a bomb; `declare` gives an entry a size of its own in the zip's directories).
 */
export function storedZip(
  files: Record<string, string | Buffer>,
  options: { deflate?: boolean; declare?: Record<string, number> } = {},
): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const plain = Buffer.from(content);
    const data = options.deflate ? zlib.deflateRawSync(plain) : plain;
    const method = options.deflate ? 8 : 0;
    const size = options.declare?.[name] ?? plain.length;
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(plain) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(CENTRAL, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
