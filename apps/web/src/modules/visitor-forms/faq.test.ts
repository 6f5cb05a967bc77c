import { describe, expect, it } from 'vitest';
import { matchesFaq } from './faq.ts';

const p = { question: '可以开具发票吗？', answer: '订单完成后提供增值税电子普通发票（PDF）。' };

describe('matchesFaq', () => {
  it('matches everything without a keyword', () => {
    expect(matchesFaq(p, '   ')).toBe(true);
  });
  it('looks in the question and the answer, ignoring case', () => {
    expect(matchesFaq(p, '发票')).toBe(true);
    expect(matchesFaq(p, 'pdf')).toBe(true);
  });
  it('needs every word', () => {
    expect(matchesFaq(p, '发票 增值税')).toBe(true);
    expect(matchesFaq(p, '发票 退货')).toBe(false);
  });
});
