import type { brandResource, publicBrandResource } from '@portal/contract';
import { storedImages } from '#server/modules/file/index.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import type { ResourceStore } from '#server/platform/resource/resource-service.ts';
import { indexGoods } from '../catalogue/index.ts';

/** A logo of the file store is a live picture of the caller's company, kept as its address (ADR 0018). */
async function checkLogo(trx: Database, values: Record<string, unknown>, caller: Caller) {
  if (values.logo) [values.logo] = await storedImages(trx, caller.companyId, [String(values.logo)], 'logo');
}

/**
 * Where brands are kept and what is special about them: its logo a live picture (`checkLogo`), a
 * brand its goods still name is not deleted, and a renamed brand's goods are searched by the new
 * name at once.
 */
export const brandStore: ResourceStore<typeof brandResource> = {
  table: 'goods_brands',
  uniqueCodes: { name: 'BRAND_NAME_TAKEN' },
  rules: {
    beforeSave: checkLogo,
    async beforeRemove(trx, rows, caller) {
      const used = await inCompany(trx, caller.companyId)
        .selectFrom('goods', 'g')
        .select(['g.brand_id', 'g.name'])
        .where(
          'g.brand_id',
          'in',
          rows.map((r) => r.id),
        )
        .executeTakeFirst();
      if (!used) return;
      const brand = rows.find((r) => r.id === used.brand_id);
      throw new AppError(
        'BRAND_IN_USE',
        `品牌「${String(brand?.name)}」下还有商品（如「${used.name}」），不能删除`,
      );
    },
    async afterUpdate(trx, after, before, caller) {
      if (after.name === before.name) return;
      const goods = await inCompany(trx, caller.companyId)
        .selectFrom('goods', 'g')
        .select('g.id')
        .where('g.brand_id', '=', after.id)
        .execute();
      await indexGoods(
        trx,
        caller.companyId,
        goods.map((g) => g.id),
      );
    },
  },
};

/** Public brands: the same columns in a shared table (every company reads them). */
export const publicBrandStore: ResourceStore<typeof publicBrandResource> = {
  ...(brandStore as unknown as ResourceStore<typeof publicBrandResource>),
  table: 'public_brands',
  shared: true,
  uniqueCodes: { name: 'PUBLIC_BRAND_NAME_TAKEN' },
  // Goods name their company's brands only; the logo is checked as a brand's.
  rules: { beforeSave: checkLogo },
};
