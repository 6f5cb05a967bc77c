import { DOC_SIGN_WORDS, type ReportNode } from '@portal/contract';
import { businessReportCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { Button, Collapse, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { api } from '#web/shared/api/client.ts';
import { formatDateTime } from '#web/shared/format.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { RichText } from '#web/shared/ui/RichText.tsx';
import { runKeys } from './useBusinessRun.ts';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

function NodeReport({ n }: { n: ReportNode }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        进入 {when(n.entered_at)} · 离开 {when(n.left_at)} · 消息 {n.messages} 条
      </Typography.Text>
      {n.vote && (
        <Typography.Text>
          表决{n.vote.ended ? '（已结束）' : ''}：赞成 {n.vote.agree}，反对 {n.vote.disagree}，弃权{' '}
          {n.vote.abstain}
          ，未表决 {n.vote.none}
        </Typography.Text>
      )}
      {n.post && (
        <article className="run-doc" aria-label={`公示《${n.post.name}》`}>
          <Typography.Text strong>公示《{n.post.name}》</Typography.Text>
          <RichText html={n.post.content} className="run-doc-body" />
        </article>
      )}
      {n.docs.map((d) => (
        <article key={d.id} className="run-doc" aria-label={`文书《${d.name}》`}>
          <Typography.Text strong>《{d.name}》</Typography.Text>
          <Typography.Text type="secondary" className="run-step">
            {d.role_name}
            {d.user_name ? `·${d.user_name}` : ''} · 第{d.version}版
          </Typography.Text>
          {d.signs.length > 0 && (
            <ul className="run-doc-signs" aria-label="签字">
              {d.signs.map((g) => (
                <li key={g.role_alloc_id}>
                  <Tag>
                    {g.role_name}：{DOC_SIGN_WORDS[g.sign_status]}
                    {g.sign ? `（${g.sign}）` : ''}
                  </Tag>
                </li>
              ))}
            </ul>
          )}
          {d.content && <RichText html={d.content} className="run-doc-body" />}
          {d.attachments.length > 0 && (
            <Typography.Text type="secondary">
              附件：{d.attachments.map((a) => a.name).join('、')}
            </Typography.Text>
          )}
        </article>
      ))}
    </Space>
  );
}

/**
 * The business's report (分析与总结, node screen 4; issue 37): every node the run went through in
 * order — when, its documents with their signatures, a vote's tally — and a Word export of it all
 * with the members' experiences. Read again when the page hears a command (a node ended, a
 * document signed), so it grows with the run.
 */
export function ReportPanel({ businessId, ended }: { businessId: number; ended: boolean }) {
  // An ended business's is its result (`/business/result`); a running one's grows with it.
  const report = useQuery({
    queryKey: [...runKeys.report(businessId), ended],
    queryFn: () =>
      api.call(ended ? businessReportCalls.result : businessReportCalls.generate, {
        business_id: businessId,
      }),
  });
  if (report.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!report.data) return <QueryEmpty query={report} description="报告暂时无法生成" />;
  const r = report.data;
  return (
    <section className="run-report" aria-labelledby="run-report-title">
      <div className="run-docs-head">
        <Typography.Title level={5} id="run-report-title" style={{ margin: 0 }}>
          业务报告
        </Typography.Title>
        <Button href={api.href(businessReportCalls.export, { business_id: businessId })} download>
          导出 Word
        </Button>
      </div>
      {r.nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="业务还没有经过任何环节" />
      ) : (
        <Collapse
          size="small"
          items={r.nodes.map((n) => ({
            key: n.path_id,
            label: `第${n.step}步 ${n.name}${n.project_name ? `（${n.project_name}）` : ''}${
              n.docs.length > 0 ? ` · 文书 ${n.docs.length} 份` : ''
            }`,
            children: <NodeReport n={n} />,
          }))}
        />
      )}
    </section>
  );
}
