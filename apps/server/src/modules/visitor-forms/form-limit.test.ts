import { PUBLIC_FORM_LIMIT } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { memoryCounters } from '#server/platform/limits/counters.ts';
import { formLimit } from './form-limit.ts';

describe('public form limit', () => {
  const make = () => {
    let now = 0;
    return { hit: formLimit(memoryCounters(() => now)), later: (ms: number) => (now += ms) };
  };
  const fill = async (
    hit: ReturnType<typeof make>['hit'],
    form: 'message' | 'opinion' | 'supplier',
    ip: string,
  ) => {
    for (let i = 0; i < PUBLIC_FORM_LIMIT.max; i++) await hit(form, ip);
  };

  it('refuses a submission past the limit from one IP in the window', async () => {
    const { hit } = make();
    await fill(hit, 'message', '1.1.1.1');
    await expect(hit('message', '1.1.1.1')).rejects.toThrow('提交过于频繁，请稍后再试');
  });

  it('counts each form and each IP on its own', async () => {
    const { hit } = make();
    await fill(hit, 'message', '1.1.1.1');
    await expect(hit('opinion', '1.1.1.1')).resolves.toBeUndefined();
    await expect(hit('message', '2.2.2.2')).resolves.toBeUndefined();
  });

  it('opens again after the window', async () => {
    const { hit, later } = make();
    await fill(hit, 'supplier', '1.1.1.1');
    later(PUBLIC_FORM_LIMIT.windowMinutes * 60_000);
    await expect(hit('supplier', '1.1.1.1')).resolves.toBeUndefined();
  });
});
