import type { Caller } from './session-user.ts';

type Session = Omit<Caller, 'ip'> & { expiresAt: string };

/**
 * Sessions read in the last `ttlMs` are answered from memory: the session lookup was the largest
 * remaining cost of an authenticated read. Logout and password changes forget them at once in this
 * process; another process (several behind one balancer) notices within `ttlMs` (ADR 0005).
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: Session; at: number; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(id: string): Session | undefined {
    const hit = this.entries.get(id);
    if (!hit) return undefined;
    const t = this.now();
    if (t - hit.at > this.ttlMs || hit.expiresAt <= t) {
      this.entries.delete(id);
      return undefined;
    }
    return hit.session;
  }

  set(id: string, session: Session) {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(id, { session, at: this.now(), expiresAt: Date.parse(session.expiresAt) });
  }

  forget(id: string) {
    this.entries.delete(id);
  }

  forgetUser(userId: number) {
    for (const [id, e] of this.entries) if (e.session.userId === userId) this.entries.delete(id);
  }
}
