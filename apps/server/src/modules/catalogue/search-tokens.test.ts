import { describe, expect, it } from 'vitest';
import { documentTokens, queryTokens, searchText, textNeedle } from './search-tokens.ts';

/** Whether a goods with these texts answers the keyword (what both databases compute). */
const finds = (keyword: string, ...texts: string[]) => {
  const doc = new Set(documentTokens(...texts));
  const q = queryTokens(keyword);
  return q.length > 0 && q.every((t) => doc.has(t));
};

describe('search tokens', () => {
  it('hold the same tokens in a document as in its searched text (the import indexes from it)', () => {
    const texts = [
      '清芳 明前特级西湖龙井 250g',
      'ＸＹ Pro-Max 5G，产地直供',
      'abcdefghijklmnopqrstuvwxyz0123 长单词',
      'LJ-001',
      'qfmqtjxhlj qingfangmingqiantejixihulongjing',
      '',
    ];
    const sorted = (xs: string[]) => [...xs].sort();
    expect(sorted(documentTokens(searchText(...texts)))).toEqual(sorted(documentTokens(...texts)));
  });

  it('cut Chinese into characters and pairs', () => {
    expect(documentTokens('龙井茶')).toEqual(['龙', '龙井', '井', '井茶', '茶']);
    expect(queryTokens('茶')).toEqual(['茶']);
    expect(queryTokens('西湖龙井')).toEqual(['西湖', '湖龙', '龙井']);
  });

  it('find one character, a word, a phrase anywhere in name, subtitle or category', () => {
    expect(finds('茶', '清芳 明前特级西湖龙井 250g', '', '绿茶')).toBe(true);
    expect(finds('茶', '清芳 明前特级西湖龙井 250g', '春季新品', '绿叶')).toBe(false);
    expect(finds('龙井', '清芳 明前特级西湖龙井 250g')).toBe(true);
    expect(finds('西湖龙井', '清芳 明前特级西湖龙井 250g')).toBe(true);
    expect(finds('智能手机', '星耀 X5 Pro 5G 智能手机')).toBe(true);
    expect(finds('手表', '星耀 X5 Pro 5G 智能手机')).toBe(false);
  });

  it('match Latin words by prefix, case and width folded', () => {
    expect(finds('x5', '星耀 X5 Pro 5G 智能手机')).toBe(true);
    expect(finds('PRO', '星耀 X5 Pro 5G 智能手机')).toBe(true);
    expect(finds('ｐｒｏ', '星耀 X5 Pro')).toBe(true);
    expect(finds('pr', '星耀 X5 Pro')).toBe(true);
    expect(finds('ro', '星耀 X5 Pro')).toBe(false);
    expect(finds('250g', '龙井 250g')).toBe(true);
    expect(finds('x5 手机', '星耀 X5 Pro 智能手机')).toBe(true);
  });

  it('ask for nothing when the keyword has no letter, digit or character', () => {
    expect(queryTokens('  +-*"  ')).toEqual([]);
    expect(queryTokens("'; drop table goods; --")).toEqual(['drop', 'table', 'goods']);
  });

  it('stay bounded', () => {
    expect(queryTokens('茶'.repeat(200)).length).toBeLessThanOrEqual(32);
    expect(documentTokens('a'.repeat(500)).length).toBe(20);
  });

  it('answer the same from the text as from the tokens', () => {
    const parts = [
      '星耀',
      'X5',
      'Pro',
      '５Ｇ',
      '智能手机',
      '西湖龙井',
      '茶',
      'iPhone15',
      '12GB+256GB',
      '—',
      'プロ',
      '한국',
      ' ',
      '-',
    ];
    let seed = 1;
    const rand = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const phrase = (n: number) =>
      Array.from({ length: n }, () => parts[Math.floor(rand() * parts.length)]).join(rand() < 0.5 ? '' : ' ');
    for (let i = 0; i < 2000; i++) {
      const texts = [phrase(4), phrase(2), phrase(1)];
      const keyword = phrase(1 + Math.floor(rand() * 2)).slice(0, 1 + Math.floor(rand() * 6));
      const text = searchText(...texts);
      const byText =
        queryTokens(keyword).length > 0 && queryTokens(keyword).every((t) => text.includes(textNeedle(t)));
      expect(byText, `${keyword} in ${texts.join('|')}`).toBe(finds(keyword, ...texts));
    }
  });
});
