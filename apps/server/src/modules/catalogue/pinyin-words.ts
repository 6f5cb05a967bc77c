import { pinyin } from 'pinyin-pro';
import { remembered } from './remembered.ts';

const HAN = /\p{Script=Han}+/gu;

/** Syllables of a run whose initials are indexed from every position (longer runs: from the first 20). */
const MAX_SYLLABLES = 20;

/**
 * The Latin words a Chinese name is also found by (ADR 0014, issues 11 and 35): for each run of
 * Chinese characters, its pinyin initials as neighbouring pairs ("明前西湖龙井" → "mq qx xh hl lj
 * j"; from every syllable on when one of them is a vowel: 安康 → "ak k") and its pinyin without tones as neighbouring syllable pairs and the last
 * syllable ("mingqian qianxi xihu hulong longjing jing"). The index holds every prefix of a Latin
 * word, so "xhlj" and "xh" find 明前西湖龙井 wherever the words stand in the name, "longjing",
 * "xihu" and "xi" too; a keyword of three syllables or more is asked as its pairs
 * (search-tokens.ts `pairsOf`: "xihulongjing" → xihu, hulong, longjing), so the whole pinyin
 * finds it as well — as a shopper types on a phone keyboard. Polyphones take the reading the words
 * around them give (pinyin-pro's dictionary: 重庆 → chongqing).
 */
export function pinyinWords(name: string): string {
  const words: string[] = [];
  for (const [run] of name.matchAll(HAN)) for (const w of runWords(run)) words.push(w);
  return [...new Set(words)].join(' ');
}

/** The words of one run of Chinese characters (`pinyinWords`), remembered. */
const runWords = remembered(50_000, readRun);

function readRun(run: string): string[] {
  const words: string[] = [];
  const syllables = pinyin(run, { toneType: 'none', type: 'array', v: true }).filter((s) =>
    /^[a-z]+$/.test(s),
  );
  if (syllables.length === 0) return words;
  const initials = syllables.slice(0, MAX_SYLLABLES).map((s) => s[0] as string);
  // Consonants are asked as their pairs (search-tokens.ts `pairsOf`); initials with a vowel
  // (安 a, 儿 e) are asked as typed, so each one's initials from it on stay whole.
  if (/[aeiouv]/.test(initials.join('')))
    for (let i = 0; i < initials.length; i++) words.push(initials.slice(i).join(''));
  else for (let i = 0; i < initials.length; i++) words.push(initials.slice(i, i + 2).join(''));
  const read = syllables.slice(0, MAX_SYLLABLES);
  for (let i = 0; i + 1 < read.length; i++) words.push((read[i] as string) + read[i + 1]);
  words.push(read[read.length - 1] as string);
  return words;
}
