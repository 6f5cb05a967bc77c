import { describe, expect, it } from 'vitest';
import { absoluteUrl, noteLines, qrFileName, referralPath, releaseDownload } from './qr.ts';

describe('qr helpers', () => {
  it('builds absolute addresses from site paths', () => {
    expect(absoluteUrl('/register', 'https://www.example.cn')).toBe('https://www.example.cn/register');
    expect(absoluteUrl('/demo/app/android.html?v=2.3.1', 'http://127.0.0.1:3000')).toBe(
      'http://127.0.0.1:3000/demo/app/android.html?v=2.3.1',
    );
    expect(absoluteUrl('https://cdn.example.cn/a.apk', 'https://www.example.cn')).toBe(
      'https://cdn.example.cn/a.apk',
    );
  });

  it('puts the referrer and the company in the register link', () => {
    expect(referralPath('13912345678', 125)).toBe('/register?HigherMobile=13912345678&company_id=125');
  });

  it('makes safe file names', () => {
    expect(qrFileName('商城首页')).toBe('商城首页-二维码.png');
    expect(qrFileName('a/b: c')).toBe('a-b-c-二维码.png');
    expect(qrFileName('///')).toBe('二维码-二维码.png');
  });

  it('splits release notes into lines', () => {
    expect(noteLines('修复问题\r\n\n  优化速度 ')).toEqual(['修复问题', '优化速度']);
  });
});

describe('a release download', () => {
  it('is offered only when the company put a package up', () => {
    expect(releaseDownload({ download_url: '' })).toBeNull();
    expect(releaseDownload({ download_url: '  ' })).toBeNull();
    expect(releaseDownload({ download_url: '/api/file/download?id=3' })).toBe('/api/file/download?id=3');
  });
});
