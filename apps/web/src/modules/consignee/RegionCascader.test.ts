import { describe, expect, it } from 'vitest';
import { regionLabel, regionMatches } from './RegionCascader.tsx';

const path = (...labels: string[]) => labels.map((label) => ({ label }));

describe('the region cascade', () => {
  it('shows a picked path as a person writes it', () => {
    expect(regionLabel(['浙江省', '杭州市', '西湖区'])).toBe('浙江省 / 杭州市 / 西湖区');
    expect(regionLabel(['北京市', '北京市', '海淀区'])).toBe('北京市 / 海淀区');
    expect(regionLabel(['重庆市', '县', '城口县'])).toBe('重庆市 / 城口县');
    expect(regionLabel(['湖北省', '省直辖县', '仙桃市'])).toBe('湖北省 / 仙桃市');
  });

  it('finds a path by its whole text or by words each in it', () => {
    const xihu = path('浙江省', '杭州市', '西湖区');
    expect(regionMatches('西湖', xihu)).toBe(true);
    expect(regionMatches('杭州市西湖区', xihu)).toBe(true);
    expect(regionMatches('杭州 西湖', xihu)).toBe(true);
    expect(regionMatches('杭州西湖', xihu)).toBe(true);
    expect(regionMatches('杭州西湖区', xihu)).toBe(true);
    expect(regionMatches('南京 西湖', xihu)).toBe(false);
    expect(regionMatches('南京西湖', xihu)).toBe(false);
    // One character left without the level words is too little to go on.
    expect(regionMatches('市中区', path('山东省', '济南市', '市中区'))).toBe(true);
    expect(regionMatches('区', xihu)).toBe(true);
    expect(regionMatches('中区', xihu)).toBe(false);
  });
});
