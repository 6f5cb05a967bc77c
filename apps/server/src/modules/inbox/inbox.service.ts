import {
  INBOX_CONTENT_MAX,
  INBOX_KEEP,
  INBOX_LATEST,
  INBOX_TITLE_MAX,
  type InboxKind,
  type InboxMessage,
  type InboxSummary,
} from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { type PageParams, paged } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { nowIso } from '#server/platform/time.ts';
import { type InboxFilter, inboxRepository as repo } from './inbox.repository.ts';

type Row = {
  id: number;
  kind: string;
  title: string;
  content: string;
  link: string;
  read_at: string | null;
  created_at: string;
};

const itemOf = (r: Row): InboxMessage => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  content: r.content,
  link: r.link,
  is_read: r.read_at === null ? 0 : 1,
  create_time: r.created_at,
});

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export interface Notice {
  kind: InboxKind;
  title: string;
  content: string;
  /** A path of the portal the message is about. */
  link?: string;
}

/** Who a message goes to: a person and the company they are in. */
export interface Recipient {
  user_id: number;
  company_id: number;
}

/**
 * Tells people something (docs/adr/0038 "Messages"), in the caller's transaction, so a message is
 * kept exactly when what it tells is: one row per person in their company; each person keeps their
 * newest INBOX_KEEP. Other modules import it through the inbox module's index.
 */
export async function notify(trx: Database, recipients: readonly Recipient[], notice: Notice) {
  const message = {
    kind: notice.kind,
    title: clip(notice.title, INBOX_TITLE_MAX),
    content: clip(notice.content, INBOX_CONTENT_MAX),
    link: notice.link ?? '',
  };
  const byCompany = new Map<number, Set<number>>();
  for (const r of recipients)
    byCompany.set(r.company_id, (byCompany.get(r.company_id) ?? new Set()).add(r.user_id));
  const now = nowIso();
  for (const [companyId, users] of byCompany) {
    await repo.insert(
      trx,
      companyId,
      [...users].map((user_id) => ({ ...message, user_id })),
      now,
    );
    for (const id of users) await repo.trim(trx, companyId, id, INBOX_KEEP);
  }
}

/**
 * A person's own messages: only ever the caller's (their user and company), so another person's
 * message id is simply not found.
 */
export function inboxService(db: Database) {
  async function list(caller: Caller, f: InboxFilter, p: PageParams) {
    const [page, unread] = await Promise.all([
      repo.page(db, caller.companyId, caller.userId, f, p),
      repo.unread(db, caller.companyId, caller.userId),
    ]);
    return { ...paged({ count: page.count, results: page.results.map(itemOf) }, p), unread };
  }

  async function summary(caller: Caller): Promise<InboxSummary> {
    const [unread, latest] = await Promise.all([
      repo.unread(db, caller.companyId, caller.userId),
      repo.latestUnread(db, caller.companyId, caller.userId, INBOX_LATEST),
    ]);
    return { unread, latest: latest.map(itemOf) };
  }

  /** Deletes the caller's messages among `ids`: all of them or, if one is not theirs, none. */
  async function remove(caller: Caller, ids: readonly number[]) {
    const unique = [...new Set(ids)];
    return db.transaction().execute(async (trx) => {
      const own = await repo.ownIds(trx, caller.companyId, caller.userId, unique);
      if (own.length !== unique.length) throw new AppError('MESSAGE_NOT_FOUND', undefined, 'ids');
      return { count: await repo.remove(trx, caller.companyId, caller.userId, unique) };
    });
  }

  async function read(caller: Caller, ids: readonly number[]) {
    const count = await repo.markRead(db, caller.companyId, caller.userId, [...new Set(ids)], nowIso());
    return { count, unread: await repo.unread(db, caller.companyId, caller.userId) };
  }

  return { list, summary, remove, read };
}
export type InboxService = ReturnType<typeof inboxService>;
