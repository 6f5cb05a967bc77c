/** The file store's constants (zod-free: the upload field of any page reads them; ADR 0018). */

/** What the store takes, by kind: the type read from the file's first bytes (and, for office files, its zip entries). */
export const FILE_KINDS = { image: '图片', pdf: 'PDF', office: 'Office 文档' } as const;
export type FileKind = keyof typeof FILE_KINDS;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const OFFICE_TYPES = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
} as const;

/** A Word document's type (a template a member starts a document from, a business's report). */
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Largest image (bytes): a goods picture or a logo. */
export const FILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest PDF or office document (bytes). */
export const FILE_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
/** Most pixels of an image (width × height): a larger one would take too much memory to read. */
export const FILE_IMAGE_MAX_PIXELS = 40_000_000;
/** Longest file name. */
export const FILE_NAME_MAX = 100;
/** Longest side of a thumbnail (px). */
export const FILE_THUMB_SIZE = 320;

/** What an `<input type="file" accept>` offers for each use (the server decides by content all the same). */
export const FILE_ACCEPT = {
  image: IMAGE_TYPES.join(','),
  any: [...IMAGE_TYPES, 'application/pdf', ...Object.keys(OFFICE_TYPES)].join(','),
} as const;

/** Chinese size, for limits shown beside a field: 5 MB, 20 MB, 300 KB. */
export function formatBytes(bytes: number) {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${bytes} 字节`;
}

/** Most files one batch delete takes. */
export const FILE_BATCH_MAX = 200;

/** The public address of an image (or thumbnail) by its storage key. */
export const fileImageAddress = (key: string) => `/api/file/image?key=${key}`;
