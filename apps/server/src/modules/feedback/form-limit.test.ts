import { PUBLIC_FORM_LIMIT } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { callLimit } from '../../platform/http/rate-limit.ts';
import { formLimit } from './form-limit.ts';

describe('public form limit', () => {
  const make = () => {
    let now = 0;
    const limit = callLimit({ max: 2, windowMs: 1000 }, () => now);
    return { hit: formLimit(limit), later: (ms: number) => (now += ms) };
  };

  it('refuses the third submission of a form from one IP in the window', () => {
    const { hit } = make();
    hit('message', '1.1.1.1');
    hit('message', '1.1.1.1');
    expect(() => hit('message', '1.1.1.1')).toThrow('提交过于频繁，请稍后再试');
  });

  it('counts each form and each IP on its own', () => {
    const { hit } = make();
    hit('message', '1.1.1.1');
    hit('message', '1.1.1.1');
    expect(() => hit('opinion', '1.1.1.1')).not.toThrow();
    expect(() => hit('message', '2.2.2.2')).not.toThrow();
  });

  it('opens again after the window', () => {
    const { hit, later } = make();
    hit('supplier', '1.1.1.1');
    hit('supplier', '1.1.1.1');
    later(1000);
    expect(() => hit('supplier', '1.1.1.1')).not.toThrow();
  });

  it('defaults to the contract limit', () => {
    const hit = formLimit();
    for (let i = 0; i < PUBLIC_FORM_LIMIT.max; i++) hit('opinion', '9.9.9.9');
    expect(() => hit('opinion', '9.9.9.9')).toThrow();
  });
});
