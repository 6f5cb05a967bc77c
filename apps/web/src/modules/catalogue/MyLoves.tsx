import { App, Button, Pagination } from 'antd';
import { Link } from 'react-router';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { useExistingPage, usePaging } from '#web/shared/ui/pagination.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { GoodsCard, GoodsGridSkeleton } from './GoodsCard.tsx';
import { useLoves, useToggleLove } from './useShopGoods.ts';

/** 我的收藏: liked goods linking to their detail, each with 取消收藏. */
export function MyLoves() {
  const { modal } = App.useApp();
  const { page, pageSize, setPage, pagination } = usePaging();
  const list = useLoves(page, pageSize);
  const unlove = useToggleLove(); // on a liked goods it unlikes
  const paging = list.data?.paging;
  useExistingPage(paging, page, setPage);

  if (list.isPending) return <GoodsGridSkeleton count={4} />;
  const rows = list.data?.results ?? [];
  if (rows.length === 0) {
    return (
      <div>
        <QueryEmpty query={list} description="还没有收藏的商品" />
        {!list.isError && (
          <div style={{ textAlign: 'center' }}>
            <Link to="/product">去商城逛逛</Link>
          </div>
        )}
      </div>
    );
  }
  return (
    <div>
      <div className="goods-grid love-grid">
        {rows.map((g) => (
          <div key={g.id} className="love-item">
            <GoodsCard goods={g} />
            <Button
              block
              size="small"
              loading={unlove.isPending && unlove.variables === g.id}
              onClick={() =>
                confirmDanger(modal, {
                  title: `取消收藏「${g.name}」吗？`,
                  content: '可以在商品页重新收藏。',
                  okText: '取消收藏',
                  cancelText: '保留',
                  onOk: () =>
                    unlove.mutateAsync(g.id).then(
                      () => toastSuccess('已取消收藏'),
                      () => {},
                    ),
                })
              }
            >
              取消收藏
            </Button>
          </div>
        ))}
      </div>
      <Pagination className="my-pagination" {...pagination(paging?.count ?? 0)} />
    </div>
  );
}
