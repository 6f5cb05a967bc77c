import { Codes, RECEIPT_MAX_BYTES, RECEIPT_TYPES } from '@portal/contract/constants';

/** `72 小时` / `30 分钟`: a method's deadline in words. */
export function deadlineText(minutes: number) {
  if (minutes % 1440 === 0 && minutes >= 2880) return `${minutes / 1440} 天`;
  if (minutes % 60 === 0) return `${minutes / 60} 小时`;
  return `${minutes} 分钟`;
}

export const TYPE_NAMES = 'JPG、PNG、WebP 图片或 PDF';
export const MAX_MB = RECEIPT_MAX_BYTES / 1024 / 1024;

/** What the browser can tell before uploading (the server checks the content again). */
export function receiptProblem(file: { type: string; size: number }): string | undefined {
  if (!(RECEIPT_TYPES as readonly string[]).includes(file.type)) return `只能上传${TYPE_NAMES}`;
  if (file.size > RECEIPT_MAX_BYTES) return `文件不能超过 ${MAX_MB} MB`;
  if (file.size === 0) return '文件不能为空';
  return undefined;
}

/** What came back from the provider with `pay_error`: the refusal's message. */
export function payErrorText(code: string | null): string | null {
  if (!code) return null;
  const found = Object.values(Codes).find((c) => String(c.c) === code);
  return `支付未完成：${found?.m ?? '请稍后重试'}`;
}
