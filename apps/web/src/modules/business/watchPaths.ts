import { type Activity, activityScore, OBSERVATION_CATEGORY, type Observable } from '@portal/contract';

/** Where a node is watched (spec 001 §2 `/observable/progress/{type}/{bid}/{nid}`), its company named. */
export const watchPath = (o: Observable) =>
  `/observable/progress/${o.node.node_type ?? 0}/${o.business.id}/${o.node.id}?company_id=${o.business.company_id}`;

/** A watched run as an activity of 业务观摩 (spec 000 §4): from its start, until it ended (none: still running). */
const asActivity = (o: Observable): Activity => ({
  category: OBSERVATION_CATEGORY,
  start_time: o.business.started_at ?? Number.POSITIVE_INFINITY,
  end_time: o.business.ended_at ?? Number.POSITIVE_INFINITY,
});

/** The activity state's words (score 0 invalid, 1 ended, 2 not yet started, 3 in progress). */
export const ACTIVITY_WORDS = ['—', '已结束', '未开始', '进行中'] as const;

export const watchState = (o: Observable, now = new Date()) =>
  ACTIVITY_WORDS[activityScore(asActivity(o), now)];
