import type { DashboardDay } from '@portal/contract';
import { dashboardCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { Statistic } from 'antd';
import { Link } from 'react-router';
import { api } from '#web/shared/api/client.ts';
import { formatYuan } from '#web/shared/format.ts';
import { HomeBlock } from '#web/shared/ui/HomeBlock.tsx';

const WIDTH = 640;
const HEIGHT = 160;
const GAP = 6;

/** `11-24` of `2026-11-24`. */
const short = (day: string) => day.slice(5);

/**
 * One series as bars (an SVG a screen reader skips) with the same figures as a table beneath it,
 * visually hidden: the chart is for the eye, the table for everyone else.
 */
function Bars({
  id,
  title,
  days,
  value,
  label,
}: {
  id: string;
  title: string;
  days: DashboardDay[];
  value: (d: DashboardDay) => number;
  label: (n: number) => string;
}) {
  const max = Math.max(1, ...days.map(value));
  const band = WIDTH / Math.max(days.length, 1);
  return (
    <figure className="crm-dash-chart" aria-labelledby={id}>
      <figcaption id={id} className="crm-dash-chart-title">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`} className="crm-dash-svg" aria-hidden focusable="false">
        {days.map((d, i) => {
          const h = Math.round((value(d) / max) * HEIGHT);
          return (
            <g key={d.day}>
              <rect x={i * band + GAP / 2} y={HEIGHT - h} width={band - GAP} height={Math.max(h, 1)} rx={2} />
              {(i % 2 === 1 || i === days.length - 1) && (
                <text x={i * band + band / 2} y={HEIGHT + 15} textAnchor="middle">
                  {short(d.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">日期</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>{label(value(d))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/**
 * The 商城管理 home's figures for whoever handles orders: today's orders and sales, the orders
 * waiting for payment or shipping (each a link to the order list), and the last 14 days as charts.
 */
export function CrmDashboard() {
  const q = useQuery({ queryKey: ['dashboard', 'crm'], queryFn: () => api.call(dashboardCalls.crm, {}) });
  return (
    <HomeBlock id="crm-dash" title="今日经营" query={q} rows={3}>
      {(d) => (
        <>
          <div className="crm-dash-stats">
            <Statistic title="今日订单" value={d.today.orders} suffix="单" />
            <Statistic title="今日销售额" value={formatYuan(d.today.sales)} />
            <Link to="/crm/order_manager" className="crm-dash-stat-link">
              <Statistic title="待付款" value={d.waiting.payment} suffix="单" />
            </Link>
            <Link to="/crm/order_manager" className="crm-dash-stat-link">
              <Statistic title="待发货" value={d.waiting.shipment} suffix="单" />
            </Link>
          </div>
          <div className="crm-dash-charts">
            <Bars
              id="crm-dash-orders"
              title="近14天订单数"
              days={d.days}
              value={(x) => x.orders}
              label={(n) => `${n} 单`}
            />
            <Bars
              id="crm-dash-sales"
              title="近14天销售额"
              days={d.days}
              value={(x) => x.sales}
              label={(n) => formatYuan(n)}
            />
          </div>
        </>
      )}
    </HomeBlock>
  );
}
