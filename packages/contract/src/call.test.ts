import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type Call, fillPath, pathParams } from './call.ts';
import { KEYWORD_MAX } from './constants.ts';
import * as contract from './index.ts';

describe('path parameters', () => {
  const path = '/business/wait/{bid}/{nid}/';

  it('names them in order and fills each by its name, the rest of the path untouched', () => {
    expect(pathParams(path)).toEqual(['bid', 'nid']);
    expect(fillPath(path, (name) => `:${name}`)).toBe('/business/wait/:bid/:nid/');
    const input: Record<string, string> = { bid: '业务 1', nid: '2' };
    expect(fillPath(path, (name) => encodeURIComponent(input[name] ?? ''))).toBe(
      `/business/wait/${encodeURIComponent('业务 1')}/2/`,
    );
    expect(fillPath('/goods/brand/list', () => 'x')).toBe('/goods/brand/list');
  });
});

describe('search keywords', () => {
  // Every page bounds its search box by KEYWORD_MAX (ListToolbar's maxLength): a call whose keyword
  // took fewer would refuse what the box lets a user type, one that took more would be cut short.
  const tables = Object.entries(contract).filter(([name]) => name.endsWith('Calls'));
  const withKeyword = tables.flatMap(([, table]) =>
    Object.values(table as Record<string, Call>).filter(
      (c) => (c.input as { shape?: Record<string, unknown> }).shape?.keyword !== undefined,
    ),
  );
  const keywordOf = (c: Call) => (c.input as unknown as { shape: { keyword: z.ZodType } }).shape.keyword;

  it('take KEYWORD_MAX characters and no more, in every call that has one', () => {
    expect(withKeyword.length).toBeGreaterThan(20);
    const wrong = withKeyword
      .filter(
        (c) =>
          !keywordOf(c).safeParse('字'.repeat(KEYWORD_MAX)).success ||
          keywordOf(c).safeParse('字'.repeat(KEYWORD_MAX + 1)).success,
      )
      .map((c) => `${c.method} ${c.path}`);
    expect(wrong).toEqual([]);
  });
});
