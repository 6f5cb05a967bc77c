import { CONSIGNEE_MAX, type Consignee, type ConsigneeInput } from '@portal/contract';
import { type Region, regionOfCodes, regionOfNames } from '@portal/contract/divisions';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { nowIso } from '#server/platform/time.ts';
import { consigneeRepository as repo } from './consignee.repository.ts';

type Row = Awaited<ReturnType<typeof repo.list>>[number];
const toConsignee = ({ created_at, ...r }: Row): Consignee => ({ ...r, create_time: created_at });

type RegionFields = Pick<
  Row,
  'province' | 'city' | 'district' | 'province_code' | 'city_code' | 'district_code'
>;

const given = (v: string | undefined) => (v === undefined || v === '' ? undefined : v);

/**
 * The region an address is saved with (docs/shop.md, 收货地址): from the county's code, checked
 * against the division data and named by it (names the client sent are ignored); without codes,
 * from three names that name one county; or, for an address saved before codes were kept, its
 * own typed names when they are sent back unchanged.
 */
function regionOf(input: ConsigneeInput, existing: RegionFields | undefined): RegionFields {
  const districtCode = given(input.district_code);
  const provinceCode = given(input.province_code);
  const cityCode = given(input.city_code);
  if (districtCode !== undefined) {
    const r = regionOfCodes({
      province_code: provinceCode,
      city_code: cityCode,
      district_code: districtCode,
    });
    if (r === 'unknown') throw new AppError('REGION_UNKNOWN', undefined, 'district_code');
    if (r === 'mismatch') throw new AppError('REGION_MISMATCH', undefined, 'district_code');
    return r;
  }
  if (provinceCode !== undefined || cityCode !== undefined)
    throw new AppError('REGION_REQUIRED', '请选择区县', 'district_code');
  const province = given(input.province);
  const district = given(input.district);
  if (province === undefined || district === undefined)
    throw new AppError('REGION_REQUIRED', undefined, 'district_code');
  const city = input.city ?? '';
  const named: Region | undefined = regionOfNames(province, city, district);
  if (named) return named;
  if (
    existing &&
    existing.district_code === null &&
    existing.province === province &&
    existing.city === city &&
    existing.district === district
  )
    return existing;
  throw new AppError('REGION_UNKNOWN', undefined, 'district');
}

/** A member's addresses: at most 20, exactly one default while any exist. */
export function consigneeService(db: Database) {
  const list = async (caller: Caller) =>
    (await repo.list(db, caller.companyId, caller.userId)).map(toConsignee);

  return {
    list,

    async save(caller: Caller, input: ConsigneeInput): Promise<Consignee> {
      const { id, is_default, name, mobile, address } = input;
      const savedId = await db.transaction().execute(async (trx) => {
        const now = nowIso();
        const existing =
          id === undefined ? undefined : await repo.find(trx, caller.companyId, caller.userId, id);
        if (id !== undefined && !existing) throw new AppError('NOT_FOUND');
        const r = regionOf(input, existing);
        const fields = {
          name,
          mobile,
          address,
          province: r.province,
          city: r.city,
          district: r.district,
          province_code: r.province_code,
          city_code: r.city_code,
          district_code: r.district_code,
        };
        const count = await repo.count(trx, caller.companyId, caller.userId);
        const makeDefault = is_default === 1 || count === 0;
        if (!existing) {
          if (count >= CONSIGNEE_MAX) throw new AppError('CONSIGNEE_FULL');
          if (makeDefault) await repo.clearDefault(trx, caller.companyId, caller.userId);
          return repo.insert(trx, {
            ...fields,
            companyId: caller.companyId,
            userId: caller.userId,
            isDefault: makeDefault ? 1 : 0,
            now,
          });
        }
        if (makeDefault) await repo.clearDefault(trx, caller.companyId, caller.userId);
        const keepDefault = existing.is_default === 1 && is_default !== 0;
        await repo.update(trx, caller.companyId, caller.userId, existing.id, {
          ...fields,
          is_default: makeDefault || keepDefault ? 1 : 0,
          updated_at: now,
        });
        return existing.id;
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
