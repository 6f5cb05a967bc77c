import { GUEST_LIMITS, type GuestRecent, type GuestWelcome } from '@portal/contract';
import type { CompanyService } from '#server/modules/company/index.ts';
import { AppError, companyMissing } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { Counters } from '#server/platform/limits/counters.ts';
import { callLimit } from '#server/platform/limits/rate-limit.ts';
import { dayIn, dayStartIn, nowIso, type ZoneOf } from '#server/platform/time.ts';
import { guestRepository as repo } from './guest.repository.ts';

/** The IP with its last part hidden: `203.0.113.*`, `2001:db8:1:*`. */
export function maskIp(ip: string) {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.*`;
  if (ip.includes(':')) {
    const groups = ip.split(':').filter((g) => g !== '');
    return groups.length > 0 ? `${groups.slice(0, 3).join(':')}:*` : '*';
  }
  return ip ? '*' : '';
}

/** The referring site's host ('' for none, a non-web address, or `ownHost`). */
export function referrerHost(referrer: string, ownHost?: string) {
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return url.host === ownHost ? '' : url.host;
  } catch {
    return '';
  }
}

const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger/i, '微信'],
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/bot|spider|crawl/i, '爬虫'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iOS/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A short name of the browser and system (`Chrome · Windows`), '未知' when neither is known. */
export function agentName(ua: string) {
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  return [browser, system].filter(Boolean).join(' · ') || '未知';
}

export interface WelcomeInput {
  visitor: string;
  path?: string | undefined;
  referrer?: string | undefined;
}

/**
 * Visitors of a company's public pages (ADR 0027). A welcome is limited per IP in the shared
 * counters (every process counts together), then recorded once per visitor by the unique index.
 */
export function guestService(
  db: Database,
  deps: { companies: Pick<CompanyService, 'active'>; counters: Counters; zoneOf: ZoneOf },
) {
  const limit = callLimit(deps.counters, {
    name: 'guest-welcome',
    max: GUEST_LIMITS.perIp,
    windowMs: GUEST_LIMITS.windowMinutes * 60_000,
  });
  return {
    async welcome(
      companyId: number,
      input: WelcomeInput,
      client: { ip: string; userAgent: string | undefined; host: string | undefined },
    ): Promise<GuestWelcome> {
      const company = await deps.companies.active(companyId);
      if (!company) throw companyMissing();
      if (!(await limit(client.ip))) throw new AppError('GUEST_TOO_FREQUENT');
      const first = await repo.record(db, companyId, {
        visitor: input.visitor,
        path: input.path ?? '',
        referrer: referrerHost(input.referrer ?? '', client.host),
        ip: client.ip.slice(0, 64),
        user_agent: (client.userAgent ?? '').slice(0, GUEST_LIMITS.userAgent),
        created_at: nowIso(),
      });
      const greeting = first
        ? `欢迎您首次访问${company.company_name}！`
        : `欢迎回到${company.company_name}！`;
      return { greeting, first };
    },

    async recent(companyId: number, now = Date.now()): Promise<GuestRecent> {
      // Today and the last 7 days on the company's clock (as on the rest of the 商城管理 home).
      const zone = await deps.zoneOf(companyId);
      const today = dayIn(zone, now);
      const [counts, rows] = await Promise.all([
        repo.countsSince(db, companyId, dayStartIn(zone, today), dayStartIn(zone, today, -6)),
        repo.latest(db, companyId, GUEST_LIMITS.latest),
      ]);
      return {
        ...counts,
        latest: rows.map((r) => ({
          id: r.id,
          path: r.path,
          referrer: r.referrer,
          ip: maskIp(r.ip),
          agent: agentName(r.user_agent),
          create_time: r.created_at,
        })),
      };
    },
  };
}

export type GuestService = ReturnType<typeof guestService>;
