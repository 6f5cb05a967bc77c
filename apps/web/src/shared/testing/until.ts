import { act } from 'react';

/**
 * Lets timers, answers of mocked calls and React's renders run until `check` holds (for web unit
 * tests; a wait on a condition, not a fixed sleep): fails after 10 s, naming the condition.
 */
export async function until(check: () => unknown) {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`still not so after 10 s: ${check}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}
