/** The day `n` days before `day`. */
export const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** `MM-DD` of a day, as a chart's axis shows it. */
export const monthDay = (day: string) => day.slice(5);
