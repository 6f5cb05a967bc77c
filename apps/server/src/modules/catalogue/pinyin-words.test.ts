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
  it('are the pairs of initials and of syllables of each Chinese run, and its last', () => {
    expect(pinyinWords('西湖龙井')).toBe('xh hl lj j xihu hulong longjing jing');
    expect(pinyinWords('清芳 龙井 250g')).toBe('qf f qingfang fang lj j longjing jing');
    // Initials with a vowel are asked as typed (pairsOf asks only consonants in pairs): whole from each on.
    expect(pinyinWords('安康老人')).toBe('aklr klr lr r ankang kanglao laoren ren');
    expect(pinyinWords('iPhone 15')).toBe('');
    // Polyphones read in their word: 重庆 chongqing, 银行 yinhang, 长城 changcheng.
    expect(pinyinWords('重庆小面')).toContain('chongqing qingxiao');
    expect(pinyinWords('银行')).toContain('yinhang');
    expect(pinyinWords('长城')).toContain('changcheng');
  });

  it('let a shopper find a goods by initials or whole pinyin anywhere in its name', () => {
    const name = '清芳 明前特级西湖龙井 250g';
    expect(finds(name, 'xhlj')).toBe(true);
    expect(finds(name, 'XHLJ')).toBe(true);
    expect(finds(name, 'mqtj')).toBe(true);
    expect(finds(name, 'qf xhlj')).toBe(true);
    expect(finds(name, 'mingqian')).toBe(true);
    expect(finds(name, 'qingfang')).toBe(true);
    expect(finds(name, '龙井 xh')).toBe(true);
    expect(finds(name, 'xhljz')).toBe(false);
    expect(finds(name, 'jz')).toBe(false);
    // Whole pinyin from inside a name (issue 35), typed whole or begun, across words too.
    expect(finds(name, 'longjing')).toBe(true);
    expect(finds(name, 'xihulongjing')).toBe(true);
    expect(finds(name, 'XiHuLongJ')).toBe(true);
    expect(finds(name, 'tejixihu')).toBe(true);
    expect(finds(name, 'mingqiantejixihulongjing')).toBe(true);
    expect(finds(name, 'longjingcha')).toBe(false);
    expect(finds(name, 'hulongjingx')).toBe(false);
    expect(finds('华为手机 Mate 70', 'shouji')).toBe(true);
    expect(finds('华为手机 Mate 70', 'shou')).toBe(true);
    expect(finds('华为手机 Mate 70', 'weishouji')).toBe(true);
    expect(finds('华为手机 Mate 70', 'mate')).toBe(true);
    expect(finds('云南小粒咖啡 500g', 'kafei')).toBe(true);
    expect(finds('云南小粒咖啡 500g', 'xiaolikafei')).toBe(true);
    expect(finds('云南小粒咖啡 500g', 'kafeidou')).toBe(false);
    expect(finds('云南小粒咖啡 500g', 'xlkf')).toBe(true);
    expect(finds('安康老人手机', 'lrsj')).toBe(true);
    expect(finds('安康老人手机', 'aklr')).toBe(true);
    // A Latin word of a name is found whole by its own pairs: 拼多多's "pinduoduo", "SSD".
    expect(finds('拼单 pinduoduo 款', 'pinduoduo')).toBe(true);
    expect(finds('拼单 pinduoduo 款', 'pinduo')).toBe(true);
    expect(finds('固态硬盘 SSD 1TB', 'ssd')).toBe(true);
  });

  it('ask a long pinyin or initials word as its pairs, any other word as itself', () => {
    expect(queryTokens('shouji')).toEqual(['shouji']);
    expect(queryTokens('huaweishouji')).toEqual(['huawei', 'weishou', 'shouji']);
    expect(queryTokens('huaweish')).toEqual(['huawei', 'weish']);
    expect(queryTokens('xhlj')).toEqual(['xh', 'hl', 'lj']);
    expect(queryTokens('iphone pro x5')).toEqual(['iphone', 'pro', 'x5']);
  });

  it('stay bounded for a long name', () => {
    const long = '超长名称'.repeat(20);
    // Repeated pairs are written once; pairs and initials stop after 20 syllables.
    expect(pinyinWords(long).split(' ').length).toBeLessThanOrEqual(40);
    expect(documentTokens(long, pinyinWords(long)).length).toBeLessThan(200);
  });
});
