import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex } from './helpers.ts';

/**
 * Work plans and logs (issue 34, `work-plan` / `work-log`): a plan (period, state 0 进行中 /
 * 1 已完成 / 2 已取消, owner) with tasks given to people of the company (due date, state, progress
 * 0–100), and each person's daily logs (hours in tenths, optionally against one of their tasks;
 * `plan_id` copied from the task so a plan's logs are one index away), reviewed by a manager
 * (`reviewed_by`, `reviewed_at`, `review_comment`).
 */
export function workPlans(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'work_plans')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
        .$call(audit())
        .execute();
      await createIndex(db, 'work_plans_company', 'work_plans', ['company_id', 'del_flag', 'id']);
      await createIndex(db, 'work_plans_owner', 'work_plans', ['company_id', 'owner_id']);

      await companyTable(dialect, db, 'work_plan_tasks')
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('work_plans.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('due_date', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('progress', 'integer', (c) =>
          c.notNull().defaultTo(0).check(sql`progress >= 0 and progress <= 100`),
        )
        .$call(audit())
        .execute();
      await createIndex(db, 'work_plan_tasks_plan', 'work_plan_tasks', ['company_id', 'plan_id']);
      await createIndex(db, 'work_plan_tasks_owner', 'work_plan_tasks', ['company_id', 'owner_id']);

      await companyTable(dialect, db, 'work_logs')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('log_date', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('hours_tenths', 'integer', (c) =>
          c.notNull().check(sql`hours_tenths > 0 and hours_tenths <= 240`),
        )
        .addColumn('plan_id', 'integer', (c) => c.references('work_plans.id'))
        .addColumn('task_id', 'integer', (c) => c.references('work_plan_tasks.id'))
        .addColumn('reviewed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('review_comment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reviewed_by', 'integer', (c) => c.references('users.id'))
        .addColumn('reviewed_at', 'text')
        .$call(audit())
        .execute();
      // A person's logs by day (the list, the day's hours), the company's by day (the statistic).
      await createIndex(db, 'work_logs_user_day', 'work_logs', ['company_id', 'user_id', 'log_date']);
      await createIndex(db, 'work_logs_day', 'work_logs', ['company_id', 'log_date']);
      await createIndex(db, 'work_logs_task', 'work_logs', ['company_id', 'task_id']);
      await createIndex(db, 'work_logs_plan', 'work_logs', ['company_id', 'plan_id']);
    },
  };
}
