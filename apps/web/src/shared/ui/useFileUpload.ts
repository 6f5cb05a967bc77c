import type { StoredFileInfo } from '@portal/contract';
import { fileCalls } from '@portal/contract/calls';
import {
  FILE_DOCUMENT_MAX_BYTES,
  FILE_IMAGE_MAX_BYTES,
  formatBytes,
  IMAGE_TYPES,
  OFFICE_TYPES,
} from '@portal/contract/constants';
import { useState } from 'react';
import { api, isApiError } from '#web/shared/api/client.ts';

const DOCUMENT_TYPES = ['application/pdf', ...Object.keys(OFFICE_TYPES)];

/** Why a picked file is not sent (type by the browser's guess, size by kind), or '' to send it. */
export function refusalOf(file: File, kind: 'image' | 'any'): string {
  const image = (IMAGE_TYPES as readonly string[]).includes(file.type);
  if (kind === 'image' && !image) return '请选择 JPG、PNG、WebP 或 GIF 图片';
  // The browser may not know an office file's type; the server decides by content anyway.
  if (kind === 'any' && !image && file.type && !DOCUMENT_TYPES.includes(file.type)) {
    return '文件类型不支持：仅限 JPG、PNG、WebP、GIF 图片，PDF 和 Word/Excel/PowerPoint 文档';
  }
  if (image && file.size > FILE_IMAGE_MAX_BYTES) return `图片不能超过 ${formatBytes(FILE_IMAGE_MAX_BYTES)}`;
  if (file.size > FILE_DOCUMENT_MAX_BYTES) return `文件不能超过 ${formatBytes(FILE_DOCUMENT_MAX_BYTES)}`;
  if (file.size === 0) return '文件不能为空';
  return '';
}

/**
 * One upload at a time through `send` (a multipart call): the picked file is checked here first,
 * then sent with its progress (0–100, null when idle); a refusal (here or the server's) is the
 * Chinese `error`. `upload` answers what the call answers, or undefined when it was refused.
 */
export function useUpload<T>(
  kind: 'image' | 'any',
  send: (file: File, onProgress: (sent: number) => void) => Promise<T>,
) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  async function upload(file: File): Promise<T | undefined> {
    const refused = refusalOf(file, kind);
    setError(refused);
    if (refused) return undefined;
    setProgress(0);
    try {
      return await send(file, (sent) => setProgress(Math.round(sent * 100)));
    } catch (e) {
      setError(isApiError(e) ? e.m : '上传失败，请检查网络后重试');
      return undefined;
    } finally {
      setProgress(null);
    }
  }
  return { upload, progress, busy: progress !== null, error, setError };
}

/** One upload to the file store at a time (`/file/upload`), as `useUpload` sends it. */
export const useFileUpload = (kind: 'image' | 'any') =>
  useUpload<StoredFileInfo>(kind, (file, onProgress) =>
    api.upload(fileCalls.upload, { file, kind }, { toast: false, onProgress }),
  );
