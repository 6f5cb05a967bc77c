import './business-run.css';
import './watch.css';
import { CONTROL } from '@portal/contract';
import { Alert, List, Skeleton, Space, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '#web/shared/api/client.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { MessageLog } from './MessageLog.tsx';
import { SeatSummary } from './SeatSummary.tsx';
import { useWatchedMessages, useWatchedNode, useWatchedPath } from './useWatch.ts';

const RunDiagram = lazy(() => import('./RunDiagram.tsx'));

const positive = (v: string | null | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/**
 * `/observable/progress/{type}/{bid}/{nid}` (spec 000 §2, design/training.md "Around the runs"):
 * a node of a running business watched read-only by anyone — its seats by role, what is said and
 * done there, and the run on its diagram — read again every few seconds. When the business moves on
 * from the node, the page says so and points to the list.
 */
export function WatchPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const businessId = positive(params.bid);
  const nodeId = positive(params.nid);
  const companyId = positive(search.get('company_id')) || undefined;
  const node = useWatchedNode(companyId, businessId, nodeId);
  const open = Boolean(node.data) && !node.isError;
  const messages = useWatchedMessages(companyId, businessId, nodeId, open);
  const path = useWatchedPath(companyId, businessId, open);
  // Refused on a later reading (the business moved on): what was read before is not shown as current.
  const d = node.isError ? undefined : node.data;
  const gone = node.isError && isApiError(node.error) ? node.error.m : '';

  return (
    <ShopLayout title={d ? `观摩 · ${d.name}` : '业务观摩'} description="实训业务的观摩页面，只能查看。">
      <section className="shop-section" aria-labelledby="watch-title">
        <div className="shop-section-head">
          <h1 id="watch-title">{d ? `${d.name} · ${d.node.name}` : '业务观摩'}</h1>
          <Link to="/observables">全部观摩</Link>
        </div>
        <div className="shop-panel">
          {node.isPending && businessId > 0 ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : !d ? (
            gone ? (
              <Alert
                type="info"
                showIcon
                message={gone}
                description="这个环节已经结束或不允许旁观，请从观摩列表中选择。"
              />
            ) : (
              <QueryEmpty query={node} description="业务环节不存在" />
            )
          ) : (
            <>
              {d.observable === 1 && (
                <Alert
                  type="info"
                  showIcon
                  className="watch-note"
                  message="你正在观摩，只能查看，不能操作。"
                />
              )}
              <Space wrap className="watch-tags">
                <Tag>项目：{d.project_name}</Tag>
                <Tag color={d.control_status === CONTROL.on ? 'warning' : undefined}>
                  {d.control_status === CONTROL.on ? '表达管理中' : '自由发言'}
                </Tag>
              </Space>
              <section aria-labelledby="watch-seats">
                <Typography.Title level={5} id="watch-seats">
                  席位
                </Typography.Title>
                <List
                  size="small"
                  bordered
                  dataSource={d.role_alloc_status}
                  renderItem={(t) => (
                    <List.Item key={t.role_alloc_id}>
                      <SeatSummary
                        seat={t}
                        controlled={d.control_status === CONTROL.on}
                        ended={d.end_vote === 1}
                      />
                    </List.Item>
                  )}
                />
              </section>
              <section aria-labelledby="watch-messages" className="run-messages">
                <Typography.Title level={5} id="watch-messages">
                  环节消息
                </Typography.Title>
                <MessageLog messages={messages.data?.results ?? []} label="环节消息记录" />
              </section>
              <section aria-labelledby="watch-diagram" className="run-diagram">
                <Typography.Title level={5} id="watch-diagram">
                  流程进度
                </Typography.Title>
                {path.data ? (
                  <Suspense fallback={<PageSpin />}>
                    <RunDiagram
                      path={path.data}
                      title={path.data.project_name ? `${d.name}·${path.data.project_name}` : d.name}
                    />
                  </Suspense>
                ) : path.isPending ? (
                  <PageSpin />
                ) : (
                  <QueryEmpty query={path} description="流程图暂时无法显示" />
                )}
              </section>
            </>
          )}
        </div>
      </section>
    </ShopLayout>
  );
}
