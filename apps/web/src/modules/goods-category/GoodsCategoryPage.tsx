import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Category, CategoryTreeNode } from '@portal/contract';
import { KEYWORD_MAX } from '@portal/contract/constants';
import { App, Button, Card, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { ListToolbar } from '#web/shared/ui/ListToolbar.tsx';
import { useExistingPage, useListFilters } from '#web/shared/ui/pagination.ts';
import { useNarrow } from '#web/shared/ui/useNarrow.ts';
import { CategoryFormModal, type CategoryFormTarget } from './CategoryFormModal.tsx';
import { CategoryTable } from './CategoryTable.tsx';
import { CategoryTree } from './CategoryTree.tsx';
import {
  BULK_CATEGORIES,
  type CategoryKind,
  CategoryKindContext,
  SHOP_CATEGORIES,
  useCategoryKind,
} from './categoryKind.ts';
import { deleteRefusal } from './deleteCheck.ts';
import { ancestorsOf, branchIds, type CategoryNode, nestRows, openBranches } from './treeRows.ts';
import { useCategoryList, useDeleteCategories, useDeleteCategory } from './useCategories.ts';
import './goods-category.css';

const STATUS_OPTIONS: { value: 0 | 1; label: string }[] = [
  { value: 1, label: '启用' },
  { value: 0, label: '停用' },
];

/**
 * 商品分类 (/crm/goods_category): the category tree on the left (on a phone, a button that opens it),
 * and the table of the branch chosen there, itself a tree: top-level rows that unfold into their
 * sub-categories.
 */
export function GoodsCategoryPage({ kind = SHOP_CATEGORIES }: { kind?: CategoryKind }) {
  return (
    <CategoryKindContext.Provider value={kind}>
      <CategoryScreen />
    </CategoryKindContext.Provider>
  );
}

/** 大宗分类 (/crm/goods_category_dzc): the same screen over the bulk catalogue's tree (ADR 0026). */
export function BulkCategoryPage() {
  return <GoodsCategoryPage kind={BULK_CATEGORIES} />;
}

function CategoryScreen() {
  const { modal } = App.useApp();
  const kind = useCategoryKind();
  const { add: canAdd, change: canChange, delete: canDelete } = kind.useCans();
  const goodsWord = kind.goodsWord;

  const [node, setNode] = useState<CategoryTreeNode | null>(null);
  const filters = useListFilters<0 | 1>();
  const { page, pageSize, setPage, pagination, keyword, status } = filters;
  const [selected, setSelected] = useState<number[]>([]);
  const [target, setTarget] = useState<CategoryFormTarget | null>(null);
  const narrow = useNarrow();

  const list = useCategoryList({ page, page_size: pageSize, keyword, parent_id: node?.id, status, tree: 1 });
  const nested = useMemo(() => nestRows(list.data?.results ?? []), [list.data]);
  const treeList = useMemo(
    () => ({ ...list, data: list.data && { ...list.data, results: nested } }),
    [list, nested],
  );

  // Branches the user opened (listing everything) or folded (under a search, which opens them all).
  const filtered = keyword !== '' || status !== undefined;
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const expanded = openBranches(branchIds(nested), filtered, opened, folded);
  const expand = (open: boolean, row: CategoryNode) => {
    const change = (set: ReadonlySet<number>, add: boolean) => {
      const next = new Set(set);
      if (add) next.add(row.id);
      else next.delete(row.id);
      return next;
    };
    if (filtered) setFolded((f) => change(f, !open));
    else setOpened((o) => change(o, open));
  };
  /** A category just saved is shown: its ancestors open. */
  const reveal = (saved: Category) => {
    const way = ancestorsOf(list.data?.results ?? [], saved.parent_id);
    setOpened((o) => new Set([...o, ...way]));
    setFolded((f) => new Set([...f].filter((id) => !way.includes(id))));
  };
  const remove = useDeleteCategory();
  const removeMany = useDeleteCategories();

  const paging = list.data?.paging;
  useExistingPage(paging, page, setPage);

  /** A new node, search or status starts at page 1 with nothing selected. */
  const refilter = (apply: () => void) => {
    apply();
    setSelected([]);
    setFolded(new Set());
  };

  const deleted = (d: { deleted: number }) => {
    toastSuccess(`已删除 ${d.deleted} 个分类`);
    setSelected([]);
  };

  /** What stands in the way is said first (no 删除后不可恢复 for a deletion that would be refused). */
  const refuse = (title: string, why: string) => modal.info({ title, content: why, okText: '知道了' });

  const confirmOne = (row: Category) => {
    const why = deleteRefusal([row], { alone: true, goodsWord });
    if (why) return refuse(`不能删除分类「${row.name}」`, why);
    return confirmDanger(modal, {
      title: `确定删除分类「${row.name}」吗？`,
      content: '删除后不可恢复。',
      okText: '删除',
      onOk: () => remove.mutateAsync(row.id).then(deleted, () => {}),
    });
  };

  const confirmBatch = () => {
    const rows = (list.data?.results ?? []).filter((r) => selected.includes(r.id));
    const why = deleteRefusal(rows, { alone: false, goodsWord });
    if (why) return refuse('不能删除选中的分类', why);
    return confirmDanger(modal, {
      title: `确定删除选中的 ${selected.length} 个分类吗？`,
      content: `删除后不可恢复。只要其中有分类还有子分类或${goodsWord}，本次将一个也不删除。`,
      okText: '删除',
      onOk: () => removeMany.mutateAsync(selected).then(deleted, () => {}),
    });
  };

  return (
    <div className="goods-category">
      <CategoryTree
        folded={narrow}
        selected={node}
        onSelect={(n) =>
          refilter(() => {
            setNode(n);
            setPage(1);
          })
        }
      />
      <Card
        className="goods-category-main"
        title={
          <Space>
            <span>{kind.title}</span>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {node ? `「${node.name}」下的分类` : '全部分类'}
            </Typography.Text>
          </Space>
        }
      >
        <ListToolbar<0 | 1>
          search={{
            label: '搜索关键字',
            placeholder: '搜索分类名称',
            maxLength: KEYWORD_MAX,
            style: { width: 280 },
            onSearch: (v) => refilter(() => filters.search(v)),
          }}
          status={{
            label: '状态筛选',
            options: STATUS_OPTIONS,
            value: status,
            onChange: (v) => refilter(() => filters.filterStatus(v)),
          }}
        >
          <Space wrap>
            {canDelete && (
              <Button
                danger
                icon={<DeleteOutlined aria-hidden />}
                disabled={selected.length === 0}
                loading={removeMany.isPending}
                onClick={confirmBatch}
              >
                批量删除
              </Button>
            )}
            {canAdd && (
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => setTarget({ mode: 'add', parent: node })}
              >
                新增分类
              </Button>
            )}
          </Space>
        </ListToolbar>
        <CategoryTable
          query={treeList}
          pagination={pagination}
          keyword={keyword}
          expanded={expanded}
          onExpand={expand}
          selected={selected}
          onSelect={canDelete ? setSelected : null}
          onEdit={canChange ? (row: Category) => setTarget({ mode: 'edit', id: row.id }) : null}
          onDelete={canDelete ? confirmOne : null}
        />
      </Card>
      <CategoryFormModal target={target} onClose={() => setTarget(null)} onSaved={reveal} />
    </div>
  );
}
