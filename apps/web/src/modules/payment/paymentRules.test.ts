import { describe, expect, it } from 'vitest';
import { deadlineText, payErrorText, receiptProblem } from './paymentRules.ts';

describe('payment rules in the browser', () => {
  it('says each method’s deadline in days, hours or minutes', () => {
    expect(deadlineText(72 * 60)).toBe('3 天');
    expect(deadlineText(24 * 60)).toBe('24 小时');
    expect(deadlineText(30)).toBe('30 分钟');
    expect(deadlineText(90)).toBe('90 分钟');
  });

  it('refuses a receipt that is not a picture or PDF, too large or empty, before uploading it', () => {
    expect(receiptProblem({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(receiptProblem({ type: 'application/pdf', size: 5 * 1024 * 1024 })).toBeUndefined();
    expect(receiptProblem({ type: 'text/plain', size: 10 })).toBe('只能上传JPG、PNG、WebP 图片或 PDF');
    expect(receiptProblem({ type: 'image/gif', size: 10 })).toBe('只能上传JPG、PNG、WebP 图片或 PDF');
    expect(receiptProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('文件不能超过 5 MB');
    expect(receiptProblem({ type: 'image/jpeg', size: 0 })).toBe('文件不能为空');
  });

  it('names the refusal the provider sent the shopper back with', () => {
    expect(payErrorText(null)).toBeNull();
    expect(payErrorText('20501')).toBe('支付未完成：订单当前状态不能执行此操作');
    expect(payErrorText('20503')).toBe('支付未完成：支付金额与订单金额不符');
    expect(payErrorText('<script>')).toBe('支付未完成：请稍后重试');
  });
});
