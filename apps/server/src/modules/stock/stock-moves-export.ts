import {
  type CallInput,
  exportJobKind,
  RESOURCE_EXPORT_MAX,
  STOCK_MOVE_KINDS,
  type StockMoveKind,
  stockCalls,
} from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { ExcelColumn } from '#server/platform/excel/index.ts';
import type { ListExport } from '#server/platform/resource/list-export.ts';
import { dayStartIn, wallDate, type ZoneOf } from '#server/platform/time.ts';
import { stockRepository as repo } from './stock.repository.ts';

type MoveFilters = CallInput<typeof stockCalls.movesExport>;

/** The ledger's filters as the repository reads them: the date range in the company's days, both included. */
export const moveFilterOf = (zone: string, f: MoveFilters) => ({
  warehouse_id: f.warehouse_id,
  goods_id: f.goods_id,
  kind: f.kind,
  from: f.date_from ? dayStartIn(zone, f.date_from) : undefined,
  to: f.date_to ? dayStartIn(zone, f.date_to, 1) : undefined,
  keyword: f.keyword,
});

/** The ledger's sheet: times as date cells on the company's clock, money as yuan (0.00). */
const COLUMNS: readonly ExcelColumn[] = [
  { key: 'create_time', label: '时间', kind: 'time', width: 20 },
  { key: 'goods_code', label: '商品编码', kind: 'code', width: 16 },
  { key: 'goods_name', label: '商品名称', width: 28 },
  { key: 'spec_text', label: '规格', width: 16 },
  { key: 'warehouse_name', label: '仓库', width: 14 },
  { key: 'kind_name', label: '类型', width: 12 },
  { key: 'quantity', label: '数量', kind: 'number', width: 10 },
  { key: 'balance_after', label: '结存', kind: 'number', width: 10 },
  { key: 'unit_cost', label: '单价', kind: 'money', width: 12 },
  { key: 'amount', label: '金额', kind: 'money', width: 14 },
  { key: 'ref_no', label: '单据号', kind: 'code', width: 22 },
  { key: 'reason', label: '原因', width: 28 },
  { key: 'created_by_name', label: '经手人', width: 12 },
];

const EXPORT_PAGE = 500;

async function* rows(db: Database, zoneOf: ZoneOf, caller: Caller, f: MoveFilters) {
  const zone = await zoneOf(caller.companyId);
  const filter = moveFilterOf(zone, f);
  for (let offset = 0; offset < RESOURCE_EXPORT_MAX; offset += EXPORT_PAGE) {
    const page = await repo.movePage(
      db,
      caller.companyId,
      filter,
      Math.min(EXPORT_PAGE, RESOURCE_EXPORT_MAX - offset),
      offset,
    );
    for (const m of page)
      yield {
        create_time: wallDate(zone, m.created_at),
        goods_code: m.goods_code,
        goods_name: m.goods_name,
        spec_text: m.spec_text ?? '',
        warehouse_name: m.warehouse_name,
        kind_name: STOCK_MOVE_KINDS[m.kind as StockMoveKind] ?? m.kind,
        quantity: m.quantity,
        balance_after: m.balance_after,
        // A move without a known cost (0) leaves its cells empty rather than ¥0.00.
        unit_cost: m.unit_cost > 0 ? m.unit_cost / 100 : null,
        amount: m.unit_cost > 0 ? (m.quantity * m.unit_cost) / 100 : null,
        ref_no: m.ref_no,
        reason: m.reason,
        created_by_name: m.created_by_name,
      };
    if (page.length < EXPORT_PAGE) return;
  }
}

/** 库存流水 as an export (downloaded at once, or a job when long: ADR 0037). */
export function stockMovesExport(db: Database, zoneOf: ZoneOf): ListExport<MoveFilters> {
  return {
    kind: exportJobKind(stockCalls.movesExport.path),
    label: '库存流水',
    columns: COLUMNS,
    count: async (caller, f) =>
      repo.moveCount(db, caller.companyId, moveFilterOf(await zoneOf(caller.companyId), f)),
    rows: (caller, f) => rows(db, zoneOf, caller, f),
  };
}
