import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mount } from '#web/shared/testing/mount.tsx';
import { HomeBlock } from './HomeBlock.tsx';

function render(query: object) {
  return mount(
    <HomeBlock id="t" title="新访客" query={query as never}>
      {(d: { n: number }) => <p>共 {d.n} 人</p>}
    </HomeBlock>,
  );
}

describe('HomeBlock', () => {
  it('shows what its query answered under its heading, which names the region', () => {
    const el = render({ isSuccess: true, isError: false, isPending: false, data: { n: 3 } });
    expect(el.querySelector('section')?.getAttribute('aria-labelledby')).toBe('t-heading');
    expect(el.querySelector('#t-heading')?.textContent).toBe('新访客');
    expect(el.textContent).toContain('共 3 人');
  });

  it('says loading failed and retries', () => {
    const refetch = vi.fn();
    const el = render({ isSuccess: false, isError: true, isPending: false, refetch });
    expect(el.querySelector('[role="alert"]')?.textContent).toContain('新访客加载失败');
    act(() => el.querySelector('button')?.click());
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows a skeleton while loading', () => {
    const el = render({ isSuccess: false, isError: false, isPending: true });
    expect(el.querySelector('.ant-skeleton')).not.toBeNull();
    expect(el.textContent).not.toContain('共');
  });
});
