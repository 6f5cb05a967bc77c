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
import { businessDocService } from './business-doc.service.ts';
import { businessMessageService } from './business-message.service.ts';
import { businessNoteService } from './business-note.service.ts';
import { businessPostService } from './business-post.service.ts';
import { businessReportService } from './business-report.service.ts';
import { businessRunService } from './business-run.service.ts';
import { businessSeatService } from './business-seat.service.ts';
import { businessTeamService } from './business-team.service.ts';
import { businessWatchService } from './business-watch.service.ts';

/** Businesses of the training area: started from a project, staffed, opened and run, listed, deleted and recovered (业务; issues 36, 37). */
export function businessModule(
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
  const docs = businessDocService(db, { permissions: deps.permissions, act, fileStore: deps.fileStore });
  const messages = businessMessageService(db, { ...deps, act, run, seats, docs });
  const report = businessReportService(db, { permissions: deps.permissions });
  const notes = businessNoteService(db);
  const posts = businessPostService(db, { permissions: deps.permissions, act, sight: watch.sight });
  return defineModule({
    name: 'business',
    routes: (app) =>
      businessRoutes(app, {
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
      }),
  });
}
