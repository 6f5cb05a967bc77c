import './watch.css';
import { Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { formatDate } from '#web/shared/format.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useObservables } from './useWatch.ts';
import { watchPath, watchState } from './watchPaths.ts';

/** How many the home page shows (the original's `size`). */
const HOME_COUNT = 5;

/**
 * The home page's 业务观摩 (design/training.md "Around the runs"): running businesses in a node
 * anyone may watch, with their activity state (spec 000 §4), each opening its watch page.
 */
export function ObservationCard() {
  const list = useObservables(HOME_COUNT);
  const nodes = list.data?.nodes ?? [];
  return (
    <section className="shop-section" aria-labelledby="home-observation">
      <div className="shop-section-head">
        <h2 id="home-observation">业务观摩</h2>
        <Link to="/observables">全部观摩</Link>
      </div>
      <div className="shop-panel">
        {list.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        ) : nodes.length === 0 ? (
          <QueryEmpty query={list} description="暂时没有可以观摩的业务" simple />
        ) : (
          <ul className="watch-list">
            {nodes.map((o) => (
              <li key={`${o.business.id}-${o.node.id}`}>
                <Link to={watchPath(o)} className="watch-link">
                  {o.business.name}
                </Link>
                <span className="watch-meta">
                  {o.business.project_name} · {o.node.name}
                  {o.business.started_at ? ` · ${formatDate(o.business.started_at)} 开始` : ''}
                </span>
                <Tag color="processing">{watchState(o)}</Tag>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
