/**
 * Counts failed logins per account and per IP in fixed windows. In-process: with several server
 * processes each keeps its own count, which still bounds guessing per process (ADR 0004).
 */
export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limits: { maxFailuresPerAccount: number; maxFailuresPerIp: number; windowMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  private count(key: string) {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    if (entry.resetAt <= this.now()) {
      this.failures.delete(key);
      return 0;
    }
    return entry.count;
  }

  isLocked(account: string, ip: string) {
    return (
      this.count(`a:${account.toLowerCase()}`) >= this.limits.maxFailuresPerAccount ||
      this.count(`i:${ip}`) >= this.limits.maxFailuresPerIp
    );
  }

  recordFailure(account: string, ip: string) {
    for (const key of [`a:${account.toLowerCase()}`, `i:${ip}`]) {
      const current = this.count(key);
      const resetAt = this.failures.get(key)?.resetAt ?? this.now() + this.limits.windowMs;
      this.failures.set(key, { count: current + 1, resetAt });
    }
    if (this.failures.size > 100_000) this.sweep();
  }

  recordSuccess(account: string) {
    this.failures.delete(`a:${account.toLowerCase()}`);
  }

  private sweep() {
    const t = this.now();
    for (const [k, v] of this.failures) if (v.resetAt <= t) this.failures.delete(k);
  }
}
