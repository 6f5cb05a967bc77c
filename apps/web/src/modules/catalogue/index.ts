// What other modules use of catalogue: the only way in from another module (checks/boundaries.test.ts).
export { GoodsCard, GoodsCover, GoodsGridSkeleton } from './GoodsCard.tsx';
export { goodsHref } from './links.ts';
export { MyLoves } from './MyLoves.tsx';
export { goodsDetailQuery, shopKeys, useGoodsDetail } from './useShopGoods.ts';
