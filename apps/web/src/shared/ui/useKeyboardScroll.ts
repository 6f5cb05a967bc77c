import { useEffect, useRef } from 'react';

/**
 * A table wider than the screen (a phone) scrolls sideways; a keyboard user scrolls it only if the
 * scrolling box can take focus (WCAG 2.1.1). While it overflows it is a named, focusable region.
 */
export function useKeyboardScroll(label: string | undefined) {
  const box = useRef<HTMLDivElement>(null);
  const name = useRef(label);
  name.current = label;
  const watched = useRef<{ scroller: HTMLElement; observer: ResizeObserver; update: () => void } | null>(
    null,
  );
  // Runs after every render (the table may have replaced its scrolling box), but observes a box
  // only once: a render of the same box only re-checks it.
  useEffect(() => {
    const scroller = box.current?.querySelector<HTMLElement>('.ant-table-content') ?? null;
    if (watched.current?.scroller === scroller) {
      watched.current?.update();
      return;
    }
    watched.current?.observer.disconnect();
    watched.current = null;
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      if (scroller.scrollWidth > scroller.clientWidth) {
        scroller.tabIndex = 0;
        scroller.setAttribute('role', 'region');
        scroller.setAttribute('aria-label', `${name.current ?? '列表'}（可左右滚动）`);
      } else {
        scroller.removeAttribute('tabindex');
        scroller.removeAttribute('role');
        scroller.removeAttribute('aria-label');
      }
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    for (const child of scroller.children) observer.observe(child);
    watched.current = { scroller, observer, update };
  });
  useEffect(() => () => watched.current?.observer.disconnect(), []);
  return box;
}
