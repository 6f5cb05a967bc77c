/**
 * Moves keyboard focus to a region that is not a control (a list, a result panel, the main region):
 * focusable by script only (tabindex -1) and drawn without a ring (global.css, [data-focus-region]),
 * so a screen reader reads it out and the next Tab continues from there.
 */
export function focusRegion(el: HTMLElement, scroll: ScrollIntoViewOptions | false = false): void {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.setAttribute('data-focus-region', '');
  el.focus({ preventScroll: true });
  if (scroll) el.scrollIntoView?.(scroll);
}
