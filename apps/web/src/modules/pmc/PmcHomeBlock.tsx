import type { PmcPlan } from '@portal/contract';
import './pmc.css';
import { pmcCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { Progress, Tag } from 'antd';
import { Link } from 'react-router';
import { api } from '#web/shared/api/client.ts';
import { HomeBlock } from '#web/shared/ui/HomeBlock.tsx';
import { pmcKeys } from './usePmc.ts';

/** Plans shown on the home: those in production, due first. */
const SHOWN = 5;

/**
 * 生产计划进度 on the 商城管理 home (ADR 0024): the plans in production, earliest due first, with
 * their progress and warnings, and a link to 生产计划. Fed by `/pmc/list` (生产中, by due date).
 */
export function PmcHomeBlock() {
  const plans = useQuery({
    queryKey: [...pmcKeys.all, 'home'],
    queryFn: () => api.call(pmcCalls.list, { status: 1, sort: 'due', page: 1, page_size: SHOWN }),
  });
  return (
    <HomeBlock id="pmc-home" title="生产计划进度" query={plans}>
      {({ results: rows, paging: { count } }) =>
        rows.length === 0 ? (
          <p>
            没有生产中的计划。<Link to="/crm/pmc_index">查看全部生产计划</Link>
          </p>
        ) : (
          <>
            <ul className="pmc-home-list">
              {rows.map((p: PmcPlan) => (
                <li key={p.id} className="pmc-home-item">
                  <span className="pmc-home-name">
                    {p.product_name} <span className="pmc-home-no">{p.plan_no}</span>
                  </span>
                  <Progress
                    percent={p.progress}
                    size="small"
                    aria-label={`${p.plan_no} 完成进度`}
                    className="pmc-home-bar"
                  />
                  <span className="pmc-home-meta">
                    {p.produced}/{p.quantity} {p.unit}，{p.due_date} 完工
                    {p.warnings.map((w) => (
                      <Tag key={w} color="red" className="pmc-home-tag">
                        {w}
                      </Tag>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
            <Link to="/crm/pmc_index">
              查看全部生产计划
              {count > SHOWN ? `（共 ${count} 个生产中）` : ''}
            </Link>
          </>
        )
      }
    </HomeBlock>
  );
}
