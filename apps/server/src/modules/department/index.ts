import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { departmentRoutes } from './department.routes.ts';
import { departmentService } from './department.service.ts';

/** A company's departments and positions (part-postion, docs/adr/0038 decision 4). */
export function departmentModule(db: Database) {
  const departments = departmentService(db);
  return defineModule({ name: 'department', routes: (app) => departmentRoutes(app, departments) });
}
