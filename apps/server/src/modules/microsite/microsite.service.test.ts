import { type Company, introParagraphs, type Shop } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { contactOf, parseHighlights } from './microsite.service.ts';

describe('highlights', () => {
  it('keeps well-formed items, at most six', () => {
    const items = Array.from({ length: 8 }, (_, i) => ({ title: `t${i}`, text: `x${i}`, extra: 1 }));
    expect(parseHighlights(JSON.stringify(items))).toHaveLength(6);
    expect(parseHighlights('[{"title":"a","text":"b","x":1}]')).toEqual([{ title: 'a', text: 'b' }]);
  });
  it('drops malformed text and items', () => {
    expect(parseHighlights('not json')).toEqual([]);
    expect(parseHighlights('{"title":"a"}')).toEqual([]);
    expect(parseHighlights('[{"title":1,"text":"b"},null,"s"]')).toEqual([]);
  });
});

describe('intro paragraphs', () => {
  it('splits at blank lines and trims', () => {
    expect(introParagraphs('  一段\n续行\n\n  二段 \r\n \r\n\n三段\n')).toEqual([
      '一段\n续行',
      '二段',
      '三段',
    ]);
    expect(introParagraphs('')).toEqual([]);
  });
});

describe('contact', () => {
  const company = { phone: 'c-phone', mobile: 'c-mobile', email: 'c@x', address: 'c-addr' } as Company;
  const shop = { ShopName: '店', phone: 's-phone', mobile: '', Email: 's@x', address: '' } as Shop;
  const none = { contact_phone: null, contact_mobile: null, contact_email: null, contact_address: null };
  it('takes the override, then the shop, then the company', () => {
    expect(contactOf({ ...none, contact_address: 'Shenzhen' }, company, shop)).toEqual({
      shop_name: '店',
      phone: 's-phone',
      mobile: 'c-mobile',
      email: 's@x',
      address: 'Shenzhen',
    });
    expect(contactOf(undefined, company, undefined)).toMatchObject({ shop_name: '', phone: 'c-phone' });
  });
});
