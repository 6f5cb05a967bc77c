/**
 * The tokens a goods is found by, and the tokens a keyword asks for (ADR 0014). Chinese has no
 * spaces, so text is cut the way search engines' CJK analysers cut it: every character and every
 * pair of neighbouring characters. A keyword of one character asks for that character; a longer
 * one for each of its pairs (西湖龙井 → 西湖, 湖龙, 龙井), so it matches text holding all of them.
 * Latin letters and digits form words; a document holds every prefix of its words, so x5 finds
 * X5 Pro and iph finds iPhone; a long pinyin or initials word is asked as its pairs (`pairsOf`). Both databases index the same tokens (SQLite FTS5, PostgreSQL GIN
 * on a text array) and answer the same.
 */

import { remembered } from './remembered.ts';

/** Longest Latin word indexed (with its prefixes); longer words are cut. */
const MAX_WORD = 20;
/** Most tokens a keyword may ask for; a longer keyword is cut (the field allows 50 characters). */
export const MAX_QUERY_TOKENS = 32;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}]/u;

/**
 * The pinyin syllables (without tones, ü as v) a typed word is cut into (pinyin-words.ts reads
 * Chinese with pinyin-pro; these are its readings of the common characters, less m, n, ng, hng).
 */
const SYLLABLES = new Set(
  (
    'a ai an ang ao ba bai ban bang bao bei ben beng bi bian biao bie bin bing bo bu ca cai can cang cao ce cen ' +
    'ceng cha chai chan chang chao che chen cheng chi chong chou chu chua chuai chuan chuang chui chun chuo ci ' +
    'cong cou cu cuan cui cun cuo da dai dan dang dao de dei den deng di dia dian diao die ding diu dong dou du ' +
    'duan dui dun duo e ei en eng er fa fan fang fei fen feng fo fou fu ga gai gan gang gao ge gei gen geng gong ' +
    'gou gu gua guai guan guang gui gun guo ha hai han hang hao he hei hen heng hong hou hu hua huai huan huang ' +
    'hui hun huo ji jia jian jiang jiao jie jin jing jiong jiu ju juan jue jun ka kai kan kang kao ke kei ken keng ' +
    'kong kou ku kua kuai kuan kuang kui kun kuo la lai lan lang lao le lei leng li lia lian liang liao lie lin ' +
    'ling liu lo long lou lu luan lun luo lv lve ma mai man mang mao me mei men meng mi mian miao mie min ming ' +
    'miu mo mou mu na nai nan nang nao ne nei nen neng ni nian niang niao nie nin ning niu nong nou nu nuan nuo ' +
    'nv nve o ou pa pai pan pang pao pei pen peng pi pian piao pie pin ping po pou pu qi qia qian qiang qiao qie ' +
    'qin qing qiong qiu qu quan que qun ran rang rao re ren reng ri rong rou ru rua ruan rui run ruo sa sai san ' +
    'sang sao se sen seng sha shai shan shang shao she shei shen sheng shi shou shu shua shuai shuan shuang shui ' +
    'shun shuo si song sou su suan sui sun suo ta tai tan tang tao te tei teng ti tian tiao tie ting tong tou tu ' +
    'tuan tui tun tuo wa wai wan wang wei wen weng wo wu xi xia xian xiang xiao xie xin xing xiong xiu xu xuan ' +
    'xue xun ya yan yang yao ye yi yin ying yo yong you yu yuan yue yun za zai zan zang zao ze zei zen zeng zha ' +
    'zhai zhan zhang zhao zhe zhei zhen zheng zhi zhong zhou zhu zhua zhuai zhuan zhuang zhui zhun zhuo zi zong ' +
    'zou zu zuan zui zun zuo'
  ).split(' '),
);
/** Every beginning of a syllable (the last piece of a word being typed may be one). */
const SYLLABLE_STARTS = new Set([...SYLLABLES].flatMap((s) => [...s].map((_, i) => s.slice(0, i + 1))));
const LONGEST_SYLLABLE = 6;

/**
 * A word of letters cut into pinyin syllables, the last of which may be only begun ("shouj" →
 * shou, j): the cut with the fewest pieces, longer pieces first; null when there is none.
 */
export function syllablesOf(word: string): string[] | null {
  if (!/^[a-z]+$/.test(word)) return null;
  // fewest[i]: the fewest pieces word.slice(i) is cut into (Infinity: none).
  const n = word.length;
  const fewest = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
  fewest[n] = 0;
  for (let i = n - 1; i >= 0; i--)
    for (let len = 1; len <= LONGEST_SYLLABLE && i + len <= n; len++) {
      const piece = word.slice(i, i + len);
      const ok = i + len === n ? SYLLABLE_STARTS.has(piece) : SYLLABLES.has(piece);
      if (ok) fewest[i] = Math.min(fewest[i] as number, 1 + (fewest[i + len] as number));
    }
  if (!Number.isFinite(fewest[0])) return null;
  const pieces: string[] = [];
  for (let i = 0; i < n; ) {
    for (let len = Math.min(LONGEST_SYLLABLE, n - i); len >= 1; len--) {
      const piece = word.slice(i, i + len);
      const ok = i + len === n ? SYLLABLE_STARTS.has(piece) : SYLLABLES.has(piece);
      if (ok && (fewest[i + len] as number) + 1 === fewest[i]) {
        pieces.push(piece);
        i += len;
        break;
      }
    }
  }
  return pieces;
}

/** A word of consonants only: pinyin initials (xhlj), never a syllable. */
const INITIALS = /^[b-df-hj-np-tw-z]+$/;

/** The pieces a word of letters is asked as in pairs: its syllables, or its initials' letters. */
function piecesOf(word: string): string[] | null {
  if (word.length < 3) return null;
  if (INITIALS.test(word)) return [...word];
  const syllables = syllablesOf(word);
  return syllables && syllables.length >= 3 ? syllables : null;
}

/**
 * The neighbouring pairs a keyword's word is asked as (ADR 0014, issue 35), as a Chinese keyword
 * is asked as its character pairs: a word of three syllables or more as its syllable pairs
 * ("huaweishouji" → huawei, weishou, shouji), three initials or more as their letter pairs ("xhlj"
 * → xh, hl, lj); null for any other word (it is asked as itself). A document holds the pairs of
 * its own such words and their last piece (`documentTokens`), and a Chinese name the pairs of its
 * pinyin and initials (pinyin-words.ts), so "shouji" and "sj" find 华为手机, whole or inside.
 */
export function pairsOf(word: string): string[] | null {
  const pieces = piecesOf(word);
  return pieces === null ? null : pieces.slice(1).map((p, i) => (pieces[i] as string) + p);
}

/** The words a document's Latin word adds: the pairs it is asked as, and its last piece (remembered). */
const pairWords = remembered(50_000, (word): readonly string[] => {
  const pieces = piecesOf(word);
  return pieces ? [...pieces.slice(1).map((p, i) => (pieces[i] as string) + p), pieces.at(-1) as string] : [];
});

/** Runs of CJK characters and of other letters/digits, lower-cased and width-folded (ＸＹ → xy). */
function runs(text: string): { cjk: boolean; text: string }[] {
  const out: { cjk: boolean; text: string }[] = [];
  let current: { cjk: boolean; text: string } | null = null;
  for (const ch of text.normalize('NFKC').toLowerCase()) {
    const cjk = CJK.test(ch);
    if (!cjk && !WORD.test(ch)) {
      current = null;
      continue;
    }
    if (!current || current.cjk !== cjk) {
      current = { cjk, text: '' };
      out.push(current);
    }
    current.text += ch;
  }
  return out;
}

/** Every token of `texts` (name, subtitle, category names…), each once. */
export function documentTokens(...texts: string[]): string[] {
  return [...tokensOfRuns(runs(texts.join(' ')))];
}

/**
 * A document's tokens and its searched text (`searchText`) from one reading of its texts: what
 * indexing a goods needs (catalogue-index.ts), without cutting the texts twice.
 */
export function documentOf(...texts: string[]): { tokens: string[]; text: string } {
  const r = runs(texts.join(' '));
  return { tokens: [...tokensOfRuns(r)], text: textOfRuns(r) };
}

function tokensOfRuns(documentRuns: readonly { cjk: boolean; text: string }[]): Set<string> {
  const tokens = new Set<string>();
  const addPrefixes = (word: string) => {
    let prefix = '';
    for (const c of word) {
      prefix += c;
      tokens.add(prefix);
    }
  };
  for (const run of documentRuns) {
    // By code points, without arrays: an import indexes 50,000 goods (ADR 0021).
    let previous = '';
    let prefix = '';
    let n = 0;
    for (const c of run.text) {
      if (run.cjk) {
        if (previous) tokens.add(previous + c);
        tokens.add(c);
        previous = c;
      } else {
        if (n++ === MAX_WORD) break;
        prefix += c;
        tokens.add(prefix);
      }
    }
    if (!run.cjk && n >= 3) for (const w of pairWords(prefix)) addPrefixes(w);
  }
  return tokens;
}

/** The tokens a keyword asks for (all of them must be in a goods); empty if it has none. */
export function queryTokens(keyword: string): string[] {
  const tokens = new Set<string>();
  for (const run of runs(keyword)) {
    const chars = [...run.text];
    if (!run.cjk) {
      const word = chars.slice(0, MAX_WORD).join('');
      for (const t of pairsOf(word) ?? [word]) tokens.add(t);
    } else if (chars.length === 1) tokens.add(chars[0] as string);
    else for (let i = 0; i + 1 < chars.length; i++) tokens.add((chars[i] as string) + chars[i + 1]);
  }
  return [...tokens].slice(0, MAX_QUERY_TOKENS);
}

/**
 * The document as text, for checking a goods row by row (ADR 0014): its runs lower-cased and
 * width-folded, each between spaces (" 星耀 x5 pro 智能手机 "). A goods holds a keyword's tokens
 * exactly when the text contains each Chinese token and " " + each Latin token (a word starting
 * with it) — the same answer as the token index, without it.
 */
export function searchText(...texts: string[]): string {
  return textOfRuns(runs(texts.join(' ')));
}

function textOfRuns(documentRuns: readonly { cjk: boolean; text: string }[]): string {
  const words = documentRuns.flatMap((r) => {
    if (r.cjk) return [r.text];
    const word = [...r.text].slice(0, MAX_WORD).join('');
    return [word, ...pairWords(word)];
  });
  return ` ${words.join(' ')} `;
}

/** How `searchText` is checked for one query token: the substring it must contain. */
export const textNeedle = (token: string) => (CJK.test(token) ? token : ` ${token}`);

/**
 * Tokens that place a goods in its company and category subtree, so that the token index answers
 * "this keyword in this category" by itself: the shop's (listed goods only) and the goods
 * library's (every live goods). A private-use character starts them: no keyword
 * yields one (`runs` keeps only letters, digits and CJK).
 */
export const scopeToken = {
  company: (companyId: number) => `\uE000k${companyId}`,
  category: (categoryId: number) => `\uE000c${categoryId}`,
  /** Held by every live goods of the company, listed or not: the goods library's search (issue 12). */
  library: (companyId: number) => `\uE000g${companyId}`,
  /** Held by every live goods in the category's subtree, listed or not (the library's category filter). */
  libraryCategory: (categoryId: number) => `\uE000h${categoryId}`,
};
