import { pinyin } from 'pinyin-pro';

const HAN = /\p{Script=Han}+/gu;

/** Syllables of a run whose initials are indexed from every position (longer runs: from the first 20). */
const MAX_SYLLABLES = 20;

/**
 * The Latin words a Chinese name is also found by (ADR 0014, issue 11): for each run of Chinese
 * characters, its pinyin initials from every syllable on ("明前西湖龙井" → "mqxhlj qxhlj xhlj hlj
 * lj j") and its whole pinyin without tones ("mingqianxihulongjing"). The index holds every prefix
 * of a Latin word, so "xhlj" and "xh" find 明前西湖龙井 wherever the words stand in the name, and
 * "mingqian" finds it from the name's start — as a shopper types on a phone keyboard. Polyphones
 * take the reading the words around them give (pinyin-pro's dictionary: 重庆 → chongqing).
 */
export function pinyinWords(name: string): string {
  const words: string[] = [];
  for (const [run] of name.matchAll(HAN)) {
    const syllables = pinyin(run, { toneType: 'none', type: 'array', v: true }).filter((s) =>
      /^[a-z]+$/.test(s),
    );
    if (syllables.length === 0) continue;
    const initials = syllables.slice(0, MAX_SYLLABLES).map((s) => s[0]);
    for (let i = 0; i < initials.length; i++) words.push(initials.slice(i).join(''));
    words.push(syllables.join(''));
  }
  return words.join(' ');
}
