/**
 * The tokens a goods is found by, and the tokens a keyword asks for (ADR 0014). Chinese has no
 * spaces, so text is cut the way search engines' CJK analysers cut it: every character and every
 * pair of neighbouring characters. A keyword of one character asks for that character; a longer
 * one for each of its pairs (西湖龙井 → 西湖, 湖龙, 龙井), so it matches text holding all of them.
 * Latin letters and digits form words; a document holds every prefix of its words, so x5 finds
 * X5 Pro and iph finds iPhone. Both databases index the same tokens (SQLite FTS5, PostgreSQL GIN
 * on a text array) and answer the same.
 */

/** Longest Latin word indexed (with its prefixes); longer words are cut. */
const MAX_WORD = 20;
/** Most tokens a keyword may ask for; a longer keyword is cut (the field allows 50 characters). */
export const MAX_QUERY_TOKENS = 32;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}]/u;

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
  const tokens = new Set<string>();
  for (const run of runs(texts.join(' '))) {
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
  }
  return [...tokens];
}

/** The tokens a keyword asks for (all of them must be in a goods); empty if it has none. */
export function queryTokens(keyword: string): string[] {
  const tokens = new Set<string>();
  for (const run of runs(keyword)) {
    const chars = [...run.text];
    if (!run.cjk) tokens.add(chars.slice(0, MAX_WORD).join(''));
    else if (chars.length === 1) tokens.add(chars[0] as string);
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
  const words = runs(texts.join(' ')).map((r) => (r.cjk ? r.text : [...r.text].slice(0, MAX_WORD).join('')));
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
