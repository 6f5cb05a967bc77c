import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { courseRoutes } from './course.routes.ts';
import { courseService } from './course.service.ts';

/** Courses (课程; issue 36): the company's classes, grouping training projects for instructors and students. */
export function courseModule(db: Database) {
  const courses = courseService(db);
  return defineModule({ name: 'course', routes: (app) => courseRoutes(app, courses) });
}
