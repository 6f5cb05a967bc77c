import { type Kysely, sql } from 'kysely';
import { createIndex, createLiveUnique } from './helpers.ts';

/**
 * Departments and positions (issue 34, docs/adr/0038 decision 4):
 * - `user_groups` becomes `departments` (ids kept: each old group is a top-level department), a tree
 *   per company — `parent_id` (0 at the top), `sort`, soft delete and the audit columns; a name is
 *   unique among its live siblings (a partial unique index, so two parallel saves cannot both win);
 * - `users.group_id` becomes `users.department_id`;
 * - `positions` gain their department (`department_id`, 0: a position of the whole company, such
 *   as 总经理 — where the positions of the old flat list go), `sort`, soft delete and the audit
 *   columns; a name is unique among the live positions of its department;
 * - `users.must_change_password`: an administrator reset the password, and the user must choose
 *   their own at the next login; `users.gender` (0 not given, 1 男, 2 女);
 * - a mobile number belongs to one user at most (`users_mobile`).
 */
export const departments = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('user_groups').renameTo('departments').execute();
    await db.schema.alterTable('users').renameColumn('group_id', 'department_id').execute();

    const now = new Date().toISOString();
    for (const table of ['departments', 'positions']) {
      const parent = table === 'departments' ? 'parent_id' : 'department_id';
      await db.schema
        .alterTable(table)
        .addColumn(parent, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await sql`update ${sql.table(table)} set created_at = ${now}, updated_at = ${now}`.execute(db);
      await createLiveUnique(db, `${table}_name`, table, ['company_id', parent, 'name']);
    }
    // The people list's filters and counts read this index alone (role: not the shop's members).
    await createIndex(db, 'users_department', 'users', ['company_id', 'department_id', 'role']);
    await createIndex(db, 'users_position', 'users', ['company_id', 'position_id']);
    await db.schema
      .alterTable('users')
      .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // A mobile number names one user (login and password recovery look users up by it in every
    // company): unique where given. Numbers already given twice are not changed here — they are
    // named, for an operator to settle, and the migration stops.
    const twice = await sql<{ mobile: string }>`
      select mobile from users where mobile <> '' group by mobile having count(*) > 1 limit 20`.execute(db);
    if (twice.rows.length > 0)
      throw new Error(
        `043-departments: these mobile numbers belong to more than one user; give each to one user, then start again: ${twice.rows.map((r) => r.mobile).join(', ')}`,
      );
    await db.schema
      .createIndex('users_mobile')
      .on('users')
      .column('mobile')
      .unique()
      .where(sql<boolean>`mobile <> ''`)
      .execute();
  },
};
