import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyLoadTimeoutError, lazyPage, withTimeout } from './lazy.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const never = () => new Promise<never>(() => {});

describe('withTimeout', () => {
  it('rejects with a timeout error once 120 s have passed', async () => {
    const load = withTimeout(never);
    const result = load();
    let settled = false;
    result
      .catch(() => {})
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toBeInstanceOf(LazyLoadTimeoutError);
    await expect(result).rejects.toThrow('页面加载超时（120 秒）');
  });

  it('resolves with the module when it arrives in time and leaves no timer behind', async () => {
    const mod = { Page: 'page' };
    const load = withTimeout(() => new Promise<typeof mod>((r) => setTimeout(() => r(mod), 5_000)));
    const result = load();
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(result).resolves.toBe(mod);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes a failed import through unchanged', async () => {
    const boom = new TypeError('Failed to fetch dynamically imported module');
    await expect(withTimeout(() => Promise.reject(boom))()).rejects.toBe(boom);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('honours a custom time-out', async () => {
    const result = withTimeout(never, 1_000)();
    const check = expect(result).rejects.toBeInstanceOf(LazyLoadTimeoutError);
    await vi.advanceTimersByTimeAsync(1_000);
    await check;
  });
});

const Page = () => null;

describe('lazyPage', () => {
  it('loads once however often it is preloaded', async () => {
    const load = vi.fn(() => Promise.resolve({ Page }));
    const page = lazyPage(load, 'Page');
    expect(load).not.toHaveBeenCalled();
    page.preload();
    page.preload();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('loads again after a reset (the retry of a failed load)', async () => {
    const load = vi
      .fn<() => Promise<{ Page: typeof Page }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Page });
    const page = lazyPage(load, 'Page');
    const first = page.Component;
    page.preload();
    await vi.advanceTimersByTimeAsync(0);
    page.reset();
    expect(page.Component).not.toBe(first);
    page.preload();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
