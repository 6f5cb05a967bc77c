import { goodsResource, valuesFromFields } from '@portal/contract';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import { AppError } from '#server/platform/core/errors.ts';
import type { GoodsTable } from '#server/platform/db/schema.ts';
import type { ResourceStore } from '#server/platform/resource/resource-service.ts';
import { sanitizeRichText } from '#server/platform/richText.ts';
import { indexGoods } from '../catalogue/index.ts';
import { goodsItem } from './goods.repository.ts';
import {
  afterGoodsImported,
  beforeGoodsImported,
  checkGoodsImported,
  GOODS_DESCRIPTION,
  goodsIndexBasis,
  goodsSheet,
  prepareGoodsImport,
} from './goods-import.ts';

type Fields = z.output<typeof goodsResource.schemas.createBody>;

/**
 * A goods' values from the form's fields: the declared mapping, with 件 for a unit left out, the
 * images as JSON with the first as the cover, and the 商品详情 as the allow-list keeps it (ADR 0030);
 * price and opening stock are the service's to write (a goods without specifications only).
 */
export function goodsValues(f: Fields) {
  const { price: _price, stock: _stock, ...values } = valuesFromFields(goodsResource.shape, f);
  return {
    ...values,
    unit: f.unit || '件',
    images: JSON.stringify(f.images),
    cover: f.images[0] ?? '',
    description: sanitizeRichText(f.description ?? '', GOODS_DESCRIPTION),
  } as Updateable<GoodsTable> & Pick<GoodsTable, 'name' | 'category_id'> & { description: string };
}

/**
 * What the resource block needs of the goods library for the calls it serves itself — the picker
 * (`/goods/select`, by name), the code check (`/goods/check`) and the batch delete — and the rule of
 * deleting: a goods on sale is taken off sale first — and the Excel import (`/goods/excel_data_save`:
 * goods without specifications, their category and brand by name; goods-import.ts). The list, the
 * form's reads and writes live in goods.service.ts (they read names and write specifications).
 */
export const goodsStore: ResourceStore<typeof goodsResource> = {
  table: 'goods',
  labelColumn: 'name',
  uniqueCodes: { code: 'GOODS_CODE_TAKEN' },
  toItem: (row, item) => goodsItem(row, item) as never,
  toValues: (f) => goodsValues(f),
  import: { prepare: prepareGoodsImport, basis: goodsIndexBasis },
  sheet: goodsSheet,
  rules: {
    // The block's create and save are not served for goods: these rules are the import's.
    beforeSave: checkGoodsImported,
    beforeInsert: beforeGoodsImported,
    afterInsert: afterGoodsImported,
    async beforeRemove(_trx, rows) {
      const selling = rows.find((r) => r.on_sale === 1);
      if (selling) throw new AppError('GOODS_ON_SALE', `「${String(selling.name)}」在售中，请先下架再删除`);
    },
    // A deleted goods leaves the library's search (its scope tokens) in the same transaction.
    afterRemove: (trx, rows, caller) =>
      indexGoods(
        trx,
        caller.companyId,
        rows.map((r) => Number(r.id)),
      ),
  },
};
