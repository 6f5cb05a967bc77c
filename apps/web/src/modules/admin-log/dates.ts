/** Today in China time (`YYYY-MM-DD`), the days the server counts by. */
export const chinaToday = (now = Date.now()) => new Date(now + 8 * 3600_000).toISOString().slice(0, 10);

/** The day `n` days before `day`. */
export const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** `MM-DD` of a day, as a chart's axis shows it. */
export const monthDay = (day: string) => day.slice(5);
