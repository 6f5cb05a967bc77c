import { useState } from 'react';

/**
 * Whether a dialog has been opened at least once: its code is fetched then (a lazy component) and
 * it stays mounted after, so it closes with its animation and returns focus.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived while rendering (React's "state from the previous render"): no extra render, no effect.
  if (open && !opened) setOpened(true);
  return opened || open;
}
