import { useCallback } from 'react';

type Edge = 'top' | 'bottom';

/** The bars declared at each edge, with the height each covers now. */
const bars: Record<Edge, Map<HTMLElement, number>> = { top: new Map(), bottom: new Map() };

/** Writes the edge's total (bars stack: the cart's 结算 bar sits on the phone's tab bar) to the page. */
function publish(edge: Edge): void {
  const name = `--portal-sticky-${edge}`;
  const root = document.documentElement;
  if (bars[edge].size === 0) root.style.removeProperty(name);
  else root.style.setProperty(name, `${[...bars[edge].values()].reduce((a, b) => a + b, 0)}px`);
}

/**
 * Declares `el` as a bar at the `edge` of the window until the returned function is called: its
 * height, kept up to date, counts in the edge's inset. With `media` it counts only while the media
 * query matches (a fixed bar on a phone that sits in the page on a desktop).
 */
export function declareInset(edge: Edge, el: HTMLElement, media?: string): () => void {
  const query = media && typeof matchMedia === 'function' ? matchMedia(media) : null;
  const update = () => {
    bars[edge].set(el, query && !query.matches ? 0 : Math.ceil(el.getBoundingClientRect().height));
    publish(edge);
  };
  // Measured when the observer reports (its first report comes as the page is laid out), never
  // here: reading a height while React commits forced a layout of the whole page, 100 ms on a phone
  // as a server-rendered page hydrated.
  const observer = new ResizeObserver(update);
  observer.observe(el);
  query?.addEventListener('change', update);
  return () => {
    observer.disconnect();
    query?.removeEventListener('change', update);
    bars[edge].delete(el);
    publish(edge);
  };
}

/**
 * Declares a sticky header (`top`) or bottom bar (`bottom`) to the page: a ref for the bar whose
 * height, kept up to date, becomes the page's scroll padding (global.css), so a control that gets
 * keyboard focus is scrolled clear of the bar instead of under it (WCAG 2.4.7; 2.4.11 in 2.2).
 * Bars at one edge add up; `media`: the bar covers the page only while it matches (phone widths).
 */
export function useStickyInset(
  edge: Edge,
  media?: string,
): (el: HTMLElement | null) => undefined | (() => void) {
  return useCallback(
    (el: HTMLElement | null) => {
      if (!el || typeof ResizeObserver === 'undefined') return;
      return declareInset(edge, el, media);
    },
    [edge, media],
  );
}
