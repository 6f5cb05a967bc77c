import { FixedWindows } from '../../platform/http/rate-limit.ts';

/**
 * Counts failed logins per account and per IP in fixed windows. In-process: with several server
 * processes each keeps its own count, which still bounds guessing per process (ADR 0004).
 */
export class LoginLimiter {
  private readonly failures: FixedWindows;

  constructor(
    private readonly limits: { maxFailuresPerAccount: number; maxFailuresPerIp: number; windowMs: number },
    now: () => number = Date.now,
  ) {
    this.failures = new FixedWindows(limits.windowMs, now);
  }

  isLocked(account: string, ip: string) {
    return (
      this.failures.count(`a:${account.toLowerCase()}`) >= this.limits.maxFailuresPerAccount ||
      this.failures.count(`i:${ip}`) >= this.limits.maxFailuresPerIp
    );
  }

  recordFailure(account: string, ip: string) {
    this.failures.add(`a:${account.toLowerCase()}`);
    this.failures.add(`i:${ip}`);
  }

  recordSuccess(account: string) {
    this.failures.clear(`a:${account.toLowerCase()}`);
  }
}
