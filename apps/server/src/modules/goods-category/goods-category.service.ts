import {
  CATEGORY_MAX_DEPTH,
  type Category,
  type CategoryInput,
  type CategoryListQuery,
  type CategoryTreeNode,
} from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { pageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { isUniqueViolation } from '#server/platform/db/errors.ts';
import { bumpVersion, versionedCache } from '#server/platform/db/versioned-cache.ts';
import { nowIso } from '#server/platform/time.ts';
import { indexCategorySubtree } from '../catalogue/index.ts';
import {
  type CategoryRow,
  type CategoryTables,
  categoryRepository,
  categoryRepositoryOf,
  SHOP_CATEGORY_TABLES,
} from './goods-category.repository.ts';

/** Builds the nested tree from flat rows; orphans (under a filtered-out parent) are left out. */
export function buildTree(rows: CategoryRow[]): CategoryTreeNode[] {
  const nodes = new Map<number, CategoryTreeNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      parent_id: r.parent_id,
      name: r.name,
      sort: r.sort,
      icon: r.icon,
      status: r.status,
      level: r.level,
      children: [],
    });
  }
  const roots: CategoryTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id) as CategoryTreeNode;
    if (r.parent_id === null) roots.push(node);
    else nodes.get(r.parent_id)?.children.push(node);
  }
  return roots;
}

/**
 * The categories a tree list shows under `scope` (a category id, or null for the top level): the
 * rows that `matches`, each with its ancestors up to the scope, as the scope's children (`tops`)
 * and, per shown category, its shown children (`childrenOf`). `rows` is in display order, and so is
 * every list of the result.
 */
export function shownForest<T extends { id: number; parent_id: number | null }>(
  rows: readonly T[],
  scope: number | null,
  matches: (row: T) => boolean,
): { tops: T[]; childrenOf: Map<number, T[]> } {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shown = new Set<number>();
  for (const row of rows) {
    if (!matches(row) || shown.has(row.id)) continue;
    // The chain from the row up to the scope; a row outside the scope adds nothing.
    const chain: number[] = [];
    let at: T | undefined = row;
    while (at && chain.length <= CATEGORY_MAX_DEPTH) {
      chain.push(at.id);
      if (at.parent_id === scope) {
        for (const id of chain) shown.add(id);
        break;
      }
      at = at.parent_id === null ? undefined : byId.get(at.parent_id);
    }
  }
  const tops: T[] = [];
  const childrenOf = new Map<number, T[]>();
  for (const row of rows) {
    if (!shown.has(row.id)) continue;
    if (row.parent_id === scope) tops.push(row);
    else if (row.parent_id !== null) {
      const siblings = childrenOf.get(row.parent_id);
      if (siblings) siblings.push(row);
      else childrenOf.set(row.parent_id, [row]);
    }
  }
  return { tops, childrenOf };
}

/** `tops` each followed by its shown subtree, parents before children. */
function preorder<T extends { id: number }>(tops: readonly T[], childrenOf: Map<number, T[]>): T[] {
  const out: T[] = [];
  const visit = (row: T) => {
    out.push(row);
    for (const child of childrenOf.get(row.id) ?? []) visit(child);
  };
  for (const top of tops) visit(top);
  return out;
}

interface Snapshot {
  /** Every live category of the company in display order (sort, id), with its counts. */
  categories: Category[];
}

type Repo = ReturnType<typeof categoryRepositoryOf>;

/** One company's categories with parent names and counts: two queries, the rest in memory. */
async function loadSnapshot(repo: Repo, db: Database, companyId: number): Promise<Snapshot> {
  const [rows, goods] = await Promise.all([repo.all(db, companyId), repo.goodsCounts(db, companyId)]);
  const direct = new Map(goods.map((g) => [g.category_id, Number(g.n)]));
  // 商品数 of a category counts its whole subtree: a parent shows the goods of its children.
  const goodsBy = new Map<number, number>();
  for (const r of rows) {
    const n = direct.get(r.id) ?? 0;
    if (n === 0) continue;
    for (const id of r.path.split('/').filter(Boolean).map(Number))
      goodsBy.set(id, (goodsBy.get(id) ?? 0) + n);
  }
  const nameBy = new Map(rows.map((r) => [r.id, r.name]));
  const childrenBy = new Map<number, number>();
  for (const r of rows)
    if (r.parent_id !== null) childrenBy.set(r.parent_id, (childrenBy.get(r.parent_id) ?? 0) + 1);
  // Frozen: these objects are shared by every request and their JSON is cached by identity.
  const categories = rows.map((r) =>
    Object.freeze({
      id: r.id,
      parent_id: r.parent_id,
      parent_name: r.parent_id === null ? '' : (nameBy.get(r.parent_id) ?? ''),
      name: r.name,
      sort: r.sort,
      icon: r.icon,
      status: r.status,
      level: r.level,
      children_count: childrenBy.get(r.id) ?? 0,
      goods_count: goodsBy.get(r.id) ?? 0,
      create_time: r.created_at,
      update_time: r.updated_at,
    }),
  );
  return { categories };
}

/** A race past the sibling-name check ends at the unique index: the same answer as the check. */
function siblingNameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('CATEGORY_NAME_TAKEN', undefined, 'name');
  throw error;
}

/**
 * A category tree: its tables, the version scope of its snapshots, its audit entity, and what
 * follows a category's rename or move in the same transaction. The shop's (`SHOP_CATEGORY_TREE`)
 * and the bulk catalogue's (modules/bulk-catalogue, ADR 0026) are served by this one service.
 */
export interface CategoryTree {
  tables: CategoryTables;
  cacheScope: string;
  entity: string;
  afterRenameOrMove?: (trx: Database, companyId: number, categoryId: number) => Promise<unknown>;
}

export const SHOP_CATEGORY_TREE: CategoryTree = {
  tables: SHOP_CATEGORY_TABLES,
  cacheScope: 'goods_category',
  entity: 'goods_category',
  // The goods under it are listed by their ancestors and found by the category names.
  afterRenameOrMove: indexCategorySubtree,
};

/**
 * Marks a tree's categories as changed. Every write that changes a category or a category's goods
 * count (goods added, moved or deleted) calls it inside its transaction.
 */
export const bumpCategoryTree = (trx: Database, tree: CategoryTree, companyId: number) =>
  bumpVersion(trx, tree.cacheScope, companyId);

/** `bumpCategoryTree` of the shop's tree. */
export const bumpCategories = (trx: Database, companyId: number) =>
  bumpCategoryTree(trx, SHOP_CATEGORY_TREE, companyId);

/**
 * Categories are read on every shop and back-office page and change rarely, so reads come from a
 * per-process snapshot checked against the version that `bumpCategories` moves (ADR 0005).
 */
export function goodsCategoryService(
  db: Database,
  { recheckMs = 1000 } = {},
  tree: CategoryTree = SHOP_CATEGORY_TREE,
) {
  // The shop's tree keeps the module's one repository object (its test watches its counting).
  const repo = tree === SHOP_CATEGORY_TREE ? categoryRepository : categoryRepositoryOf(tree.tables);
  const scope = tree.cacheScope;
  // Two snapshots under one version: the tree alone, which the shop and the catalogue read on
  // every page (a cold start reads only the categories), and the back office's rows with their
  // goods counts, which group every goods of the company and are read only by the category screen.
  const rowsCache = versionedCache(scope, (conn, companyId) => repo.all(conn, companyId), { recheckMs });
  const categoryCache = versionedCache(scope, (conn, companyId) => loadSnapshot(repo, conn, companyId), {
    recheckMs,
  });

  /** The parent a category would hang under, checked: exists in the caller's company. */
  async function parentFor(trx: Database, caller: Caller, parentId: number | undefined) {
    if (!parentId) return { id: null, path: '/', level: 0 };
    const parent = await repo.findById(trx, caller.companyId, parentId);
    if (!parent) throw new AppError('CATEGORY_PARENT_MISSING', undefined, 'parent_id');
    return { id: parent.id, path: parent.path, level: parent.level };
  }

  /** One category of the caller's company, from the snapshot. */
  async function get(caller: Caller, id: number): Promise<Category> {
    const found = (await categoryCache.get(db, caller.companyId)).categories.find((c) => c.id === id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  /**
   * Every category write: one transaction that ends by bumping the version; a race past the
   * sibling-name check answers like the check; this process's snapshot is dropped after commit.
   */
  async function write<T>(caller: Caller, work: (trx: Database) => Promise<T>): Promise<T> {
    const result = await db
      .transaction()
      .execute(async (trx) => {
        const done = await work(trx);
        await bumpCategoryTree(trx, tree, caller.companyId);
        return done;
      })
      .catch(siblingNameTaken);
    categoryCache.forget(caller.companyId);
    rowsCache.forget(caller.companyId);
    return result;
  }

  return {
    async list(caller: Caller, q: CategoryListQuery) {
      const { page, pageSize, offset } = pageParams(q);
      const keyword = q.keyword?.toLowerCase();
      const parentId = q.parent_id === 0 ? null : q.parent_id;
      const { categories } = await categoryCache.get(db, caller.companyId);
      const matches = (c: Category) =>
        (q.status === undefined || c.status === q.status) &&
        (!keyword || c.name.toLowerCase().includes(keyword));
      if (q.tree === 1) {
        // Paged by the top-level rows; each comes with the part of its subtree that is shown.
        const { tops, childrenOf } = shownForest(categories, parentId ?? null, matches);
        const results = preorder(tops.slice(offset, offset + pageSize), childrenOf);
        return { count: tops.length, page, pageSize, results };
      }
      const matching = categories.filter(
        (c) => (parentId === undefined || c.parent_id === parentId) && matches(c),
      );
      const results = matching.slice(offset, offset + pageSize);
      return { count: matching.length, page, pageSize, results };
    },

    /**
     * After another module's commit that bumped this tree (its goods moved between categories):
     * this process's snapshots of the company are dropped at once.
     */
    forget(companyId: number) {
      categoryCache.forget(companyId);
      rowsCache.forget(companyId);
    },
    /** The company's live categories from the shared snapshot (the same array until a change). */
    async rows(companyId: number): Promise<readonly CategoryRow[]> {
      return rowsCache.get(db, companyId);
    },

    async tree(companyId: number, status?: 0 | 1) {
      const rows = await rowsCache.get(db, companyId);
      return buildTree(status === undefined ? rows : rows.filter((r) => r.status === status));
    },

    /** Categories that can take a child (level below the maximum), without `excludeId`'s own subtree. */
    async parents(caller: Caller, excludeId?: number) {
      const rows = await rowsCache.get(db, caller.companyId);
      const excluded = excludeId ? rows.find((r) => r.id === excludeId)?.path : undefined;
      return buildTree(
        rows.filter((r) => r.level < CATEGORY_MAX_DEPTH && !(excluded && r.path.startsWith(excluded))),
      );
    },

    get,

    async add(caller: Caller, input: CategoryInput) {
      const id = await write(caller, async (trx) => {
        const parent = await parentFor(trx, caller, input.parent_id);
        if (parent.level + 1 > CATEGORY_MAX_DEPTH)
          throw new AppError('CATEGORY_TOO_DEEP', undefined, 'parent_id');
        if (await repo.siblingNameTaken(trx, caller.companyId, parent.id, input.name)) {
          throw new AppError('CATEGORY_NAME_TAKEN', undefined, 'name');
        }
        const id = await repo.insert(trx, {
          companyId: caller.companyId,
          parentId: parent.id,
          parentPath: parent.path,
          level: parent.level + 1,
          name: input.name,
          sort: input.sort ?? 0,
          icon: input.icon ?? '',
          status: input.status ?? 1,
          userId: caller.userId,
          now: nowIso(),
        });
        await audit(trx, caller, {
          action: 'create',
          entity: tree.entity,
          entityId: id,
          after: await repo.findById(trx, caller.companyId, id),
        });
        return id;
      });
      return get(caller, id);
    },

    async update(caller: Caller, id: number, input: CategoryInput) {
      await write(caller, async (trx) => {
        const before = await repo.findById(trx, caller.companyId, id);
        if (!before) throw new AppError('NOT_FOUND');
        const parentId = input.parent_id === undefined ? (before.parent_id ?? 0) : input.parent_id;
        const parent = await parentFor(trx, caller, parentId);
        if (parent.id === id || parent.path.startsWith(before.path)) {
          throw new AppError('CATEGORY_CYCLE', undefined, 'parent_id');
        }
        const level = parent.level + 1;
        const subtreeDepth =
          (await repo.deepestLevelUnder(trx, caller.companyId, before.path)) - before.level;
        if (level + subtreeDepth > CATEGORY_MAX_DEPTH)
          throw new AppError('CATEGORY_TOO_DEEP', undefined, 'parent_id');
        if (await repo.siblingNameTaken(trx, caller.companyId, parent.id, input.name, id)) {
          throw new AppError('CATEGORY_NAME_TAKEN', undefined, 'name');
        }
        const path = `${parent.path}${id}/`;
        await repo.update(trx, caller.companyId, id, {
          parent_id: parent.id,
          path,
          level,
          name: input.name,
          sort: input.sort ?? before.sort,
          icon: input.icon ?? before.icon,
          status: input.status ?? before.status,
          updated_by: caller.userId,
          updated_at: nowIso(),
        });
        if (path !== before.path) {
          await repo.moveDescendants(trx, caller.companyId, before.path, path, level - before.level);
        }
        if (path !== before.path || input.name !== before.name)
          await tree.afterRenameOrMove?.(trx, caller.companyId, id);
        await audit(trx, caller, {
          action: 'update',
          entity: tree.entity,
          entityId: id,
          before,
          after: await repo.findById(trx, caller.companyId, id),
        });
      });
      return get(caller, id);
    },

    /**
     * Deletes all or nothing. A category may go only when it holds no goods and each of its
     * children is deleted with it.
     */
    remove(caller: Caller, ids: number[]) {
      const unique = [...new Set(ids)];
      return write(caller, async (trx) => {
        const rows = await repo.findByIds(trx, caller.companyId, unique);
        if (rows.length !== unique.length) throw new AppError('NOT_FOUND');
        const selected = new Set(unique);
        const byId = new Map(rows.map((r) => [r.id, r]));
        const blockingChild = (await repo.childrenOf(trx, caller.companyId, unique)).find(
          (c) => !selected.has(c.id),
        );
        if (blockingChild) {
          const name = byId.get(blockingChild.parent_id as number)?.name ?? '';
          throw new AppError('CATEGORY_HAS_CHILDREN', `分类“${name}”下还有子分类，不能删除`);
        }
        const withGoods = (await repo.goodsCounts(trx, caller.companyId, unique)).find(
          (g) => Number(g.n) > 0,
        );
        if (withGoods) {
          const name = byId.get(withGoods.category_id as number)?.name ?? '';
          throw new AppError('CATEGORY_HAS_GOODS', `分类“${name}”下还有商品，不能删除`);
        }
        await repo.softDelete(trx, caller.companyId, unique, caller.userId, nowIso());
        for (const row of rows) {
          await audit(trx, caller, {
            action: 'delete',
            entity: tree.entity,
            entityId: row.id,
            before: row,
          });
        }
        return { deleted: rows.length };
      });
    },
  };
}
export type GoodsCategoryService = ReturnType<typeof goodsCategoryService>;
