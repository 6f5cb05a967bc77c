import type { Caller } from '../auth/session-user.ts';
import type { Database } from '../db/database.ts';
import { nowIso } from '../time.ts';

/** Records an administrator's write (who, when, what, before/after) in the caller's transaction. */
export async function audit(
  db: Database,
  caller: Caller,
  entry: {
    action: 'create' | 'update' | 'delete';
    entity: string;
    entityId: number;
    before?: unknown;
    after?: unknown;
  },
) {
  await db
    .insertInto('audit_logs')
    .values({
      company_id: caller.companyId,
      user_id: caller.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      ip: caller.ip,
      created_at: nowIso(),
    })
    .execute();
}
