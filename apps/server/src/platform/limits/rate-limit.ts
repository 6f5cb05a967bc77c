import type { Counters } from './counters.ts';

/** Counts a call under `key` and says whether it is within its limit (false: refuse it). */
export type CallLimit = (key: string) => Promise<boolean>;

export interface LimitCheck {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Counts one call under each key, in the shared counters (database or Redis, ADR 0010), and says
 * whether every count is within its limit. Count and check are one atomic step per key: parallel
 * calls cannot all slip under a limit.
 */
export async function withinLimits(counters: Counters, checks: readonly LimitCheck[]): Promise<boolean> {
  const counts = await Promise.all(checks.map((c) => counters.hit(c.key, c.windowMs)));
  return counts.every((n, i) => n <= (checks[i] as LimitCheck).max);
}

/** At most `max` calls per key in each fixed window of `windowMs`. */
export function callLimit(
  counters: Counters,
  { name, max, windowMs }: { name: string; max: number; windowMs: number },
): CallLimit {
  return (key) => withinLimits(counters, [{ key: `${name}:${key}`, max, windowMs }]);
}
