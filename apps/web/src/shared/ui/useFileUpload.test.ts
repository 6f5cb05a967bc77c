import { FILE_DOCUMENT_MAX_BYTES, FILE_IMAGE_MAX_BYTES } from '@portal/contract/constants';
import { describe, expect, it } from 'vitest';
import { refusalOf } from './useFileUpload.ts';

const file = (size: number, type: string, name = 'x') => ({ size, type, name }) as unknown as File;

describe('what the upload field refuses before sending (the server decides by content again)', () => {
  it('a picture field takes pictures up to the limit', () => {
    expect(refusalOf(file(FILE_IMAGE_MAX_BYTES, 'image/png'), 'image')).toBe('');
    expect(refusalOf(file(FILE_IMAGE_MAX_BYTES + 1, 'image/jpeg'), 'image')).toBe('图片不能超过 5 MB');
    expect(refusalOf(file(10, 'application/pdf'), 'image')).toBe('请选择 JPG、PNG、WebP 或 GIF 图片');
    expect(refusalOf(file(10, 'image/svg+xml'), 'image')).toBe('请选择 JPG、PNG、WebP 或 GIF 图片');
    expect(refusalOf(file(0, 'image/png'), 'image')).toBe('文件不能为空');
  });

  it('a document field takes PDF and office files up to their limit, and files the browser cannot type', () => {
    expect(refusalOf(file(FILE_DOCUMENT_MAX_BYTES, 'application/pdf'), 'any')).toBe('');
    expect(refusalOf(file(FILE_DOCUMENT_MAX_BYTES + 1, 'application/pdf'), 'any')).toBe('文件不能超过 20 MB');
    expect(refusalOf(file(100, ''), 'any')).toBe('');
    expect(refusalOf(file(FILE_IMAGE_MAX_BYTES + 1, 'image/png'), 'any')).toBe('图片不能超过 5 MB');
    expect(refusalOf(file(100, 'text/html'), 'any')).toContain('文件类型不支持');
  });
});
