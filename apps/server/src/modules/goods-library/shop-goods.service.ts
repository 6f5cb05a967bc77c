import {
  fileImageAddress,
  fileImageKeyOf,
  type goodsResource,
  type ShopGoodsAdminDetail,
  type shopGoodsCalls,
} from '@portal/contract';
import type { z } from 'zod';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { nowIso } from '#server/platform/time.ts';
import { galleryImages } from './gallery.ts';
import { rollUpSkus, skusOf, toSku } from './goods.repository.ts';
import type { GoodsLibraryService } from './goods.service.ts';
import {
  galleryOf,
  lockGoods,
  onSaleOptions,
  type ShopGoodsRow,
  shopGoodsRow,
  skuById,
  toShopGoods,
  updateShopGoods,
  updateSku,
} from './shop-goods.repository.ts';

type SaveInput = z.output<typeof shopGoodsCalls.save.input>;
type CreateInput = z.output<typeof shopGoodsCalls.create.input>;
type CheckInput = z.output<typeof goodsResource.schemas.checkBody>;

/**
 * What the shop sells of the goods library (ADR 0028): the shop's fields of a goods in the shop
 * (划线价, per-order limit, 新品/推荐, the price(s), the gallery's order), which specifications it
 * sells, its gallery one picture at a time, the picker and the code check. A goods is the library's
 * row (ADR 0021); every write locks it first and is audited as the goods' change, so its history
 * shows the shop's changes too.
 */
export function shopGoodsService(
  db: Database,
  deps: {
    library: GoodsLibraryService;
    /** After a commit: the library's and the catalogue's answers of the company are forgotten. */
    changed: (companyId: number) => void;
  },
) {
  /** The goods in the shop, or the refusal: unknown (or another company's), or not pushed yet. */
  async function inShop(conn: Database, companyId: number, goodsId: number): Promise<ShopGoodsRow> {
    const row = await shopGoodsRow(conn, companyId, goodsId);
    if (!row) throw new AppError('NOT_FOUND', '商品不存在或已被删除');
    if (row.in_shop !== 1) throw new AppError('GOODS_NOT_IN_SHOP', `「${row.name}」尚未推送到商城，请先推送`);
    return row;
  }

  async function detail(conn: Database, companyId: number, goodsId: number): Promise<ShopGoodsAdminDetail> {
    const row = await inShop(conn, companyId, goodsId);
    return { goods: toShopGoods(row), results: (await skusOf(conn, companyId, [goodsId])).map(toSku) };
  }

  /**
   * One write of a goods in the shop: its row locked first (then its specifications), `work` done,
   * audited with the shop's fields before and after, then the lists forget the company's answers.
   */
  async function write(
    caller: Caller,
    goodsId: number,
    work: (trx: Database, before: ShopGoodsRow, now: string) => Promise<void>,
  ) {
    const { companyId } = caller;
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      await lockGoods(trx, companyId, goodsId, now);
      const before = await inShop(trx, companyId, goodsId);
      await work(trx, before, now);
      const after = await shopGoodsRow(trx, companyId, goodsId);
      await audit(trx, caller, { action: 'update', entity: 'goods', entityId: goodsId, before, after });
    });
    deps.changed(companyId);
    return detail(db, companyId, goodsId);
  }

  /** Writes the gallery (cover = the first picture). */
  const setGallery = (trx: Database, caller: Caller, goodsId: number, images: string[], now: string) =>
    updateShopGoods(trx, caller.companyId, caller.userId, goodsId, {
      images: JSON.stringify(images),
      cover: images[0] ?? '',
      updated_at: now,
    });

  return {
    detail: (caller: Caller, goodsId: number) => detail(db, caller.companyId, goodsId),

    /** The library's create with the goods in the shop from the start (one transaction). */
    create(caller: Caller, input: CreateInput) {
      const { original_price, max_per_order, on_sale, ...fields } = input;
      return deps.library.createInShop(caller, fields, {
        in_shop: 1,
        ...(on_sale !== undefined && { on_sale }),
        ...(max_per_order !== undefined && { max_per_order }),
        ...(original_price !== undefined && { original_price }),
      });
    },

    /** The library's code check: a goods has one code, whether the library or the shop makes it. */
    check: (caller: Caller, input: CheckInput) => deps.library.check(caller, input as never),

    async select(caller: Caller, keyword: string | undefined) {
      const rows = await onSaleOptions(db, caller.companyId, keyword);
      return { results: rows.map((r) => ({ id: r.id, label: r.label })) };
    },

    /** The shop's fields: only those given change; specifications named change, the rest stay. */
    save(caller: Caller, input: SaveInput) {
      const { id: goodsId, skus, images, price, ...fields } = input;
      return write(caller, goodsId, async (trx, before, now) => {
        if (price !== undefined && before.sku_count > 0)
          throw new AppError('PARAM_ERROR', '该商品按规格定价，请修改各规格的销售价', 'price');
        await updateShopGoods(trx, caller.companyId, caller.userId, goodsId, {
          ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
          ...(price !== undefined && { price }),
          updated_at: now,
        });
        if (images !== undefined)
          await setGallery(
            trx,
            caller,
            goodsId,
            await galleryImages(trx, caller.companyId, images, 'images', galleryOf(before)),
            now,
          );
        if (!skus || skus.length === 0) return;
        const current = await skusOf(trx, caller.companyId, [goodsId]);
        const ids = new Set(current.map((s) => s.id));
        const unknown = skus.find((s) => !ids.has(s.id));
        if (unknown) throw new AppError('NOT_FOUND', '规格不存在或已被删除，请刷新后重试', 'skus');
        const selling = new Map(current.map((s) => [s.id, s.on_sale]));
        for (const s of skus) if (s.on_sale !== undefined) selling.set(s.id, s.on_sale);
        if (before.on_sale === 1 && ![...selling.values()].includes(1))
          throw new AppError('GOODS_SKU_LAST_ON_SALE', undefined, 'skus');
        // In ascending id, as every writer of one goods' specifications does.
        for (const s of [...skus].sort((a, b) => a.id - b.id))
          await updateSku(trx, caller.companyId, goodsId, s.id, {
            ...(s.price !== undefined && { price: s.price }),
            ...(s.on_sale !== undefined && { on_sale: s.on_sale }),
            updated_at: now,
          });
        await rollUpSkus(trx, caller.companyId, goodsId, now);
      });
    },

    /**
     * Stops selling one specification in the shop: the library keeps it (its stock, its barcode,
     * past orders' lines); the goods page no longer offers it and a cart or an order of it is refused.
     * A goods on sale keeps at least one specification on sale. Stopping a stopped one changes nothing.
     */
    async stopSku(caller: Caller, skuId: number) {
      const sku = await skuById(db, caller.companyId, skuId);
      if (!sku) throw new AppError('NOT_FOUND', '规格不存在或已被删除');
      let count = 0;
      await write(caller, sku.goods_id, async (trx, before, now) => {
        const current = await skusOf(trx, caller.companyId, [sku.goods_id]);
        const mine = current.find((s) => s.id === skuId);
        if (!mine) throw new AppError('NOT_FOUND', '规格不存在或已被删除');
        if (mine.on_sale === 0) return;
        if (before.on_sale === 1 && !current.some((s) => s.id !== skuId && s.on_sale === 1))
          throw new AppError('GOODS_SKU_LAST_ON_SALE');
        await updateSku(trx, caller.companyId, sku.goods_id, skuId, { on_sale: 0, updated_at: now });
        await rollUpSkus(trx, caller.companyId, sku.goods_id, now);
        await audit(trx, caller, {
          action: 'update',
          entity: 'goods_skus',
          entityId: skuId,
          before: { on_sale: 1 },
          after: { on_sale: 0 },
        });
        count = 1;
      });
      return { count };
    },

    /** Adds a picture at the end of the gallery, under the gallery's rule (`galleryImages`). */
    addImage(caller: Caller, goodsId: number, image: string) {
      return write(caller, goodsId, async (trx, before, now) => {
        const held = galleryOf(before);
        await setGallery(
          trx,
          caller,
          goodsId,
          await galleryImages(trx, caller.companyId, [...held, image], 'image', held),
          now,
        );
      });
    },

    /** Removes a picture from the gallery (the file store keeps the file: 文件管理 deletes files). */
    removeImage(caller: Caller, goodsId: number, image: string) {
      return write(caller, goodsId, async (trx, before, now) => {
        const images = galleryOf(before);
        const key = fileImageKeyOf(image);
        const address = key === undefined ? image : fileImageAddress(key);
        if (!images.includes(address))
          throw new AppError('NOT_FOUND', '该图片不在商品图片中，请刷新后重试', 'image');
        await setGallery(
          trx,
          caller,
          goodsId,
          images.filter((i) => i !== address),
          now,
        );
      });
    },
  };
}
