import { describe, expect, it } from 'vitest';
import { isOldIE } from './browser.ts';

const UA = {
  ie6: 'Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1; SV1)',
  ie8: 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)',
  ie9: 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

describe('isOldIE', () => {
  it.each([UA.ie6, UA.ie8, UA.ie9])('flags IE 9 and older: %s', (ua) => expect(isOldIE(ua)).toBe(true));
  it.each([UA.ie10, UA.ie11, UA.edge, UA.chrome, UA.firefox, ''])('lets newer browsers pass: %s', (ua) =>
    expect(isOldIE(ua)).toBe(false),
  );
});
