import type { MouseEvent } from 'react';
import { focusRegion } from './focusRegion.ts';

/** The page's main region: every layout renders one `<main>` (antd's Layout.Content is one). */
function mainRegion(): HTMLElement | null {
  return document.querySelector('main');
}

/**
 * The first stop of every page for a keyboard user: drawn only while focused, it moves focus past
 * the header and menus to the page's main region (WCAG 2.4.1).
 */
export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = mainRegion();
    if (!main) return;
    e.preventDefault();
    focusRegion(main, { block: 'start' });
  };
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is a link to the main region; the handler focuses it because the router owns the address (no #main in it)
    <a className="skip-link" href="#main" onClick={skip}>
      跳到主要内容
    </a>
  );
}
