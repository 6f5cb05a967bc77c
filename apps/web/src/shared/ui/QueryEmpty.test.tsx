import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mount } from '#web/shared/testing/mount.tsx';
import { QueryEmpty } from './QueryEmpty.tsx';

describe('QueryEmpty', () => {
  it('says there is nothing when the answer was empty', () => {
    const el = mount(<QueryEmpty query={{ isError: false, refetch: () => {} }} description="暂无分类" />);
    expect(el.textContent).toContain('暂无分类');
    expect(el.querySelector('button')).toBeNull();
  });

  it('says loading failed and retries when the answer never came', () => {
    const refetch = vi.fn();
    const el = mount(<QueryEmpty query={{ isError: true, refetch }} description="暂无分类" />);
    expect(el.textContent).toContain('加载失败');
    expect(el.textContent).not.toContain('暂无分类');
    act(() => el.querySelector('button')?.click());
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('says it in the words it is given', () => {
    const el = mount(
      <QueryEmpty
        query={{ isError: true, refetch: () => {} }}
        description="No products yet"
        failed="Failed to load"
        retry="Retry"
      />,
    );
    expect(el.textContent).toContain('Failed to load');
    expect(el.querySelector('button')?.textContent).toBe('Retry');
    expect(el.textContent).not.toMatch(/加载失败|重试/);
  });
});
