import type { Counters } from '#server/platform/limits/counters.ts';

export interface LoginLimits {
  /** Failures per account from one address (or one known browser) before that pair is locked. */
  maxFailuresPerAccount: number;
  /** Failures per address over all accounts before the address is locked. */
  maxFailuresPerIp: number;
  /** Failures per account from strangers (neither a known browser nor a known address) before strangers are locked out of it. */
  maxStrangerFailuresPerAccount: number;
  windowMs: number;
}

/**
 * How well the login attempt's client is known to the account: a browser that logged in to it
 * before (its device cookie), an address it logged in from before, or a stranger.
 */
export type Familiarity = { kind: 'device'; device: string } | { kind: 'address' } | { kind: 'stranger' };

/** One admitted attempt: its counts stay as failures unless it turns out to be a success. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

/**
 * The login lock-out (ADR 0010), in the shared counters so every process sees one count and a
 * restart forgets nothing. Each attempt is counted before the password is checked (one atomic step
 * per counter), so parallel guesses cannot pass the check together; a success takes its count back.
 *
 * What locks is chosen so that an attacker cannot lock the owner out:
 * - the pair account × address (or account × known browser) after `maxFailuresPerAccount`: an
 *   attacker's address is locked, the owner's is not;
 * - an address after `maxFailuresPerIp` over all accounts (guessing many accounts);
 * - strangers to an account after `maxStrangerFailuresPerAccount` from all addresses (guessing one
 *   account from many addresses): the owner's known browsers and addresses still get in, each under
 *   its own pair count — the owner's slower, separate path.
 */
export function loginLimiter(counters: Counters, limits: LoginLimits) {
  const { windowMs } = limits;
  return {
    /** Counts the attempt; null when it must be refused without checking the password. */
    async admit(account: string, ip: string, familiarity: Familiarity): Promise<LoginAttempt | null> {
      const name = account.toLowerCase();
      const ipKey = `login:ip:${ip}`;
      if ((await counters.hit(ipKey, windowMs)) > limits.maxFailuresPerIp) return null;
      const pairKey =
        familiarity.kind === 'device'
          ? `login:device:${familiarity.device}:${name}`
          : `login:pair:${name}:${ip}`;
      if ((await counters.hit(pairKey, windowMs)) > limits.maxFailuresPerAccount) return null;
      const strangerKey = familiarity.kind === 'stranger' ? `login:strangers:${name}` : null;
      if (strangerKey && (await counters.hit(strangerKey, windowMs)) > limits.maxStrangerFailuresPerAccount) {
        return null;
      }
      return {
        async succeeded() {
          await Promise.all([
            counters.undo(ipKey),
            counters.reset(pairKey),
            strangerKey ? counters.undo(strangerKey) : undefined,
          ]);
        },
      };
    },
  };
}

export type LoginLimiter = ReturnType<typeof loginLimiter>;
