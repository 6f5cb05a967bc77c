import { describe, expect, it } from 'vitest';
import { fillPath, pathParams } from './call.ts';

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
