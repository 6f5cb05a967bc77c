/** Constants of the bulk-procurement catalogue (ADR 0026), zod-free for the web's pages. */

/** Most quantity bands of one bulk goods. */
export const BULK_TIERS_MAX = 10;
/** Largest quantity a band may start at. */
export const BULK_QUANTITY_MAX = 10_000_000;
/** The microsites that list the company's bulk catalogue instead of its shop goods. */
export const BULK_MICROSITE_PATHS: readonly string[] = ['/dzc', '/dzcen'];
/** 上架 / 下架 of a bulk goods: the list's filter and the form's choice. */
export const BULK_ON_SALE_OPTIONS: readonly { value: 0 | 1; label: string }[] = [
  { value: 1, label: '上架' },
  { value: 0, label: '下架' },
];

/**
 * Why a bulk goods whose library goods (or specification) was deleted cannot be saved: the
 * server's refusal beside 商品 and the form's notice say the same.
 */
export const BULK_GOODS_DELETED_MESSAGE = '商品库中已删除该商品，不能再保存；可以下架或删除这条大宗商品';
