import { describe, expect, it } from 'vitest';
import { queryId } from '#web/shared/query.ts';
import { maskMobile } from './memberForm.ts';

describe('queryId', () => {
  it('takes positive integer ids only', () => {
    expect(queryId('125')).toBe(125);
    expect(queryId(' 7 ')).toBe(7);
    expect(queryId('0')).toBeUndefined();
    expect(queryId('-1')).toBeUndefined();
    expect(queryId('1.5')).toBeUndefined();
    expect(queryId('abc')).toBeUndefined();
    expect(queryId('99999999999')).toBeUndefined();
    expect(queryId(null)).toBeUndefined();
    expect(queryId('')).toBeUndefined();
  });
});

describe('maskMobile', () => {
  it('hides the middle four digits of a mobile number', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile('12345')).toBe('12345');
  });
});
