import './business-run.css';
import { BUSINESS_RUNNING } from '@portal/contract';
import { Card, List, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { progressPath, runPath, waitPath } from './useBusinesses.ts';
import { useBusinessRun, useRereadHeard } from './useBusinessRun.ts';
import { useLiveMessages } from './useLiveMessages.ts';
import { WaitNotice } from './WaitNotice.tsx';

/** The business of the route's `bid`, read again whenever the page hears it change (it moved on). */
function useFollowedRun() {
  const params = useParams();
  const businessId = Number(params.bid);
  const valid = Number.isInteger(businessId) && businessId > 0;
  const run = useBusinessRun(valid ? businessId : 0);
  useLiveMessages(businessId, run.data?.status === BUSINESS_RUNNING, useRereadHeard());
  return { run, valid, nodeId: Number(params.nid) || 0 };
}

function Missing({ query }: { query: Parameters<typeof QueryEmpty>[0]['query'] }) {
  return (
    <Card title="业务">
      <QueryEmpty query={query} description="业务不存在，或你不是它的成员" />
    </Card>
  );
}

/**
 * The wait screen (`/business/progress/wait/{bid}/{nid}`; design/training.md "Moving on"): a member
 * with no seat in node `nid` sees the nodes they do take part in — one running now opens from here,
 * as soon as the business reaches it — and may leave.
 */
export function WaitPage() {
  const { run, valid, nodeId } = useFollowedRun();
  if (valid && run.isPending) return <PageSpin />;
  if (!run.data) return <Missing query={run} />;
  const b = run.data;
  const node = b.nodes.find((n) => n.node_id === nodeId);
  return (
    <Card title={b.name}>
      <WaitNotice run={b} nodeName={node?.name} />
      <Space className="run-wait-head text-links" size="large" wrap>
        <Link to={runPath(b.id)}>返回业务</Link>
        <Link to="/business/list/progress">退出业务</Link>
      </Space>
    </Card>
  );
}

/**
 * The parallel branches running now (`/business/progress/parallel/{bid}/decide`; design/training.md
 * "Moving on"): each current node, the member's own opening its screen, the others their wait.
 */
export function ParallelPage() {
  const { run, valid } = useFollowedRun();
  if (valid && run.isPending) return <PageSpin />;
  if (!run.data) return <Missing query={run} />;
  const b = run.data;
  const mine = new Map(b.with_user_nodes.map((n) => [n.node_id, n]));
  const roleOf = (seatId: number) => b.role_allocs.find((t) => t.id === seatId)?.role_name ?? '';
  return (
    <Card title={`${b.name}：选择环节`} extra={<Link to={runPath(b.id)}>返回业务</Link>}>
      <Typography.Paragraph type="secondary">
        业务现在有 {b.nodes.length} 个环节同时进行。选择你要办理的环节；你不参与的环节可以等待它结束。
      </Typography.Paragraph>
      <List
        bordered
        locale={{ emptyText: '业务现在没有进行中的环节' }}
        dataSource={b.nodes}
        renderItem={(n) => {
          const seat = mine.get(n.node_id);
          return (
            <List.Item
              key={n.path_id}
              actions={[
                seat ? (
                  <Link key="go" to={progressPath(b.id, n)} aria-label={`办理环节 ${n.name}`}>
                    办理
                  </Link>
                ) : (
                  <Link key="wait" to={waitPath(b.id, n.node_id)} aria-label={`等待环节 ${n.name}`}>
                    等待
                  </Link>
                ),
              ]}
            >
              <List.Item.Meta
                title={n.project_name ? `${n.name}（${n.project_name}）` : n.name}
                description={
                  seat ? (
                    <Tag color="processing">我的角色：{roleOf(seat.role_alloc_id)}</Tag>
                  ) : (
                    <Tag>我不参与</Tag>
                  )
                }
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
