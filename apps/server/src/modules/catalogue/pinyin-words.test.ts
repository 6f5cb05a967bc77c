import { describe, expect, it } from 'vitest';
import { pinyinWords } from './pinyin-words.ts';
import { documentTokens, queryTokens, searchText, textNeedle } from './search-tokens.ts';

const finds = (name: string, keyword: string) => {
  const doc = new Set(documentTokens(name, pinyinWords(name)));
  const text = searchText(name, pinyinWords(name));
  const tokens = queryTokens(keyword);
  const byIndex = tokens.length > 0 && tokens.every((t) => doc.has(t));
  const byText = tokens.length > 0 && tokens.every((t) => text.includes(textNeedle(t)));
  expect(byText, 'the text check answers as the token index').toBe(byIndex);
  return byIndex;
};

describe('pinyin words of a name', () => {
  it('are the initials from every syllable on and the whole pinyin of each Chinese run', () => {
    expect(pinyinWords('西湖龙井')).toBe('xhlj hlj lj j xihulongjing');
    expect(pinyinWords('清芳 龙井 250g')).toBe('qf f qingfang lj j longjing');
    expect(pinyinWords('iPhone 15')).toBe('');
    // Polyphones read in their word: 重庆 chongqing, 银行 yinhang, 长城 changcheng.
    expect(pinyinWords('重庆小面')).toContain('chongqingxiaomian');
    expect(pinyinWords('银行')).toContain('yinhang');
    expect(pinyinWords('长城')).toContain('changcheng');
  });

  it('let a shopper find a goods by initials anywhere in its name, or by pinyin from its start', () => {
    const name = '清芳 明前特级西湖龙井 250g';
    expect(finds(name, 'xhlj')).toBe(true);
    expect(finds(name, 'XHLJ')).toBe(true);
    expect(finds(name, 'mqtj')).toBe(true);
    expect(finds(name, 'qf xhlj')).toBe(true);
    expect(finds(name, 'mingqian')).toBe(true);
    expect(finds(name, 'qingfang')).toBe(true);
    expect(finds(name, '龙井 xh')).toBe(true);
    expect(finds(name, 'xhljz')).toBe(false);
    expect(finds(name, 'longjing')).toBe(false); // whole pinyin from a run's start only
  });

  it('stay bounded for a long name', () => {
    const long = '超长名称'.repeat(20);
    expect(pinyinWords(long).split(' ')).toHaveLength(21);
    expect(documentTokens(long, pinyinWords(long)).length).toBeLessThan(500);
  });
});
