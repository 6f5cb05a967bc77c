import { containsLike } from '#server/platform/db/like.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

/** Assistants of a company's principals (docs/adr/0038 decision 6), through the company's scope. */
export const assistantRepository = {
  /** A principal's assistants with their names. */
  ofPrincipal: (s: CompanyScope, principalId: number) =>
    s
      .selectFrom('assistant_grants', 'g')
      .innerJoin('users as u', 'u.id', 'g.assistant_user_id')
      .select([
        'g.assistant_user_id as user_id',
        'u.username',
        'u.real_name',
        'u.role',
        'g.codenames',
        'g.created_at',
      ])
      .where('g.principal_user_id', '=', principalId)
      .orderBy('g.created_at')
      .orderBy('g.assistant_user_id')
      .execute(),

  /** One assistant's grant (any principal's). */
  grant: (s: CompanyScope, assistantId: number) =>
    s
      .selectFrom('assistant_grants')
      .select(['assistant_user_id', 'principal_user_id', 'codenames'])
      .where('assistant_user_id', '=', assistantId)
      .executeTakeFirst(),

  /** Active people of the company holding `role` (as the role a login starts in or beside it), by keyword. */
  holders: (s: CompanyScope, role: number, keyword: string | undefined, limit: number) => {
    let q = s
      .selectFrom('users', 'u')
      // A join from the scope's users to their grant (a person's grant is their company's).
      .leftJoin('assistant_grants as g', 'g.assistant_user_id', 'u.id')
      .leftJoin('users as p', 'p.id', 'g.principal_user_id')
      .select([
        'u.id as user_id',
        'u.username',
        'u.real_name',
        'g.principal_user_id',
        'p.real_name as principal_name',
      ])
      .where('u.status', '=', 1)
      .where(
        'u.id',
        'in',
        s
          .selectFrom('users', 'r')
          .select('r.id')
          .where('r.role', '=', role)
          .union(s.selectFrom('user_roles').select('user_id as id').where('role', '=', role)),
      );
    if (keyword) q = q.where((eb) => containsLike(eb, ['u.real_name', 'u.username'], keyword));
    return q.orderBy('u.real_name').orderBy('u.id').limit(limit).execute();
  },

  /** Names people the principal's assistants (none of them anyone else's: the primary key). */
  insert: (s: CompanyScope, principalId: number, assistantIds: readonly number[], now: string) =>
    s
      .insertInto(
        'assistant_grants',
        assistantIds.map((id) => ({
          assistant_user_id: id,
          principal_user_id: principalId,
          codenames: '[]',
          created_at: now,
        })),
      )
      .execute(),

  remove: (s: CompanyScope, principalId: number, assistantId: number) =>
    s
      .deleteFrom('assistant_grants')
      .where('assistant_user_id', '=', assistantId)
      .where('principal_user_id', '=', principalId)
      .executeTakeFirst(),

  setCodenames: (s: CompanyScope, principalId: number, assistantId: number, codenames: readonly string[]) =>
    s
      .updateTable('assistant_grants')
      .set({ codenames: JSON.stringify(codenames) })
      .where('assistant_user_id', '=', assistantId)
      .where('principal_user_id', '=', principalId)
      .execute(),
};
