/**
 * The stock's words (ADR 0022), zod-free so that the web's stock screens read them without zod.
 * A ledger move's kind: where the stock came from or went to.
 */
export const STOCK_MOVE_KINDS = {
  opening: '期初库存',
  purchase: '采购入库',
  shipment: '订单发货',
  return: '退货入库',
  production: '生产入库',
  material: '领料出库',
  adjust: '盘点调整',
  purchase_return: '采购退货',
} as const;
export type StockMoveKind = keyof typeof STOCK_MOVE_KINDS;

/** A stock-in record's state: it counts only once checked. */
export const STOCK_INPUT_STATUS = { 0: '待审核', 1: '已审核' } as const;

/** A warehouse's state. */
export const WAREHOUSE_STATUS = { 1: '启用', 0: '停用' } as const;

/** The largest quantity one record, adjustment or level holds. */
export const STOCK_QUANTITY_MAX = 10_000_000;
