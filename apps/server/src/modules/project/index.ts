import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { projectRoutes } from './project.routes.ts';
import { projectService } from './project.service.ts';

/** Training projects: published flows made runnable, with their jump and nest targets (实训项目; issue 36). */
export function projectModule(db: Database) {
  const projects = projectService(db);
  return defineModule({ name: 'project', routes: (app) => projectRoutes(app, projects) });
}
