import { addDays, dayStartIn } from '@portal/contract';
import { type RawBuilder, sql } from 'kysely';

/**
 * Every day from `first` to `last` (`YYYY-MM-DD`), both included, with when each begins in the
 * zone (ISO UTC, as stored times compare), and when the day after `last` begins (`until`).
 */
export function zoneDays(zone: string, first: string, last: string) {
  const days: { day: string; start: string }[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push({ day, start: dayStartIn(zone, day) });
  return { days, from: dayStartIn(zone, first), until: dayStartIn(zone, last, 1) };
}

/**
 * The zone's day (`YYYY-MM-DD`) of a stored time column, to group by: the same on SQLite (which
 * knows no zones) and PostgreSQL, a day of 23 or 25 hours included — a `case` over the days' starts
 * (ISO texts compare as the times they are). Rows before the first day's start get the first
 * day, so filter the rows to the days first (`from` ≤ column < `until` of `zoneDays`).
 */
export function zoneDayOf(
  column: string,
  days: readonly { day: string; start: string }[],
): RawBuilder<string> {
  const [first, ...rest] = days;
  if (!first) return sql<string>`null`;
  if (rest.length === 0) return sql<string>`${first.day}`;
  const whens = rest.map((d, i) => sql`when ${sql.ref(column)} < ${d.start} then ${days[i]?.day}`);
  return sql<string>`(case ${sql.join(whens, sql` `)} else ${rest[rest.length - 1]?.day} end)`;
}
