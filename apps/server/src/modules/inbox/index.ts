import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { inboxRepository } from './inbox.repository.ts';
import { inboxRoutes } from './inbox.routes.ts';
import { inboxService } from './inbox.service.ts';

export { type Notice, notify, type Recipient } from './inbox.service.ts';
/** A person who moves takes their messages along (modules/transfer). */
export const moveMessages = inboxRepository.move;

/** A person's messages (message-view) and the top bar's unread count (docs/adr/0038 "Messages"). */
export function inboxModule(db: Database) {
  const service = inboxService(db);
  return defineModule({ name: 'inbox', routes: (app) => inboxRoutes(app, service) });
}
