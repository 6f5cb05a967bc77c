/**
 * China's administrative divisions (省 / 市 / 区县) with their 6-digit codes, from @vant/area-data
 * (docs/adr/0016): 34 provinces, 369 prefectures, 3479 counties. The server checks the codes of an
 * address with it and takes the names from it; the web loads it (about 40 kB gzip) only when the
 * address dialog opens — never import this file from the contract's main entry.
 *
 * Codes follow GB/T 2260: a county's code starts with its prefecture's first four digits, a
 * prefecture's with its province's first two. The data's own placeholders stand where the
 * national list has no prefecture name (重庆市 › 县, 湖北省 › 省直辖县, …); `regionText` in
 * consignee.ts leaves them (and a municipality's repeated name) out of what is shown.
 */
import { areaList } from '@vant/area-data';

export type DivisionLevel = 1 | 2 | 3;

export interface Division {
  code: string;
  name: string;
  level: DivisionLevel;
  /** Shorter names a person writes (浙江 for 浙江省, 黔西南 for 黔西南布依族苗族自治州). */
  short: readonly string[];
}

export interface Region {
  province_code: string;
  city_code: string;
  district_code: string;
  province: string;
  city: string;
  district: string;
}

export const DIVISION_CODE_PATTERN = /^\d{6}$/;

/** Prefecture names of the data that are no name of a place (never matched in text). */
const PLACEHOLDER_CITIES = new Set([
  '县',
  '市辖区',
  '省直辖县',
  '省直辖县级行政区划',
  '自治区直辖县级行政区划',
]);

/** Ethnic names as they appear in autonomous regions' names, longest first where one ends another. */
const ETHNIC = [
  '柯尔克孜',
  '维吾尔',
  '哈萨克',
  '塔吉克',
  '鄂伦春',
  '鄂温克',
  '达斡尔',
  '蒙古',
  '土家',
  '布依',
  '朝鲜',
  '景颇',
  '傈僳',
  '哈尼',
  '拉祜',
  '布朗',
  '纳西',
  '普米',
  '独龙',
  '撒拉',
  '保安',
  '东乡',
  '裕固',
  '锡伯',
  '仡佬',
  '毛南',
  '仫佬',
  '阿昌',
  '德昂',
  '基诺',
  '羌',
  '彝',
  '藏',
  '苗',
  '侗',
  '瑶',
  '黎',
  '傣',
  '佤',
  '白',
  '回',
  '壮',
  '满',
  '畲',
  '水',
  '怒',
  '土',
  '京',
];

function stripEthnic(name: string): string {
  let s = name;
  for (let changed = true; changed; ) {
    changed = false;
    for (const e of ETHNIC) {
      if (s.endsWith(`${e}族`) && s.length > e.length + 2) {
        s = s.slice(0, -(e.length + 1));
        changed = true;
        break;
      }
    }
  }
  return s;
}

/** The shorter names a person may write for a division (at least two characters each). */
export function shortNames(name: string, level: DivisionLevel): string[] {
  const out = new Set<string>();
  const add = (s: string) => {
    if (s.length >= 2 && s !== name) out.add(s);
  };
  if (level === 1) {
    const m = /^(.+?)(?:省|市|特别行政区|(?:壮族|回族|维吾尔)?自治区)$/.exec(name);
    if (m?.[1]) add(m[1]);
  } else {
    const auto = /^(.+?)(自治州|自治县|自治旗)$/.exec(name);
    if (auto?.[1]) {
      const short = stripEthnic(auto[1]);
      add(short);
      // 黔西南州, 恩施州: how an autonomous prefecture is usually written.
      if (auto[2] === '自治州') add(`${short}州`);
    } else {
      const m = /^(.+?)(?:市|地区|盟|县|区|旗|林区|特区|新区)$/.exec(name);
      // 城区, 郊区, 东区 … stay whole; 市辖区 is a placeholder.
      if (m?.[1] && m[1].length >= 2) add(m[1]);
    }
  }
  return [...out];
}

interface Tree {
  byCode: Map<string, Division>;
  provinces: Division[];
  /** Prefectures of a province, counties of a prefecture. */
  children: Map<string, Division[]>;
  /** Counties of a province (across its prefectures). */
  provinceCounties: Map<string, Division[]>;
  cities: Division[];
  counties: Division[];
}

let tree: Tree | undefined;

function build(): Tree {
  const byCode = new Map<string, Division>();
  const children = new Map<string, Division[]>();
  const provinceCounties = new Map<string, Division[]>();
  const make = (list: Record<string, string>, level: DivisionLevel) =>
    Object.entries(list).map(([code, name]) => {
      const d: Division = { code, name, level, short: shortNames(name, level) };
      byCode.set(code, d);
      return d;
    });
  const provinces = make(areaList.province_list, 1);
  const cities = make(areaList.city_list, 2);
  const counties = make(areaList.county_list, 3);
  const push = (m: Map<string, Division[]>, key: string, d: Division) => {
    const list = m.get(key);
    if (list) list.push(d);
    else m.set(key, [d]);
  };
  for (const c of cities) push(children, provinceCodeOf(c.code), c);
  for (const d of counties) {
    push(children, cityCodeOf(d.code), d);
    push(provinceCounties, provinceCodeOf(d.code), d);
  }
  return { byCode, provinces, children, provinceCounties, cities, counties };
}

function data(): Tree {
  tree ??= build();
  return tree;
}

const provinceCodeOf = (code: string) => `${code.slice(0, 2)}0000`;
const cityCodeOf = (code: string) => `${code.slice(0, 4)}00`;

export function division(code: string): Division | undefined {
  return data().byCode.get(code);
}

/** Prefectures of a province, or counties of a prefecture (in code order). */
export function divisionChildren(code: string): readonly Division[] {
  return data().children.get(code) ?? [];
}

export function provinces(): readonly Division[] {
  return data().provinces;
}

export type RegionProblem = 'unknown' | 'mismatch';

/**
 * The region of a county code, with names from the data. `province_code` and `city_code`, when
 * given, must be the county's own ('mismatch' otherwise); an unknown or non-county code is 'unknown'.
 */
export function regionOfCodes(codes: {
  province_code?: string | undefined;
  city_code?: string | undefined;
  district_code: string;
}): Region | RegionProblem {
  const d = division(codes.district_code);
  if (d?.level !== 3) return 'unknown';
  const city = division(cityCodeOf(d.code));
  const province = division(provinceCodeOf(d.code));
  if (!city || !province) return 'unknown';
  if (codes.city_code !== undefined && codes.city_code !== city.code) return 'mismatch';
  if (codes.province_code !== undefined && codes.province_code !== province.code) return 'mismatch';
  return {
    province_code: province.code,
    city_code: city.code,
    district_code: d.code,
    province: province.name,
    city: city.name,
    district: d.name,
  };
}

export function regionOfCode(districtCode: string): Region | undefined {
  const r = regionOfCodes({ district_code: districtCode });
  return typeof r === 'string' ? undefined : r;
}

const named = (d: Division, text: string) => d.name === text || d.short.includes(text);

/**
 * The one county named by three typed names (full or short: 浙江 / 杭州 / 西湖区). A municipality's
 * prefecture may be written as the municipality again or left empty (北京市 / 北京市 / 海淀区), as
 * may a placeholder prefecture (重庆市 / 县 / 城口县). Undefined when none or several fit.
 */
export function regionOfNames(province: string, city: string, district: string): Region | undefined {
  const p = province.trim();
  const c = city.trim();
  const d = district.trim();
  if (!p || !d) return undefined;
  const found = data().provinces.filter((x) => named(x, p));
  const fits: Division[] = [];
  for (const prov of found) {
    for (const county of data().provinceCounties.get(prov.code) ?? []) {
      if (!named(county, d)) continue;
      const pref = division(cityCodeOf(county.code));
      if (!pref) continue;
      const cityOk =
        c === '' ||
        named(pref, c) ||
        named(prov, c) ||
        (PLACEHOLDER_CITIES.has(pref.name) && (PLACEHOLDER_CITIES.has(c) || c === county.name));
      if (cityOk) fits.push(county);
    }
  }
  const only = fits.length === 1 ? fits[0] : undefined;
  return only ? regionOfCode(only.code) : undefined;
}

/** Whether a prefecture name is a placeholder of the data rather than a place (县, 省直辖县 …). */
export const isPlaceholderCity = (name: string) => PLACEHOLDER_CITIES.has(name);

export interface CascadeOption {
  value: string;
  label: string;
  children?: CascadeOption[];
}

/** The whole tree as cascade options: 省 › 市 › 区县, values are codes. */
export function cascadeOptions(): CascadeOption[] {
  return provinces().map((p) => ({
    value: p.code,
    label: p.name,
    children: divisionChildren(p.code).map((c) => ({
      value: c.code,
      label: c.name,
      children: divisionChildren(c.code).map((d) => ({ value: d.code, label: d.name })),
    })),
  }));
}

/** For the address parser: what may be matched at a position of the text. */
export function matchable() {
  const t = data();
  return {
    provinces: t.provinces,
    cities: t.cities.filter((c) => !PLACEHOLDER_CITIES.has(c.name)),
    citiesOf: (province: string) =>
      (t.children.get(province) ?? []).filter((c) => !PLACEHOLDER_CITIES.has(c.name)),
    countiesOf: (city: string) => t.children.get(city) ?? [],
    countiesOfProvince: (province: string) => t.provinceCounties.get(province) ?? [],
    counties: t.counties,
  };
}
