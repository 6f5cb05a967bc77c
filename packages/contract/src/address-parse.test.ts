import { describe, expect, it } from 'vitest';
import { parseAddress } from './address-parse.ts';
import { consigneeText, regionText } from './consignee.ts';
import { cascadeOptions, division, regionOfCodes, regionOfNames, shortNames } from './divisions.ts';

/** What a paste gives, in short: name | mobile | county code | detail. */
function split(text: string) {
  const p = parseAddress(text);
  return [p.name, p.mobile, p.region?.district_code ?? '', p.address];
}

describe('parseAddress', () => {
  it.each([
    // The two examples.
    [
      '张三 13812345678 浙江省杭州市西湖区文三路100号3幢201室',
      ['张三', '13812345678', '330106', '文三路100号3幢201室'],
    ],
    ['北京海淀区中关村大街1号 李四 021-62345678', ['李四', '', '110108', '中关村大街1号']],
    // Name, number and address in any order, any separators.
    ['浙江省杭州市西湖区文三路100号，张三，13812345678', ['张三', '13812345678', '330106', '文三路100号']],
    [
      '13812345678 张三 浙江省 杭州市 西湖区 文三路 100 号',
      ['张三', '13812345678', '330106', '文三路 100 号'],
    ],
    ['张三,138-1234-5678,浙江省杭州市西湖区文三路100号', ['张三', '13812345678', '330106', '文三路100号']],
    [
      '张三；+86 138 1234 5678；浙江省杭州市西湖区文三路100号',
      ['张三', '13812345678', '330106', '文三路100号'],
    ],
    ['张三浙江省杭州市西湖区文三路100号13812345678', ['张三', '13812345678', '330106', '文三路100号']],
    ['张三、13812345678、浙江省杭州市西湖区文三路100号', ['张三', '13812345678', '330106', '文三路100号']],
    // Full-width digits and punctuation as a phone keyboard types them.
    [
      '张三，１３８１２３４５６７８，浙江省杭州市西湖区文三路１００号',
      ['张三', '13812345678', '330106', '文三路100号'],
    ],
    // Without 省/市 suffixes.
    ['浙江杭州西湖区文三路100号 张三 13812345678', ['张三', '13812345678', '330106', '文三路100号']],
    ['浙江 杭州 西湖区 文三路100号', ['', '', '330106', '文三路100号']],
    ['广东深圳南山区科技园 刘德 13700001111', ['刘德', '13700001111', '440305', '科技园']],
    ['广西南宁青秀区民族大道1号', ['', '', '450103', '民族大道1号']],
    ['新疆乌鲁木齐天山区解放北路 钱九 15900000000', ['钱九', '15900000000', '650102', '解放北路']],
    ['内蒙古呼和浩特市新城区 13600000000', ['', '13600000000', '150102', '']],
    // Municipalities, written once or twice.
    [
      '上海市浦东新区世纪大道100号 赵六 +86 186-1234-5678',
      ['赵六', '18612345678', '310115', '世纪大道100号'],
    ],
    ['北京市北京市朝阳区建国路88号', ['', '', '110105', '建国路88号']],
    ['天津滨海新区第二大街 孙一 13011112222', ['孙一', '13011112222', '120116', '第二大街']],
    ['重庆渝中区解放碑 周二 13122223333', ['周二', '13122223333', '500103', '解放碑']],
    ['重庆城口县葛城街道1号', ['', '', '500229', '葛城街道1号']],
    // A county under the province directly, autonomous prefectures written short.
    ['湖北仙桃市干河街道 郑三 13233334444', ['郑三', '13233334444', '429004', '干河街道']],
    ['黔西南州兴义市桔山大道8号', ['', '', '522301', '桔山大道8号']],
    ['湖北省恩施州恩施市舞阳坝街道', ['', '', '422801', '舞阳坝街道']],
    ['云南省大理白族自治州大理市下关镇', ['', '', '532901', '下关镇']],
    // A prefecture named like its province: 吉林市 is no 吉林 + 市….
    ['吉林市船营区解放路1号 孙七 13700000000', ['孙七', '13700000000', '220204', '解放路1号']],
    ['吉林省吉林市船营区解放路1号', ['', '', '220204', '解放路1号']],
    // A name that is also a county's short name: the address that reads on wins.
    ['江山 13800000000 浙江省衢州市江山市虎山街道', ['江山', '13800000000', '330881', '虎山街道']],
    // Labels from a shop's order page, and a postcode.
    [
      '收货人：王五，手机号码：139 1234 5678，所在地区：广东省 深圳市 南山区，详细地址：科技园南区深南大道10000号，邮编：518000',
      ['王五', '13912345678', '440305', '科技园南区深南大道10000号'],
    ],
    [
      '收件人: 欧阳娜娜\n电话: 15011112222\n地址: 江苏省南京市鼓楼区中山路2号 210008',
      ['欧阳娜娜', '15011112222', '320106', '中山路2号'],
    ],
    [
      '浙江杭州西湖文三路 100 号, 李雷, 13512345678, 310012',
      ['李雷', '13512345678', '330106', '文三路 100 号'],
    ],
  ])('%s', (text, expected) => {
    expect(split(text)).toEqual(expected);
  });

  it('keeps a landline and a postcode apart from the address', () => {
    expect(parseAddress('北京海淀区中关村大街1号 李四 010-62345678-8001 100080')).toMatchObject({
      phone: '010-62345678-8001',
      postcode: '100080',
      address: '中关村大街1号',
    });
  });

  it('names the region from the data', () => {
    expect(parseAddress('浙江杭州西湖区文三路').region).toEqual({
      province_code: '330000',
      city_code: '330100',
      district_code: '330106',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
    });
  });

  it('guesses no county a text does not name alone', () => {
    // 朝阳区 is in Beijing and in Changchun.
    const vague = parseAddress('朝阳区建国路88号 周八 13600000000');
    expect(vague).toMatchObject({ name: '周八', mobile: '13600000000', region: undefined });
    expect(vague.address).toBe('朝阳区建国路88号');
    // A province and prefecture without a county: those two for the picker.
    expect(parseAddress('内蒙古呼和浩特市')).toMatchObject({
      region: undefined,
      partial: { province_code: '150000', city_code: '150100' },
    });
    expect(parseAddress('文三路100号 张三')).toMatchObject({
      region: undefined,
      name: '张三',
      address: '文三路100号',
    });
    expect(parseAddress('')).toMatchObject({ name: '', mobile: '', address: '', region: undefined });
  });

  it('reads a bounded length quickly', () => {
    const long = `张三 13812345678 浙江省杭州市西湖区${'文三路100号'.repeat(200)}`;
    const t = performance.now();
    const p = parseAddress(long);
    expect(performance.now() - t).toBeLessThan(500);
    expect(p.region?.district_code).toBe('330106');
    expect(p.address.length).toBeLessThanOrEqual(300);
  });
});

describe('divisions', () => {
  it('checks that codes exist and belong together', () => {
    expect(regionOfCodes({ district_code: '330106' })).toMatchObject({ province: '浙江省', city: '杭州市' });
    expect(regionOfCodes({ district_code: '330100' })).toBe('unknown');
    expect(regionOfCodes({ district_code: '000000' })).toBe('unknown');
    expect(regionOfCodes({ province_code: '110000', district_code: '330106' })).toBe('mismatch');
    expect(regionOfCodes({ city_code: '330200', district_code: '330106' })).toBe('mismatch');
  });

  it('finds one county by names, or none', () => {
    expect(regionOfNames('北京市', '北京市', '海淀区')?.district_code).toBe('110108');
    expect(regionOfNames('北京', '', '海淀')?.district_code).toBe('110108');
    expect(regionOfNames('湖北省', '仙桃市', '仙桃市')?.district_code).toBe('429004');
    expect(regionOfNames('广东省', '深圳市', '西湖区')).toBeUndefined();
    expect(regionOfNames('', '', '朝阳区')).toBeUndefined();
  });

  it('knows the short names people write', () => {
    expect(shortNames('内蒙古自治区', 1)).toEqual(['内蒙古']);
    expect(shortNames('广西壮族自治区', 1)).toEqual(['广西']);
    expect(shortNames('黔西南布依族苗族自治州', 2)).toEqual(['黔西南', '黔西南州']);
    expect(shortNames('石柱土家族自治县', 3)).toEqual(['石柱']);
    expect(shortNames('城区', 3)).toEqual([]);
  });

  it('gives every prefecture at least one county to pick', () => {
    const options = cascadeOptions();
    expect(options).toHaveLength(34);
    for (const p of options)
      for (const c of p.children ?? []) expect(c.children?.length, `${p.label}${c.label}`).toBeGreaterThan(0);
    expect(division('330106')?.name).toBe('西湖区');
  });
});

describe('regionText', () => {
  it.each([
    [['北京市', '北京市', '海淀区'], '北京市海淀区'],
    [['上海市', '上海市', '浦东新区'], '上海市浦东新区'],
    [['重庆市', '县', '城口县'], '重庆市城口县'],
    [['湖北省', '省直辖县', '仙桃市'], '湖北省仙桃市'],
    [['新疆维吾尔自治区', '自治区直辖县级行政区划', '石河子市'], '新疆维吾尔自治区石河子市'],
    [['浙江省', '杭州市', '西湖区'], '浙江省杭州市西湖区'],
    // Addresses typed before codes were kept.
    [['北京', '北京市', '海淀区'], '北京海淀区'],
    [['广东省', '东莞市', '东莞市'], '广东省东莞市'],
  ])('%s → %s', ([province, city, district], text) => {
    expect(
      regionText({ province: province as string, city: city as string, district: district as string }),
    ).toBe(text);
  });

  it('is the start of the whole address', () => {
    expect(
      consigneeText({ province: '北京市', city: '北京市', district: '海淀区', address: '中关村大街1号' }),
    ).toBe('北京市海淀区中关村大街1号');
  });
});
