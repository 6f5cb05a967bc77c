import { useCallback } from 'react';

/**
 * Declares a sticky header (`top`) or bottom bar (`bottom`) to the page: a ref for the bar whose
 * height, kept up to date, becomes the page's scroll padding (global.css), so a control that gets
 * keyboard focus is scrolled clear of the bar instead of under it (WCAG 2.4.7; 2.4.11 in 2.2).
 */
export function useStickyInset(edge: 'top' | 'bottom'): (el: HTMLElement | null) => undefined | (() => void) {
  return useCallback(
    (el: HTMLElement | null) => {
      if (!el || typeof ResizeObserver === 'undefined') return;
      const root = document.documentElement;
      const name = `--portal-sticky-${edge}`;
      const update = () => root.style.setProperty(name, `${Math.ceil(el.getBoundingClientRect().height)}px`);
      update();
      const observer = new ResizeObserver(update);
      observer.observe(el);
      return () => {
        observer.disconnect();
        root.style.removeProperty(name);
      };
    },
    [edge],
  );
}
