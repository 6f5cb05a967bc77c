import type { Caller } from './session-user.ts';

type Session = Omit<Caller, 'ip'> & { expiresAt: string; mustChangePassword: boolean };

/**
 * Sessions read in the last `ttlMs` are answered from memory, keyed by the token itself so a hit
 * costs neither a query nor a hash: the session lookup was the largest remaining cost of an
 * authenticated read. Logout and password changes forget them at once in this
 * process; another process (several behind one balancer) notices within `ttlMs` (ADR 0005).
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: Session; at: number; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): Session | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    const t = this.now();
    if (t - hit.at > this.ttlMs || hit.expiresAt <= t) {
      this.entries.delete(token);
      return undefined;
    }
    return hit.session;
  }

  set(token: string, session: Session) {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, { session, at: this.now(), expiresAt: Date.parse(session.expiresAt) });
  }

  /** Forgets a session by its id (the token's hash); logout is rare, so a scan is fine. */
  forget(sessionId: string) {
    for (const [token, e] of this.entries) if (e.session.sessionId === sessionId) this.entries.delete(token);
  }

  forgetUser(userId: number) {
    for (const [id, e] of this.entries) if (e.session.userId === userId) this.entries.delete(id);
  }
}
