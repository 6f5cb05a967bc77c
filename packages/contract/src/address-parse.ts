/**
 * 粘贴地址，自动识别: splits a whole address as people paste it from a chat or an order
 * ("张三 13812345678 浙江省杭州市西湖区文三路100号", "北京海淀区中关村大街1号 李四 010-62345678",
 * "收货人：王五，手机号码：139…，所在地区：广东 深圳 南山区，详细地址：…，邮编 518000") into the
 * address fields. Pure: the user checks what it found before saving, and the server checks the
 * codes again.
 */
import { type Division, matchable, type Region, regionOfCode } from './divisions.ts';

export interface ParsedAddress {
  name: string;
  /** A mainland mobile number (11 digits), '' when none was found. */
  mobile: string;
  /** A landline as written (区号-号码), '' when none. Not a field of the address; shown to the user. */
  phone: string;
  postcode: string;
  /** The county and its prefecture and province, when the text names exactly one county. */
  region: Region | undefined;
  /** When no county was found: the province (and prefecture) the text starts with, if any. */
  partial: { province_code: string; city_code?: string } | undefined;
  /** The rest: street, number, building, room. */
  address: string;
}

/** Longest text looked at: an address with name and numbers is far shorter. */
export const PASTE_MAX = 300;

const SEPARATOR = /[\s,;|、]+/;
const SEP_CHAR = /[\s,;|、]/;
const LABEL =
  /(收货人|收件人|联系人|姓名|名字|手机号码|手机号|手机|联系电话|电话号码|电话|固话|所在地区|所在地|地区|省市区|详细地址|收货地址|收件地址|地址|邮政编码|邮编)\s*[:：]/g;
const LEADING_LABEL = /^(收货人|收件人|联系人|姓名)(?=[\u4e00-\u9fff]{2})/;
const MOBILE = /(?<!\d)(?:\+?86[-\s]?)?(1[3-9]\d)[-\s]?(\d{4})[-\s]?(\d{4})(?!\d)/;
const LANDLINE = /(?<!\d)(0\d{2,3})[-\s]?(\d{7,8})(?:(?:-|转)(\d{1,6}))?(?!\d)/;
const POSTCODE = /(?:^|(?<=[\s,;|、]))(?:邮编|邮政编码)?\s*(\d{6})(?=$|[\s,;|、])/;
/** After a short name, one of these means the full name was meant (吉林市 is no 吉林 + 市…). */
const SUFFIX_AFTER_SHORT = /^[省市区县州盟旗]/;
const NAME = /^(?:[\u4e00-\u9fff·]{2,8}|[A-Za-z][A-Za-z.'-]{1,19})$/;
const ADDRESS_WORD =
  /[路街道巷弄号室楼栋幢座层村镇乡区县市省园苑厦场寓院门里湾城州]$|小区|大厦|广场|花园|公寓|中心|大学|学院|公司|工业/;

interface Hit {
  d: Division;
  end: number;
  full: boolean;
}

function hitsAt(list: readonly Division[], s: string, pos: number): Hit[] {
  const out: Hit[] = [];
  for (const d of list) {
    if (s.startsWith(d.name, pos)) {
      out.push({ d, end: pos + d.name.length, full: true });
      continue;
    }
    for (const short of d.short) {
      const end = pos + short.length;
      if (s.startsWith(short, pos) && !SUFFIX_AFTER_SHORT.test(s.slice(end))) {
        out.push({ d, end, full: false });
        break;
      }
    }
  }
  return out;
}

function skipSeparators(s: string, pos: number) {
  let i = pos;
  while (i < s.length && SEP_CHAR.test(s[i] as string)) i++;
  return i;
}

interface Match {
  province?: Division;
  city?: Division;
  county?: Division;
  end: number;
  levels: number;
  full: number;
}

/** The best reading of divisions at the start of `s` (省? 市? 区县?), or undefined. */
export function matchRegionAt(s: string, requireFull = false): Match | 'ambiguous' | undefined {
  const m = matchable();
  const candidates: Match[] = [];
  const provinceHits: (Hit | undefined)[] = [undefined, ...hitsAt(m.provinces, s, 0)];
  for (const p of provinceHits) {
    const pos1 = p ? skipSeparators(s, p.end) : 0;
    const cityHits: (Hit | undefined)[] = [
      undefined,
      ...hitsAt(p ? m.citiesOf(p.d.code) : m.cities, s, pos1),
    ];
    for (const c of cityHits) {
      const pos2 = c ? skipSeparators(s, c.end) : pos1;
      const counties = c ? m.countiesOf(c.d.code) : p ? m.countiesOfProvince(p.d.code) : m.counties;
      for (const d of [undefined, ...hitsAt(counties, s, pos2)]) {
        const first = p ?? c ?? d;
        if (!first) continue;
        if (requireFull && !first.full) continue;
        const last = d ?? c ?? p;
        const hits = [p, c, d].filter((x): x is Hit => x !== undefined);
        candidates.push({
          ...(p ? { province: p.d } : {}),
          ...(c ? { city: c.d } : {}),
          ...(d ? { county: d.d } : {}),
          end: (last as Hit).end,
          levels: hits.length,
          full: hits.filter((h) => h.full).length,
        });
      }
    }
  }
  if (candidates.length === 0) return undefined;
  const better = (a: Match, b: Match) =>
    a.end !== b.end ? a.end > b.end : a.levels !== b.levels ? a.levels > b.levels : a.full > b.full;
  let best = candidates[0] as Match;
  for (const c of candidates) if (better(c, best)) best = c;
  const tied = candidates.filter((c) => !better(best, c) && !better(c, best));
  const key = (x: Match) => x.county?.code ?? x.city?.code ?? x.province?.code;
  if (new Set(tied.map(key)).size > 1) return 'ambiguous';
  return best;
}

const cut = (text: string, re: RegExp): [string, RegExpExecArray | null] => {
  const found = re.exec(text);
  if (!found) return [text, null];
  return [`${text.slice(0, found.index)} ${text.slice(found.index + found[0].length)}`, found];
};

const nameLike = (t: string) => NAME.test(t) && !/\d/.test(t);
const addressLike = (t: string) => ADDRESS_WORD.test(t);

/** Splits a pasted address; every part may come back empty. */
export function parseAddress(input: string): ParsedAddress {
  let text = input.slice(0, PASTE_MAX).normalize('NFKC').replace(LABEL, ' ');
  let found: RegExpExecArray | null;
  [text, found] = cut(text, MOBILE);
  const mobile = found ? `${found[1]}${found[2]}${found[3]}` : '';
  [text, found] = cut(text, LANDLINE);
  const phone = found ? `${found[1]}-${found[2]}${found[3] ? `-${found[3]}` : ''}` : '';
  [text, found] = cut(text, POSTCODE);
  const postcode = found?.[1] ?? '';

  let tokens = text
    .split(SEPARATOR)
    .map((t) => t.replace(LEADING_LABEL, '').trim())
    .filter((t) => t !== '' && !/^[-—–_.。·:：]+$/.test(t));

  // Where the region starts: the token whose reading goes furthest (a name such as 江山 is also a
  // county's short name, but the real address reads on).
  let start = -1;
  let match: Match | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const m = matchRegionAt(tokens.slice(i).join(' '));
    if (
      m &&
      m !== 'ambiguous' &&
      (!match || m.levels > match.levels || (m.levels === match.levels && m.end > match.end))
    ) {
      match = m;
      start = i;
    }
  }
  // A name written against the region (张三浙江省杭州市…): a full province or prefecture name inside a token.
  if (!match) {
    for (let i = 0; i < tokens.length && !match; i++) {
      const t = tokens[i] as string;
      for (let k = 1; k < Math.min(t.length, 12); k++) {
        const m = matchRegionAt([t.slice(k), ...tokens.slice(i + 1)].join(' '), true);
        if (m && m !== 'ambiguous') {
          tokens = [...tokens.slice(0, i), t.slice(0, k), t.slice(k), ...tokens.slice(i + 1)];
          match = m;
          start = i + 1;
          break;
        }
      }
    }
  }

  let name = '';
  let detailTokens: string[];
  let region: Region | undefined;
  let partial: ParsedAddress['partial'];
  if (match) {
    const before = tokens.slice(0, start);
    name = before.find((t) => nameLike(t) && !addressLike(t)) ?? before.find(nameLike) ?? '';
    const rest = tokens.slice(start).join(' ');
    detailTokens = rest.slice(match.end).split(SEPARATOR).filter(Boolean);
    if (match.county) region = regionOfCode(match.county.code);
    else {
      const provinceCode = match.province?.code ?? (match.city ? `${match.city.code.slice(0, 2)}0000` : '');
      if (provinceCode)
        partial = { province_code: provinceCode, ...(match.city ? { city_code: match.city.code } : {}) };
    }
  } else {
    const nameAt = tokens.findIndex((t) => nameLike(t) && !addressLike(t));
    name = nameAt >= 0 ? (tokens[nameAt] as string) : '';
    detailTokens = tokens.filter((_, i) => i !== nameAt);
  }
  // A name after the address (…中关村大街1号 李四).
  if (!name && (detailTokens.length > 1 || (match && detailTokens.length === 1))) {
    const last = detailTokens[detailTokens.length - 1] as string;
    if (nameLike(last) && !addressLike(last)) {
      name = last;
      detailTokens = detailTokens.slice(0, -1);
    }
  }
  return {
    name,
    mobile,
    phone,
    postcode,
    region,
    partial,
    address: detailTokens.join(' ').trim(),
  };
}
