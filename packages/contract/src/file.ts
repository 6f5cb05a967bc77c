import { z } from 'zod';
import { defineCall, postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import { form, id, idList, keyword, optionalChoice, paging, text, uploadedFile } from './fields.ts';
import { FILE_BATCH_MAX, FILE_KINDS, FILE_NAME_MAX } from './file-constants.ts';
import { auditTimes } from './item-fields.ts';

/**
 * The company's file store (spec §7 `/file/*`, issue 12; ADR 0018): goods images, brand logos,
 * galleries and documents. A file is typed by its content on the server, never by its name or the
 * browser's type; an image is read by anyone who has its address (an unguessable key, because
 * shoppers see goods images and logos), every other file only by the company's staff.
 */

export const fileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  kind: z.enum(['image', 'pdf', 'office']),
  size: z.number().int(),
  sha256: z.string(),
  /** Where the file is read: an image's public address, or the staff-only address of a document. */
  url: z.string(),
  /** An image's thumbnail (public like the image); '' for documents. */
  thumb_url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  owner_name: z.string(),
  ...auditTimes,
});
export type StoredFileInfo = z.infer<typeof fileSchema>;

/** `/file/upload` (multipart): one file; `kind` = image refuses anything but a picture. */
export const fileUploadBody = form({
  file: uploadedFile('请选择文件'),
  kind: optionalChoice('文件类型', { image: '图片', any: '任意' }),
});

/** `/file/get`: the company's files (the specification has no list call; `get` is it). */
export const fileListBody = form({
  keyword: keyword(),
  kind: optionalChoice('文件类型', FILE_KINDS),
  ...paging,
});

export const fileUpdateBody = form({
  id: id('文件'),
  name: text('文件名', { max: FILE_NAME_MAX }).refine(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    (v) => !/[\\/\u0000-\u001f]/.test(v),
    '文件名不能含有 / \\ 或控制字符',
  ),
});

const tags = ['file'];
const post = postCalls(tags);
const count = z.object({ count: z.number().int() });

export const fileCalls = {
  upload: post(
    '/file/upload',
    '上传文件（multipart：file, kind；类型按内容判断：图片 5 MB、PDF/Office 20 MB 以内）',
    'add_file',
    fileUploadBody,
    fileSchema,
  ),
  list: post(
    '/file/get',
    '本单位的文件（搜索、类型筛选、分页）',
    'view_file',
    fileListBody,
    pageOf(fileSchema),
  ),
  update: post('/file/update', '重命名文件', 'change_file', fileUpdateBody, fileSchema),
  remove: post('/file/delete', '删除文件', 'delete_file', form({ id: id('文件') }), count),
  removeMany: post(
    '/file/selected/delete',
    '批量删除文件（全部成功或全部不删）',
    'delete_file',
    form({ ids: idList('文件', FILE_BATCH_MAX) }),
    count,
  ),
  /** A document (or any file) of the company, for its staff: downloaded, never shown inline unless a picture. */
  content: defineCall({
    method: 'GET',
    path: '/file/content',
    summary: '本单位的文件内容（员工）',
    tags,
    access: { permission: 'view_file' },
    input: form({ id: id('文件'), thumb: optionalChoice('缩略图', { '1': '是' }) }),
    output: z.object({}),
    file: true,
  }),
  /** An image or its thumbnail by its unguessable key: goods images and logos shown to anyone. */
  image: defineCall({
    method: 'GET',
    path: '/file/image',
    summary: '图片（按地址中的随机键公开读取）',
    tags,
    access: { public: true },
    input: form({ key: z.string().regex(/^[0-9a-f]{32}(-t)?\.(jpg|png|webp|gif)$/, '图片地址不正确') }),
    output: z.object({}),
    file: true,
  }),
};
