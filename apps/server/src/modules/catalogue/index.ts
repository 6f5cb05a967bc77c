/** What other modules may use of the catalogue module. */
export { goodsForSale, goodsOnSale } from './catalogue.repository.ts';
export { bumpCatalogue } from './catalogue.service.ts';
export { isAvailable, isDeleted, overLimit, stockShort } from './goods-rules.ts';
export { changeGoods, type GoodsDelta } from './goods-stock.ts';
