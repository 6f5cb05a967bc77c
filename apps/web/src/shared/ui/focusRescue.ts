import { focusRegion } from './focusRegion.ts';

/**
 * Keeps keyboard focus on the page when the focused control disappears: a deleted row's button, a
 * submit button whose form is replaced by its result, a popup's item. Without this the browser
 * drops focus to <body> and a keyboard or screen-reader user starts again from the top.
 *
 * When focus has fallen to <body> because the element that had it left the document, focus moves
 * to the nearest "focus home" around where it was: an element marked `data-focus-home` (a list, a
 * result panel), else the page's <main>. A page that moves focus itself (a dialog, an autofocus
 * field) keeps it: the rescue only acts when nothing has focus.
 */
export const FOCUS_HOME = '[data-focus-home]';

/** Where focus should go once `lost` (no longer in the document) took it away; null if nowhere. */
export function focusHomeFor(lostAncestors: readonly Element[], doc: Document): HTMLElement | null {
  const anchor = lostAncestors.find((a) => a.isConnected);
  const home =
    anchor?.closest<HTMLElement>(FOCUS_HOME) ??
    anchor?.querySelector<HTMLElement>(FOCUS_HOME) ??
    doc.querySelector<HTMLElement>('main');
  return home ?? null;
}

/** Installs the rescue on `doc`; returns its removal. */
export function installFocusRescue(doc: Document): () => void {
  let ancestors: Element[] = [];
  let last: Element | null = null;
  const onFocusIn = (e: FocusEvent) => {
    const target = e.target;
    if (!(target instanceof Element) || target === last) return;
    last = target;
    ancestors = [];
    for (let a = target.parentElement; a; a = a.parentElement) ancestors.push(a);
  };
  const check = () => {
    if (!last || last.isConnected) return;
    const active = doc.activeElement;
    if (active && active !== doc.body) return;
    const home = focusHomeFor(ancestors, doc);
    last = null;
    if (home) focusRegion(home);
  };
  const observer = new MutationObserver(check);
  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    doc.removeEventListener('focusin', onFocusIn);
  };
}
