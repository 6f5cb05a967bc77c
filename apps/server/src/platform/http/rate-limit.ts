/**
 * Fixed-window counters per key, in-process: with several server processes each keeps its own
 * count, which still bounds every caller per process (ADR 0004).
 */
export class FixedWindows {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Calls counted under `key` in its current window. */
  count(key: string) {
    const entry = this.counts.get(key);
    if (!entry) return 0;
    if (entry.resetAt <= this.now()) {
      this.counts.delete(key);
      return 0;
    }
    return entry.count;
  }

  add(key: string) {
    const current = this.count(key);
    const resetAt = this.counts.get(key)?.resetAt ?? this.now() + this.windowMs;
    this.counts.set(key, { count: current + 1, resetAt });
    if (this.counts.size > 100_000) this.sweep();
  }

  clear(key: string) {
    this.counts.delete(key);
  }

  private sweep() {
    const t = this.now();
    for (const [k, v] of this.counts) if (v.resetAt <= t) this.counts.delete(k);
  }
}

/** Counts a call under `key` and says true, or says false (and counts nothing) when `key` is at its limit. */
export type CallLimit = (key: string) => boolean;

/** At most `max` calls per key in each window of `windowMs`. */
export function callLimit(
  { max, windowMs }: { max: number; windowMs: number },
  now: () => number = Date.now,
): CallLimit {
  const windows = new FixedWindows(windowMs, now);
  return (key) => {
    if (windows.count(key) >= max) return false;
    windows.add(key);
    return true;
  };
}
