import './watch.css';
import { WATCH_LIMITS } from '@portal/contract';
import { Button, Card, Skeleton, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '#web/shared/format.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useObservables } from './useWatch.ts';
import { watchPath, watchState } from './watchPaths.ts';

/** The observable runs, newest first, each opening its watch page; read again on 刷新. */
function ObservablesList() {
  const list = useObservables(WATCH_LIMITS.list);
  const nodes = list.data?.nodes ?? [];
  if (list.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (nodes.length === 0) return <QueryEmpty query={list} description="暂时没有可以观摩的业务" />;
  return (
    <Table
      rowKey={(o) => `${o.business.id}-${o.node.id}`}
      dataSource={nodes}
      pagination={false}
      aria-label="可观摩的业务"
      columns={[
        {
          title: '业务',
          key: 'business',
          render: (_, o) => (
            <Link to={watchPath(o)} aria-label={`观摩 ${o.business.name} ${o.node.name}`}>
              {o.business.name}
            </Link>
          ),
        },
        { title: '项目', key: 'project', render: (_, o) => o.business.project_name },
        { title: '当前环节', key: 'node', render: (_, o) => o.node.name },
        {
          title: '开始时间',
          key: 'started',
          responsive: ['md'],
          render: (_, o) => formatDateTime(o.business.started_at),
        },
        { title: '状态', key: 'state', render: (_, o) => <Tag color="processing">{watchState(o)}</Tag> },
      ]}
    />
  );
}

function Refresh() {
  const list = useObservables(WATCH_LIMITS.list);
  return (
    <Button onClick={() => void list.refetch()} loading={list.isFetching && !list.isPending}>
      刷新
    </Button>
  );
}

/**
 * `/observables` (spec 000 §2): every running business in a node anyone may watch — open to
 * visitors without an account; each row opens the node read-only.
 */
export function ObservablesPage() {
  return (
    <ShopLayout title="业务观摩" description="正在进行、允许旁观的实训业务，任何人都可以观摩。">
      <section className="shop-section" aria-labelledby="observables-title">
        <div className="shop-section-head">
          <h1 id="observables-title">业务观摩</h1>
          <Refresh />
        </div>
        <div className="shop-panel">
          <ObservablesList />
        </div>
      </section>
    </ShopLayout>
  );
}

/** The student area's first screen (`/student/business-watch`): the same list in the area's frame. */
export function ObservablesScreen() {
  return (
    <Card title="业务观摩" extra={<Refresh />}>
      <ObservablesList />
    </Card>
  );
}
