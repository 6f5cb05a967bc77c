import { Link } from 'react-router';
import { HomeBlock } from '#web/shared/ui/HomeBlock.tsx';
import { useLevels } from './useStock.ts';

/** Low levels the home lists. */
const SHOWN = 5;

/**
 * 库存预警 on the 商城管理 home (ADR 0027): how many levels are below their warning threshold and
 * the first few, each a link to 库存管理 — the stock list's own `low` filter (`/stock/list`), so
 * the home and the list count alike. It is the list's query (`useLevels`, under `stockKeys`), so
 * every stock write that reloads the list (`useStockChanged`) reloads it too.
 */
export function StockHomeBlock() {
  const low = useLevels({ low: 1, page: 1, page_size: SHOWN });
  return (
    <HomeBlock id="stock-home" title="库存预警" query={low}>
      {({ results: rows, paging: { count } }) =>
        count === 0 ? (
          <p>
            没有低于预警值的库存。<Link to="/crm/stock_manager">查看库存</Link>
          </p>
        ) : (
          <>
            <p className="home-block-count">
              <strong>{count}</strong> 项库存低于预警值
            </p>
            <ul className="home-block-list">
              {rows.map((l) => (
                <li key={l.id}>
                  <Link to="/crm/stock_manager">
                    {l.goods_name}
                    {l.spec_text ? `（${l.spec_text}）` : ''}
                  </Link>
                  <span className="home-block-meta">
                    {l.warehouse_name}：{l.quantity} {l.unit}，预警值 {l.warn_quantity}
                  </span>
                </li>
              ))}
            </ul>
            <Link to="/crm/stock_manager">到库存管理处理{count > SHOWN ? `（共 ${count} 项）` : ''}</Link>
          </>
        )
      }
    </HomeBlock>
  );
}
