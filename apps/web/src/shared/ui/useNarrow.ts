import { useSyncExternalStore } from 'react';

/**
 * Below antd's `md` (768 px): a phone, or a small tablet upright. The side menu folds to its icons
 * there (app/shell/AreaShell.tsx) and back-office lists show their rows as cards (ListTable).
 */
export const NARROW_QUERY = '(max-width: 767.98px)';

/** Whether the media query matches now; follows the window as it changes (a phone turned, a resize). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

/** True on a narrow screen (`NARROW_QUERY`). */
export const useNarrow = () => useMediaQuery(NARROW_QUERY);
