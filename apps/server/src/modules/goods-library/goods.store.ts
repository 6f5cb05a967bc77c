import type { goodsResource } from '@portal/contract';
import { AppError } from '#server/platform/core/errors.ts';
import type { ResourceStore } from '#server/platform/resource/resource-service.ts';
import { indexGoods } from '../catalogue/index.ts';
import {
  afterGoodsImported,
  beforeGoodsImported,
  checkGoodsImported,
  prepareGoodsImport,
} from './goods-import.ts';

/**
 * What the resource block needs of the goods library for the calls it serves itself — the picker
 * (`/goods/select`), the code check (`/goods/check`) and the batch delete — and the rule of
 * deleting: a goods on sale is taken off sale first — and the Excel import (`/goods/excel_data_save`:
 * goods without specifications, their category and brand by name; goods-import.ts). The list, the
 * form's reads and writes live in goods.service.ts (they read names and write specifications).
 */
export const goodsStore: ResourceStore<typeof goodsResource> = {
  table: 'goods',
  entity: 'goods',
  search: ['name', 'code', 'keywords'],
  sorts: {
    newest: [['created_at', 'desc']],
    code: [['code', 'asc']],
    name: [['name', 'asc']],
    price: [['price', 'asc']],
    stock: [['stock', 'asc']],
  },
  labelColumn: 'name',
  uniqueCodes: { code: 'GOODS_CODE_TAKEN' },
  // The block's own reads are not used for items (the service reads names); a bare row is enough.
  toItem: (row) => row as never,
  toValues: () => {
    throw new Error('goods are written by goods.service.ts');
  },
  import: { prepare: prepareGoodsImport },
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
