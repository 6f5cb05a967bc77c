import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { declareInset } from './useStickyInset.ts';

/** jsdom lays nothing out and has no ResizeObserver or matchMedia: both stand in here. */
const observers: (() => void)[] = [];
let phone = true;
const mediaListeners = new Set<() => void>();

beforeEach(() => {
  observers.length = 0;
  mediaListeners.clear();
  phone = true;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(cb: () => void) {
        observers.push(cb);
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('matchMedia', () => ({
    get matches() {
      return phone;
    },
    addEventListener: (_: string, f: () => void) => mediaListeners.add(f),
    removeEventListener: (_: string, f: () => void) => mediaListeners.delete(f),
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function bar(height: number): HTMLElement {
  const el = document.createElement('div');
  el.getBoundingClientRect = () => ({ height }) as DOMRect;
  return el;
}
const inset = () => document.documentElement.style.getPropertyValue('--portal-sticky-bottom');
/** What the browser does once the page is laid out: each observer reports its element's size. */
const report = () => {
  for (const o of observers) o();
};

describe('declareInset', () => {
  it('adds up the bars at one edge and forgets each when it goes', () => {
    const undeclareTabs = declareInset('bottom', bar(56));
    // Nothing is measured while the bar is declared (React's commit): a read would force a layout.
    expect(inset()).toBe('');
    report();
    expect(inset()).toBe('56px');
    const undeclareCart = declareInset('bottom', bar(99.5));
    report();
    expect(inset()).toBe('156px');
    undeclareTabs();
    expect(inset()).toBe('100px');
    undeclareCart();
    expect(inset()).toBe('');
  });

  it('follows the bar’s height', () => {
    const el = bar(60);
    const undeclare = declareInset('bottom', el);
    report();
    expect(inset()).toBe('60px');
    el.getBoundingClientRect = () => ({ height: 120 }) as DOMRect;
    report();
    expect(inset()).toBe('120px');
    undeclare();
  });

  it('counts a bar declared for phones only while the media query matches', () => {
    phone = false;
    const undeclare = declareInset('bottom', bar(64), '(max-width: 576px)');
    report();
    expect(inset()).toBe('0px');
    phone = true;
    for (const f of mediaListeners) f();
    expect(inset()).toBe('64px');
    undeclare();
    expect(mediaListeners.size).toBe(0);
    expect(inset()).toBe('');
  });
});
