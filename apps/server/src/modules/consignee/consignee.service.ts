import { CONSIGNEE_MAX, type Consignee, type ConsigneeInput } from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { nowIso } from '#server/platform/time.ts';
import { consigneeRepository as repo } from './consignee.repository.ts';

type Row = Awaited<ReturnType<typeof repo.list>>[number];
const toConsignee = ({ created_at, ...r }: Row): Consignee => ({ ...r, create_time: created_at });

/** A member's addresses: at most 20, exactly one default while any exist. */
export function consigneeService(db: Database) {
  const list = async (caller: Caller) =>
    (await repo.list(db, caller.companyId, caller.userId)).map(toConsignee);

  return {
    list,

    async save(caller: Caller, input: ConsigneeInput): Promise<Consignee> {
      const { id, is_default, ...fields } = input;
      const savedId = await db.transaction().execute(async (trx) => {
        const now = nowIso();
        const count = await repo.count(trx, caller.companyId, caller.userId);
        const makeDefault = is_default === 1 || count === 0;
        if (makeDefault) await repo.clearDefault(trx, caller.companyId, caller.userId);
        if (id === undefined) {
          if (count >= CONSIGNEE_MAX) throw new AppError('CONSIGNEE_FULL');
          return repo.insert(trx, {
            ...fields,
            companyId: caller.companyId,
            userId: caller.userId,
            isDefault: makeDefault ? 1 : 0,
            now,
          });
        }
        const existing = await repo.find(trx, caller.companyId, caller.userId, id);
        if (!existing) throw new AppError('NOT_FOUND');
        const keepDefault = existing.is_default === 1 && is_default !== 0;
        await repo.update(trx, caller.companyId, caller.userId, id, {
          ...fields,
          is_default: makeDefault || keepDefault ? 1 : 0,
          updated_at: now,
        });
        return id;
      });
      return toConsignee((await repo.find(db, caller.companyId, caller.userId, savedId)) as Row);
    },

    async remove(caller: Caller, id: number) {
      await db.transaction().execute(async (trx) => {
        const existing = await repo.find(trx, caller.companyId, caller.userId, id);
        if (!existing) throw new AppError('NOT_FOUND');
        const now = nowIso();
        await repo.softDelete(trx, caller.companyId, caller.userId, id, now);
        // The newest remaining address becomes the default.
        if (existing.is_default === 1) {
          const [next] = await repo.list(trx, caller.companyId, caller.userId);
          if (next)
            await repo.update(trx, caller.companyId, caller.userId, next.id, {
              is_default: 1,
              updated_at: now,
            });
        }
      });
      return list(caller);
    },
  };
}

export type ConsigneeService = ReturnType<typeof consigneeService>;
