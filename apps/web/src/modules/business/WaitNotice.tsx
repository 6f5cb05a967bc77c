import type { BusinessRun } from '@portal/contract';
import { Alert, List, Typography } from 'antd';
import { Link } from 'react-router';
import { progressPath } from './useBusinesses.ts';

/**
 * What a member with no seat in the current nodes is told (design/training.md "Moving on", the
 * wait screen): the nodes they do take part in, to prepare for — one running now opens from here.
 */
export function WaitNotice({ run, nodeName }: { run: BusinessRun; nodeName?: string | undefined }) {
  const current = new Map(run.nodes.map((n) => [n.node_id, n]));
  return (
    <section className="run-wait" aria-labelledby="run-wait-title">
      <Alert
        type="info"
        showIcon
        message={
          <span id="run-wait-title">
            {nodeName ? `你当前不参与环节“${nodeName}”` : '你当前不参与正在进行的环节'}
          </span>
        }
        description="可以查看业务消息和流程进度；轮到你参与的环节时，这里会出现进入的入口。"
      />
      <Typography.Title level={5} className="run-wait-head">
        你参与的环节
      </Typography.Title>
      <List
        size="small"
        bordered
        locale={{ emptyText: '你的角色不参与这个业务的任何环节' }}
        dataSource={run.with_user_nodes}
        renderItem={(n) => {
          const now = current.get(n.node_id);
          return (
            <List.Item
              key={n.node_id}
              actions={
                now
                  ? [
                      <Link key="go" to={progressPath(run.id, now)} aria-label={`进入环节 ${n.name}`}>
                        进入环节
                      </Link>,
                    ]
                  : []
              }
            >
              {n.name}
              {now && (
                <Typography.Text type="success" className="run-step">
                  正在进行
                </Typography.Text>
              )}
            </List.Item>
          );
        }}
      />
    </section>
  );
}
