import {
  type CodeName,
  GOODS_SKU_MAX,
  type goodsCalls,
  goodsResource,
  type LibraryGoods,
} from '@portal/contract';
import type { z } from 'zod';
import { storedImages } from '#server/modules/file/index.ts';
import { audit, auditMany } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { answerMemo } from '#server/platform/cache/answer-memo.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { isUniqueViolation } from '#server/platform/db/errors.ts';
import type { JobContext } from '#server/platform/jobs/types.ts';
import {
  exportPages,
  type ImportJobData,
  resourceService,
} from '#server/platform/resource/resource-service.ts';
import { richTextImageKeys } from '#server/platform/richText.ts';
import { nowIso } from '#server/platform/time.ts';
import { indexGoods, libraryIndexed, libraryMatchPage, queryTokens } from '../catalogue/index.ts';
import { moveToSku, openingStock } from '../stock/index.ts';
import { galleryImages } from './gallery.ts';
import {
  barcodeTakenBy,
  byTokensAlone,
  categoryPath,
  codeTaken,
  countGoods,
  type GoodsFilter,
  goodsAuditLogs,
  goodsById,
  goodsByIds,
  goodsFlags,
  goodsIdsPage,
  goodsPage,
  goodsStock,
  goodsTypesOf,
  insertGoods,
  insertSku,
  liveRefExists,
  removeSkus,
  rollUpSkus,
  setGoodsFlags,
  skuRowById,
  skusOf,
  toLibraryGoods,
  toSku,
  updateGoods,
  updateSkuLine,
} from './goods.repository.ts';
import { goodsStore, goodsValues } from './goods.store.ts';
import { changesOf } from './goods-history.ts';
import { lockGoods } from './shop-goods.repository.ts';

type Fields = z.output<typeof goodsResource.schemas.createBody>;
type ListInput = z.output<typeof goodsResource.schemas.listBody>;
type ExportInput = z.output<typeof goodsResource.schemas.exportQuery>;
type SkuInput = z.output<typeof goodsCalls.skuSave.input>;
type SkuLine = Omit<z.output<typeof goodsCalls.skuSave.input>, 'goods_id'>;
/** A goods made in the shop: in it, with the shop's own fields (shop-goods.service.ts). */
type ShopValues = { in_shop: 1; on_sale?: number; max_per_order?: number; original_price?: number };
/**
 * A page is found by walking its sort's index when it ends within this share of the goods the
 * filter finds: the walk then reads at most a fiftieth of the company's goods, fewer steps than
 * reading and ordering every goods found (ADR 0021, measured in bench/README.md).
 */
const WALK_SHARE = 50;
const walks = (found: number | undefined, end: number) => found !== undefined && end * WALK_SHARE <= found;
/** Answers one process remembers at most, over all companies. */
const MAX_ANSWERS = 2000;
/**
 * A filter's count is remembered this many times as long as an answer (5 s by default), shared by
 * its sorts and pages: an exact count of a keyword held by thousands of goods is most of what an
 * answer costs (ADR 0021 "The count of a filter").
 */
const COUNT_AGE = 10;

/** A goods as a batch of flags reads it (`goodsFlags`). */
type FlagRow = Awaited<ReturnType<typeof goodsFlags>>[number];

/**
 * A goods goes on sale only with a price (0 would sell it for nothing): the batch is refused,
 * naming the goods and what remains to do.
 */
function refuseWithoutPrice(rows: readonly FlagRow[]) {
  const free = rows.filter((r) => r.price <= 0);
  if (free.length === 0) return;
  const names = free
    .slice(0, 3)
    .map((r) => `「${r.name}」`)
    .join('、');
  throw new AppError(
    'GOODS_NO_PRICE',
    `${names}${free.length > 3 ? `等${free.length}个商品` : ''}还没有销售价，不能上架：请先在商品库编辑中设置销售价${free.some((r) => r.sku_count > 0) ? '（有规格的商品设置规格的销售价）' : ''}`,
  );
}

/** "红色 / 500ml": the values of a specification, in order (unique per goods). */
export const specText = (specs: readonly { value: string }[]) => specs.map((s) => s.value).join(' / ');

/**
 * The goods library's rules (ADR 0021). The resource block serves the picker, the uniqueness
 * check and the batch delete; the list, the form's reads and writes and the specifications are
 * here because a goods is written with its specifications, its names and its catalogue index in
 * one transaction.
 */
export function goodsLibraryService(
  db: Database,
  deps: { goodsChanged: (companyId: number) => void; answerMaxAgeMs: number },
) {
  const base = resourceService(db, goodsResource, goodsStore);
  /**
   * The list's answers, remembered for `answerMaxAgeMs` in this process like the catalogue's
   * (platform/cache/answer-memo.ts): a write here forgets them at once (`changed`), a write in
   * another process or another module (an order's stock) shows within that time.
   */
  const memo = answerMemo<{ count: number; results: LibraryGoods[] }>({
    maxAgeMs: deps.answerMaxAgeMs,
    maxAnswers: MAX_ANSWERS,
  });
  /**
   * Each filter's count (keyword, category and the other filters; not the sort or the page), kept
   * longer than the answers and forgotten with them: a write in this process shows at once, one in
   * another process, or a brand renamed or a category moved (they index goods again without
   * changing them here), within `answerMaxAgeMs` × COUNT_AGE.
   */
  const counts = answerMemo<number>({ maxAgeMs: deps.answerMaxAgeMs * COUNT_AGE, maxAnswers: MAX_ANSWERS });
  /** Forgets the company's remembered answers and counts. */
  const forget = (companyId: number) => {
    memo.forget(companyId);
    counts.forget(companyId);
  };
  /** After a commit that changed goods: this list and the shop's forget the company's answers. */
  const changed = (companyId: number) => {
    forget(companyId);
    deps.goodsChanged(companyId);
  };

  /** The filter of a list input: the category's level read for its subtree. */
  async function filterOf(companyId: number, input: ExportInput): Promise<GoodsFilter> {
    let category: GoodsFilter['category'];
    if (input.category_id !== undefined) {
      const c = await categoryPath(db, companyId, input.category_id);
      // Another company's or an unknown category finds nothing: no goods of this company has it
      // as an ancestor at any level.
      category = { id: input.category_id, level: c ? c.path.split('/').filter(Boolean).length : 3 };
    }
    // A keyword is found by its tokens in the catalogue's index (ADR 0021); one that holds none
    // (only punctuation), or a company whose goods the index job has not reached yet, by a scan.
    const tokens = input.keyword ? queryTokens(input.keyword) : [];
    if (tokens.length > 0 && (await libraryIndexed(db, companyId)))
      return { ...input, keyword: undefined, tokens, category };
    return { ...input, category };
  }

  /**
   * A page of a filter's goods with their names. A keyword from the token index may be held by
   * thousands of goods: their narrow rows are ordered for the page's ids, then only those are
   * read with every column and name. When the page ends within a WALK_SHARE of the `found` goods,
   * the sort's index is walked instead (they are checked on the way; ADR 0021).
   */
  async function pageOf(
    companyId: number,
    f: GoodsFilter,
    sort: string | undefined,
    limit: number,
    offset: number,
    found?: number,
  ) {
    if (!f.tokens?.length) return goodsPage(db, companyId, f, sort, limit, offset);
    // Newest first with nothing but tokens and a category: the page's ids from the token index alone.
    const fromIndex =
      (sort ?? 'newest') === 'newest' && byTokensAlone(f)
        ? await libraryMatchPage(db, companyId, f.tokens, f.category?.id, limit, offset)
        : undefined;
    const ids =
      fromIndex ?? (await goodsIdsPage(db, companyId, f, sort, limit, offset, walks(found, offset + limit)));
    if (ids.length === 0) return [];
    const byId = new Map((await goodsByIds(db, companyId, ids)).map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  }

  async function one(conn: Database, companyId: number, id: number) {
    const row = await goodsById(conn, companyId, id);
    if (!row) throw new AppError('NOT_FOUND', '商品不存在或已被删除');
    return row;
  }

  /**
   * Refusals that name a field, checked before writing (the unique indexes refuse a race alike);
   * `description` is the sanitised one (its pictures must be the company's).
   */
  async function checkRefs(trx: Database, companyId: number, f: Fields, description: string) {
    if (!(await liveRefExists(trx, companyId, 'goods_categories', f.category_id)))
      throw new AppError('PARAM_ERROR', '商品分类不存在，请重新选择', 'category_id');
    await galleryImages(trx, companyId, f.images, 'images');
    if (f.brand_id !== undefined) {
      if (!(await liveRefExists(trx, companyId, 'goods_brands', f.brand_id)))
        throw new AppError('PARAM_ERROR', '品牌不存在，请重新选择', 'brand_id');
    }
    await storedImages(trx, companyId, richTextImageKeys(description), 'description');
  }

  /** Barcodes of `lines` that another live specification of the company holds. */
  async function checkSkus(
    trx: Database,
    companyId: number,
    goodsId: number | undefined,
    lines: readonly SkuLine[],
  ) {
    const texts = lines.map((l) => specText(l.specs));
    const seen = new Set<string>();
    for (const [i, t] of texts.entries()) {
      if (seen.has(t)) throw new AppError('GOODS_SKU_DUPLICATE', `第${i + 1}个规格「${t}」重复`, 'skus');
      seen.add(t);
    }
    const barcodes = lines.map((l) => l.barcode ?? '').filter((b) => b !== '');
    if (new Set(barcodes).size !== barcodes.length)
      throw new AppError('GOODS_BARCODE_TAKEN', '同一商品的规格条形码不能重复', 'skus');
    if (barcodes.length === 0) return;
    const taken = await barcodeTakenBy(trx, companyId, barcodes, goodsId);
    if (taken)
      throw new AppError('GOODS_BARCODE_TAKEN', `条形码 ${taken.barcode} 已被其他商品规格使用`, 'skus');
  }

  /** The unique index that refused a write, as the field error it stands for. */
  function refusalOf(error: unknown): AppError {
    const text = String((error as { message?: unknown })?.message ?? '');
    const code: CodeName = /barcode/.test(text)
      ? 'GOODS_BARCODE_TAKEN'
      : /spec_text/.test(text)
        ? 'GOODS_SKU_DUPLICATE'
        : 'GOODS_CODE_TAKEN';
    return new AppError(code, undefined, code === 'GOODS_CODE_TAKEN' ? 'code' : 'skus');
  }

  async function write<T>(companyId: number, work: (trx: Database) => Promise<T>): Promise<T> {
    try {
      const out = await db.transaction().execute(work);
      changed(companyId);
      return out;
    } catch (error) {
      if (isUniqueViolation(error)) throw refusalOf(error);
      throw error;
    }
  }

  const skuValues = (line: SkuLine) => ({
    specs: JSON.stringify(line.specs),
    spec_text: specText(line.specs),
    barcode: line.barcode ?? '',
    price: line.price,
    cost: line.cost ?? 0,
    weight: line.weight ?? 0,
  });

  /**
   * Writes a goods' specifications as `lines` say: lines with an id change those, lines without
   * are added (with their opening stock), live ones not named are removed — refused while they
   * hold stock (stock leaves only through stock records). The first specifications of a goods
   * that had none take over its stock.
   */
  async function writeSkus(
    trx: Database,
    caller: Caller,
    goodsId: number,
    lines: readonly SkuLine[],
    now: string,
  ) {
    const { companyId } = caller;
    const current = await skusOf(trx, companyId, [goodsId]);
    const byId = new Map(current.map((s) => [s.id, s]));
    for (const line of lines)
      if (line.id !== undefined && !byId.has(line.id))
        throw new AppError('NOT_FOUND', '规格不存在或已被删除，请刷新后重试', 'skus');
    const kept = new Set(lines.map((l) => l.id).filter((id) => id !== undefined));
    const removed = current.filter((s) => !kept.has(s.id));
    const holding = removed.find((s) => s.stock > 0);
    if (holding)
      throw new AppError(
        'PARAM_ERROR',
        `规格「${holding.spec_text}」还有库存${holding.stock}，请先通过出库清零再删除`,
        'skus',
      );
    if (removed.length > 0)
      await removeSkus(
        trx,
        companyId,
        removed.map((s) => s.id),
        now,
      );
    // Changed ones first, so a value a removed or changed line let go can be taken by a new one.
    for (const [i, line] of lines.entries())
      if (line.id !== undefined)
        await updateSkuLine(trx, companyId, line.id, { ...skuValues(line), sort: i, updated_at: now });
    let inherited = 0;
    if (current.length === 0 && lines.some((l) => l.id === undefined)) {
      const goods = await goodsStock(trx, companyId, goodsId);
      inherited = goods?.stock ?? 0;
    }
    for (const [i, line] of lines.entries()) {
      if (line.id !== undefined) continue;
      const sku = await insertSku(trx, companyId, {
        ...skuValues(line),
        goods_id: goodsId,
        stock: (line.stock ?? 0) + inherited,
        sort: i,
        created_at: now,
        updated_at: now,
      });
      // The warehouses hold it too (ADR 0022): the opening stock is booked into the default
      // warehouse; what the goods held moves to its first specification.
      const actor = { userId: caller.userId, name: caller.username };
      const stock = { goods_id: goodsId, sku_id: sku.id, quantity: line.stock ?? 0 };
      await openingStock(trx, companyId, actor, stock, now);
      await moveToSku(
        trx,
        companyId,
        actor,
        { ...stock, quantity: inherited, spec_text: specText(line.specs) },
        now,
      );
      inherited = 0;
    }
    // Every specification gone: the goods keeps what they held (nothing, by the rule above).
    await rollUpSkus(trx, companyId, goodsId, now);
  }

  /** `shop`: a goods made in the shop at once (`/shop/goods/create`, ADR 0028) with the shop's fields. */
  async function create(caller: Caller, f: Fields, shop?: ShopValues) {
    const lines = f.skus ?? [];
    if (lines.length === 0 && f.price === undefined)
      throw new AppError('PARAM_ERROR', '销售价不能为空', 'price');
    const values = goodsValues(f);
    const id = await write(caller.companyId, async (trx) => {
      await checkRefs(trx, caller.companyId, f, values.description);
      if (await codeTaken(trx, caller.companyId, f.code))
        throw new AppError('GOODS_CODE_TAKEN', undefined, 'code');
      await checkSkus(trx, caller.companyId, undefined, lines);
      const now = nowIso();
      const row = await insertGoods(trx, caller.companyId, caller.userId, {
        ...values,
        price: f.price ?? 0,
        stock: lines.length === 0 ? (f.stock ?? 0) : 0,
        on_sale: 0,
        del_flag: 0,
        in_shop: 0,
        ...shop,
        created_at: now,
        updated_at: now,
      });
      if (lines.length > 0) await writeSkus(trx, caller, row.id, lines, now);
      // Opening stock of a goods without specifications: into the default warehouse (ADR 0022).
      else
        await openingStock(
          trx,
          caller.companyId,
          { userId: caller.userId, name: caller.username },
          { goods_id: row.id, sku_id: 0, quantity: f.stock ?? 0 },
          now,
        );
      await indexGoods(trx, caller.companyId, [row.id]);
      const after = await one(trx, caller.companyId, row.id);
      await audit(trx, caller, { action: 'create', entity: 'goods', entityId: row.id, after });
      return row.id;
    });
    return get(caller, id);
  }

  async function update(caller: Caller, id: number, f: Fields) {
    const values = goodsValues(f);
    await write(caller.companyId, async (trx) => {
      const before = await one(trx, caller.companyId, id);
      await checkRefs(trx, caller.companyId, f, values.description);
      if (await codeTaken(trx, caller.companyId, f.code, id))
        throw new AppError('GOODS_CODE_TAKEN', undefined, 'code');
      const lines = f.skus;
      if (lines) await checkSkus(trx, caller.companyId, id, lines);
      const now = nowIso();
      const hasSkus = lines ? lines.length > 0 : before.sku_count > 0;
      await updateGoods(trx, caller.companyId, caller.userId, id, {
        ...values,
        // A goods without specifications is priced itself; its stock moves only by stock records.
        ...(!hasSkus && f.price !== undefined && { price: f.price }),
        updated_at: now,
      });
      if (lines) await writeSkus(trx, caller, id, lines, now);
      await indexGoods(trx, caller.companyId, [id]);
      const after = await one(trx, caller.companyId, id);
      await audit(trx, caller, { action: 'update', entity: 'goods', entityId: id, before, after });
    });
    return get(caller, id);
  }

  async function get(caller: Caller, id: number): Promise<LibraryGoods> {
    return toLibraryGoods(await one(db, caller.companyId, id));
  }

  /** Changes a flag of some goods of the company, all or none (an unknown id refuses them all). */
  async function setFlags(
    caller: Caller,
    ids: readonly number[],
    set: { goods_type?: string; on_sale?: number; in_shop?: number; is_public?: number },
    guard?: (rows: FlagRow[]) => void,
  ) {
    const unique = [...new Set(ids)];
    return write(caller.companyId, async (trx) => {
      const rows = await goodsFlags(trx, caller.companyId, unique);
      if (rows.length !== unique.length)
        throw new AppError('NOT_FOUND', '所选商品不存在或已被删除，请刷新后重试');
      guard?.(rows);
      const now = nowIso();
      await setGoodsFlags(trx, caller.companyId, caller.userId, unique, { ...set, updated_at: now });
      await auditMany(
        trx,
        caller,
        rows.map((row) => ({ action: 'update', entity: 'goods', entityId: row.id, before: row, after: set })),
      );
      if (set.on_sale !== undefined || set.is_public !== undefined || set.in_shop !== undefined)
        await indexGoods(trx, caller.companyId, unique);
      return { count: rows.length };
    });
  }

  return {
    ...base,
    /** The block's import job; a publish changes the shop's goods like any write (after its commit). */
    async importSheet(ctx: JobContext<ImportJobData>) {
      const publishing = ctx.data.mode !== 'preview';
      // The job is marked done in the publish's transaction: the list forgets its answers there too,
      // so a reader who sees the job done is not given the answer from before it (and again after
      // the commit, for one read in between).
      const out = await base.importSheet({
        ...ctx,
        completeIn: async (trx, result) => {
          await ctx.completeIn(trx, result);
          if (publishing) forget(ctx.caller.companyId);
        },
      });
      if (publishing) changed(ctx.caller.companyId);
      return out;
    },
    /** The block's batch delete; the lists forget what they remembered. */
    async remove(caller: Caller, ids: readonly number[]) {
      const out = await base.remove(caller, ids);
      changed(caller.companyId);
      return out;
    },
    /** Forgets the company's remembered answers (another module changed its goods: an order, stock). */
    forget,
    get: (caller: Caller, id: number) => get(caller, id),
    create: (caller: Caller, f: Fields) => create(caller, f),
    createInShop: create,
    update,

    async list(caller: Caller, input: ListInput) {
      const { page, pageSize, offset } = pageParams(input);
      const key = JSON.stringify([input, page, pageSize]);
      const answer = await memo.answer(caller.companyId, key, async () => {
        const f = await filterOf(caller.companyId, input);
        // The count first: how many goods are found chooses how the page is found (WALK_SHARE).
        const { sort: _sort, page: _page, page_size: _size, ...filter } = input;
        const count = await counts.answer(caller.companyId, JSON.stringify(filter), () =>
          countGoods(db, caller.companyId, f),
        );
        const rows =
          offset < count ? await pageOf(caller.companyId, f, input.sort, pageSize, offset, count) : [];
        return { count, results: rows.map(toLibraryGoods) };
      });
      return paged(answer, { page, pageSize });
    },

    /** The export's rows as the list finds them, page by page (the block's export loop). */
    async *rows(caller: Caller, input: ExportInput) {
      const f = await filterOf(caller.companyId, input);
      yield* exportPages(async (limit, offset) =>
        (await pageOf(caller.companyId, f, input.sort, limit, offset)).map(toLibraryGoods),
      );
    },

    async skuList(caller: Caller, goodsId: number) {
      await one(db, caller.companyId, goodsId);
      return { results: (await skusOf(db, caller.companyId, [goodsId])).map(toSku) };
    },

    /** Adds or changes one specification (the others stay as they are). */
    async skuSave(caller: Caller, input: SkuInput) {
      const { goods_id: goodsId, ...line } = input;
      const saved = await write(caller.companyId, async (trx) => {
        await lockGoods(trx, caller.companyId, goodsId, nowIso());
        const before = await one(trx, caller.companyId, goodsId);
        const current = (await skusOf(trx, caller.companyId, [goodsId])).map(toSku);
        if (line.id === undefined && current.length >= GOODS_SKU_MAX)
          throw new AppError('PARAM_ERROR', `规格最多${GOODS_SKU_MAX}个`, 'skus');
        const lines: SkuLine[] = current.map((s) => (s.id === line.id ? line : { ...s, id: s.id }));
        if (line.id === undefined) lines.push(line);
        else if (!current.some((s) => s.id === line.id))
          throw new AppError('NOT_FOUND', '规格不存在或已被删除，请刷新后重试');
        await checkSkus(trx, caller.companyId, goodsId, lines);
        await writeSkus(trx, caller, goodsId, lines, nowIso());
        const after = await one(trx, caller.companyId, goodsId);
        await audit(trx, caller, { action: 'update', entity: 'goods', entityId: goodsId, before, after });
        const text = specText(line.specs);
        return (await skusOf(trx, caller.companyId, [goodsId])).find((s) => s.spec_text === text);
      });
      if (!saved) throw new AppError('NOT_FOUND', '规格不存在或已被删除');
      return toSku(saved);
    },

    async skuRemove(caller: Caller, skuId: number) {
      return write(caller.companyId, async (trx) => {
        const sku = await skuRowById(trx, caller.companyId, skuId);
        if (!sku) throw new AppError('NOT_FOUND', '规格不存在或已被删除');
        await lockGoods(trx, caller.companyId, sku.goods_id, nowIso());
        const rest = (await skusOf(trx, caller.companyId, [sku.goods_id])).filter((s) => s.id !== skuId);
        await writeSkus(
          trx,
          caller,
          sku.goods_id,
          rest.map((s) => ({ ...toSku(s), id: s.id })),
          nowIso(),
        );
        await audit(trx, caller, { action: 'delete', entity: 'goods_skus', entityId: skuId, before: sku });
        return { count: 1 };
      });
    },

    /** The goods' audit entries, newest first, as the fields that changed (before → after). */
    async history(caller: Caller, id: number, input: { page?: number; page_size?: number }) {
      await one(db, caller.companyId, id);
      const { page, pageSize, offset } = pageParams(input);
      const { rows, count } = await goodsAuditLogs(db, caller.companyId, id, pageSize, offset);
      return paged(
        {
          count,
          results: rows.map((r) => ({
            id: r.id,
            time: r.created_at,
            username: r.username ?? '',
            action: r.action,
            changes: changesOf(r.before_json, r.after_json),
          })),
        },
        { page, pageSize },
      );
    },

    async checkType(caller: Caller, ids: readonly number[], goodsType: string) {
      const rows = await goodsTypesOf(db, caller.companyId, [...new Set(ids)]);
      return {
        matching: rows.filter((r) => r.goods_type === goodsType).map((r) => r.id),
        others: rows.filter((r) => r.goods_type !== goodsType),
      };
    },

    setType: (caller: Caller, ids: readonly number[], goodsType: string) =>
      setFlags(caller, ids, { goods_type: goodsType }),

    /**
     * Into the shop, and with `on_sale` 1 on sale too, in one transaction (all or none: a goods
     * without a price refuses the batch); answers which goods went on sale without stock.
     */
    async pushToShop(caller: Caller, ids: readonly number[], onSale: number | undefined) {
      let noStock: string[] = [];
      const out = await setFlags(
        caller,
        ids,
        { in_shop: 1, ...(onSale !== undefined && { on_sale: onSale }) },
        (rows) => {
          if (onSale !== 1) return;
          refuseWithoutPrice(rows);
          noStock = rows.filter((r) => r.stock <= 0).map((r) => r.name);
        },
      );
      return onSale === 1 ? { ...out, no_stock: noStock } : out;
    },

    setOnSale: (caller: Caller, ids: readonly number[], onSale: number) =>
      setFlags(caller, ids, { on_sale: onSale }, (rows) => {
        if (onSale !== 1) return;
        const outside = rows.find((r) => r.in_shop !== 1);
        if (outside) throw new AppError('GOODS_NOT_IN_SHOP', `「${outside.name}」尚未推送到商城，请先推送`);
        refuseWithoutPrice(rows);
      }),

    setPublic: (caller: Caller, ids: readonly number[], isPublic: number) =>
      setFlags(caller, ids, { is_public: isPublic }, (rows) => {
        const outside = rows.find((r) => r.in_shop !== 1);
        if (outside) throw new AppError('GOODS_NOT_IN_SHOP', `「${outside.name}」尚未推送到商城，请先推送`);
      }),

    removeFromShop: (caller: Caller, ids: readonly number[]) =>
      setFlags(caller, ids, { in_shop: 0, on_sale: 0 }),
  };
}

export type GoodsLibraryService = ReturnType<typeof goodsLibraryService>;
