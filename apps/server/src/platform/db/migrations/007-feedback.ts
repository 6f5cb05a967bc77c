import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, createIndex, withId } from './helpers.ts';

/**
 * Visitor forms: supplier applications, FAQ (`problems`), questions (`opinions`) and the
 * anonymous message board. Names follow the admin console's resources so it can reuse them.
 */
export function feedback(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('suppliers'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('contact', 'text', (c) => c.notNull())
        .addColumn('mobile', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('supply_category', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        // 0 待审核, 1 已通过, 2 已拒绝
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('review_note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reviewed_by', 'integer', (c) => c.references('users.id'))
        .addColumn('reviewed_at', 'text')
        // 'application' (the public form); the back office may add suppliers itself later.
        .addColumn('source', 'text', (c) => c.notNull().defaultTo('application'))
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'suppliers_company_status', 'suppliers', ['company_id', 'status', 'id']);
      // One application waiting for review per company and mobile, even under concurrent posts.
      await db.schema
        .createIndex('suppliers_pending_mobile')
        .on('suppliers')
        .columns(['company_id', 'mobile'])
        .unique()
        .where(sql<boolean>`status = 0`)
        .execute();

      await withId(dialect, db.schema.createTable('problems'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        // 1 shown, 0 hidden
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .$call(audit('created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'problems_company_sort', 'problems', ['company_id', 'status', 'sort']);

      await withId(dialect, db.schema.createTable('opinions'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('contact', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('reply', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('replied_by', 'integer', (c) => c.references('users.id'))
        .addColumn('replied_at', 'text')
        .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
        // 0 待回复, 1 已回复
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'opinions_company_status', 'opinions', ['company_id', 'status', 'id']);
      await createIndex(db, 'opinions_company_public', 'opinions', [
        'company_id',
        'is_public',
        'status',
        'id',
      ]);

      await withId(dialect, db.schema.createTable('anonymous_messages'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('nickname', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        // 0 待审核, 1 已通过, 2 已拒绝
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reviewed_by', 'integer', (c) => c.references('users.id'))
        .addColumn('reviewed_at', 'text')
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'anonymous_messages_company_status', 'anonymous_messages', [
        'company_id',
        'del_flag',
        'status',
        'id',
      ]);
    },
  };
}
