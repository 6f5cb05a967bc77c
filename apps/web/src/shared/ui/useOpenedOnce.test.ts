import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOpenedOnce } from './useOpenedOnce.ts';

describe('useOpenedOnce', () => {
  it('is false until the dialog first opens, then stays true when it closes', () => {
    const { result, rerender } = renderHook(({ open }) => useOpenedOnce(open), {
      initialProps: { open: false },
    });
    expect(result.current).toBe(false);
    rerender({ open: true });
    expect(result.current).toBe(true);
    rerender({ open: false });
    expect(result.current).toBe(true);
  });
});
