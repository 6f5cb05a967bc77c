import type { Counters } from '../limits/counters.ts';

/** Counts a call under `key` and says whether it is within its limit (false: refuse it). */
export type CallLimit = (key: string) => Promise<boolean>;

/**
 * At most `max` calls per key in each fixed window of `windowMs`, counted in the shared counters
 * (database or Redis, ADR 0010), so the limit holds across processes and restarts. The count and the
 * check are one atomic step: parallel calls cannot all slip under the limit.
 */
export function callLimit(
  counters: Counters,
  { name, max, windowMs }: { name: string; max: number; windowMs: number },
): CallLimit {
  return async (key) => (await counters.hit(`${name}:${key}`, windowMs)) <= max;
}
