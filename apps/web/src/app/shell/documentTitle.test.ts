import { describe, expect, it } from 'vitest';
import { documentTitle } from './documentTitle.ts';

describe('documentTitle', () => {
  it('names a back-office page, the company and the product', () => {
    expect(documentTitle('库存管理', '启航企业服务有限公司')).toBe(
      '库存管理 - 启航企业服务有限公司 - 企业门户',
    );
  });
  it('leaves the company out of a public page and of one not yet known', () => {
    expect(documentTitle('商城')).toBe('商城 - 企业门户');
    expect(documentTitle('商城', '  ')).toBe('商城 - 企业门户');
    expect(documentTitle(undefined)).toBe('企业门户');
  });
});
