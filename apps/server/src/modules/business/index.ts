import { fileService } from '#server/modules/file/index.ts';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { BlobStore } from '#server/platform/files/file-store.ts';
import type { LiveHub } from '#server/platform/live/live-hub.ts';
import { defineModule } from '#server/platform/module.ts';
import type { ZoneOf } from '#server/platform/time.ts';
import { businessRoutes } from './business.routes.ts';
import { businessService } from './business.service.ts';
import { businessActs } from './business-act.ts';
import { businessBoardService } from './business-board.service.ts';
import { businessDisplayService } from './business-display.service.ts';
import { businessDocService } from './business-doc.service.ts';
import { businessJumpService } from './business-jump.service.ts';
import { businessKnowledgeService } from './business-knowledge.service.ts';
import { businessMessageService } from './business-message.service.ts';
import { businessNoteService } from './business-note.service.ts';
import { businessPostService } from './business-post.service.ts';
import { businessReportService } from './business-report.service.ts';
import { businessRunService } from './business-run.service.ts';
import { businessSeatService } from './business-seat.service.ts';
import { businessTeamService } from './business-team.service.ts';
import type { BusinessUploads } from './business-uploads.ts';
import { businessWatchService } from './business-watch.service.ts';

/** The services of the business module, each built on those it needs. */
export function businessServices(
  db: Database,
  deps: { zoneOf: ZoneOf; permissions: PermissionCache; live: LiveHub; fileStore: BlobStore },
) {
  const businesses = businessService(db, deps);
  const team = businessTeamService(db, { permissions: deps.permissions, detail: businesses.detailIn });
  const watch = businessWatchService(db, { permissions: deps.permissions });
  const board = businessBoardService(db, { permissions: deps.permissions });
  const seats = businessSeatService(db, { permissions: deps.permissions });
  const run = businessRunService(db, {
    permissions: deps.permissions,
    sight: watch.sight,
    carrySeated: seats.carrySeated,
  });
  const act = businessActs(db, { live: deps.live });
  // Files a run uploads (a display's, a document's attachments) go into the company's file store.
  const files = fileService(db, deps.fileStore);
  const uploads: BusinessUploads = {
    store: (caller, file) => files.upload(caller, file, 'any'),
    drop: (caller, fileId) =>
      files.remove(caller, [fileId]).then(
        () => undefined,
        () => undefined,
      ),
  };
  const docs = businessDocService(db, {
    permissions: deps.permissions,
    act,
    fileStore: deps.fileStore,
    uploads,
  });
  const messages = businessMessageService(db, { ...deps, act, run, seats, docs });
  const report = businessReportService(db, { permissions: deps.permissions });
  const notes = businessNoteService(db);
  const jumps = businessJumpService(db, { permissions: deps.permissions, act, detail: businesses.detailIn });
  const knowledge = businessKnowledgeService(db);
  const posts = businessPostService(db, { permissions: deps.permissions, act, sight: watch.sight });
  const display = businessDisplayService(db, { permissions: deps.permissions, act, uploads });
  return {
    businesses,
    team,
    messages,
    run,
    seats,
    watch,
    board,
    docs,
    report,
    posts,
    notes,
    knowledge,
    jumps,
    display,
    files,
  };
}
export type BusinessServices = ReturnType<typeof businessServices>;

/** Businesses of the training area: started from a project, staffed, opened and run, listed, deleted and recovered (业务; issues 36, 37). */
export function businessModule(
  db: Database,
  deps: { zoneOf: ZoneOf; permissions: PermissionCache; live: LiveHub; fileStore: BlobStore },
) {
  const services = businessServices(db, deps);
  return defineModule({ name: 'business', routes: (app) => businessRoutes(app, services) });
}
