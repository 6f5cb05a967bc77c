// What other modules use of stock: the only way in from another module (checks/boundaries.test.ts).
export { StockHomeBlock } from './StockHomeBlock.tsx';
export { GoodsSelect, SkuField, SupplierSelect, WarehouseSelect } from './StockPickers.tsx';
export { stockKeys, useMayCheck, useSkuOptions, useWarehouseOptions } from './useStock.ts';
