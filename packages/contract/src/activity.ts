/** Activity timing (spec §4): only category 业务观摩 is timed. */
export const OBSERVATION_CATEGORY = '业务观摩';

export interface Activity {
  start_time: string | number | Date;
  end_time: string | number | Date;
  category: string;
}

/**
 * Score: +1 when now is at or after start_time, +2 when now is at or before end_time.
 * 0 invalid range, 1 ended, 2 not yet started, 3 in progress. Other categories are always 3.
 */
export function activityScore(activity: Activity, now: Date = new Date()): 0 | 1 | 2 | 3 {
  if (activity.category !== OBSERVATION_CATEGORY) return 3;
  const t = now.getTime();
  let score = 0;
  if (t >= new Date(activity.start_time).getTime()) score += 1;
  if (t <= new Date(activity.end_time).getTime()) score += 2;
  return score as 0 | 1 | 2 | 3;
}
