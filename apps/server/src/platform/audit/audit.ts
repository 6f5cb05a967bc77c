import type { Caller } from '../auth/session-user.ts';
import type { Database } from '../db/database.ts';
import { inCompany } from '../db/scope.ts';
import { nowIso } from '../time.ts';

/** One write of the audit log. */
export interface AuditEntry {
  action: 'create' | 'update' | 'delete';
  entity: string;
  entityId: number;
  before?: unknown;
  after?: unknown;
}

const rowOf = (caller: Caller, entry: AuditEntry, at: string) => ({
  user_id: caller.userId,
  action: entry.action,
  entity: entry.entity,
  entity_id: entry.entityId,
  before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
  after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
  ip: caller.ip,
  created_at: at,
});

/** Records an administrator's write (who, when, what, before/after) in the caller's transaction. */
export async function audit(db: Database, caller: Caller, entry: AuditEntry) {
  await inCompany(db, caller.companyId)
    .insertInto('audit_logs', rowOf(caller, entry, nowIso()))
    .execute();
}

/** Records many writes of one request (an import's rows) in one statement, in the caller's transaction. */
export async function auditMany(db: Database, caller: Caller, entries: readonly AuditEntry[]) {
  if (entries.length === 0) return;
  const at = nowIso();
  await inCompany(db, caller.companyId)
    .insertInto(
      'audit_logs',
      entries.map((e) => rowOf(caller, e, at)),
    )
    .execute();
}

/**
 * `auditMany` for one action on one kind of entity (a batch 审核, 上架, delete): `change` gives each
 * row's id and what it was and became.
 */
export function auditRows<T>(
  db: Database,
  caller: Caller,
  action: AuditEntry['action'],
  entity: string,
  rows: readonly T[],
  change: (row: T) => Pick<AuditEntry, 'entityId' | 'before' | 'after'>,
) {
  return auditMany(
    db,
    caller,
    rows.map((row) => ({ action, entity, ...change(row) })),
  );
}
