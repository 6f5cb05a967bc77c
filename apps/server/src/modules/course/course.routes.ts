import { courseCalls as calls } from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { CourseService } from './course.service.ts';

/** Routes stay thin: the declaration (packages/contract course.ts) gives path, schemas and access. */
export function courseRoutes(app: App, courses: CourseService) {
  serve(app, calls.list, ({ input, caller }) => courses.list(caller, input.keyword, pageParams(input)));
  serve(app, calls.get, ({ input, caller }) => courses.get(caller, input.course_id));
  serve(app, calls.options, ({ caller }) => courses.options(caller));
  serve(app, calls.create, ({ input, caller }) => courses.create(caller, input));
  serve(app, calls.update, ({ input, caller }) => courses.update(caller, input));
  serve(app, calls.remove, ({ input, caller }) => courses.remove(caller, input.course_id));
  serve(app, calls.students, ({ input, caller }) =>
    courses.students(caller, input.course_id, input.keyword, pageParams(input)),
  );
  serve(app, calls.candidates, ({ input, caller }) =>
    courses.candidates(caller, input.course_id, input.keyword),
  );
  serve(app, calls.addStudents, ({ input, caller }) =>
    courses.addStudents(caller, input.course_id, input.user_ids),
  );
  serve(app, calls.removeStudents, ({ input, caller }) =>
    courses.removeStudents(caller, input.course_id, input.user_ids),
  );
}
