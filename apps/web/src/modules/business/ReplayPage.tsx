import './business-run.css';
import { BUSINESS_MESSAGE_LIMITS, type BusinessMessage, replayAt, replayMoments } from '@portal/contract';
import { businessMessageCalls, businessReportCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Slider, Space, Typography } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '#web/shared/api/client.ts';
import { formatDateTime } from '#web/shared/format.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { MessageLog } from './MessageLog.tsx';

const RunDiagram = lazy(() => import('./RunDiagram.tsx'));
/** How long a moment shows while playing (ms). */
const PLAY_STEP = 2500;

/** Every message of the business, read page by page in order. */
async function allMessages(businessId: number) {
  const all: BusinessMessage[] = [];
  for (;;) {
    const page = await api.call(businessMessageCalls.list, {
      business_id: businessId,
      after_seq: all.at(-1)?.seq ?? 0,
    });
    all.push(...page.results);
    if (page.results.length < BUSINESS_MESSAGE_LIMITS.page) return all;
  }
}

/**
 * A run replayed step by step on its diagram (/business/done/detail/{bid}; beyond the original):
 * each moment the run entered nodes — a node ended, a branch waited, a nested project began —
 * shown as the live diagram showed it then, with the messages sent until the next moment. Stepped
 * with 上一步 / 下一步 or the slider, or played.
 */
export function ReplayPage() {
  const businessId = Number(useParams().bid);
  const valid = Number.isInteger(businessId) && businessId > 0;
  const replay = useQuery({
    queryKey: ['business-replay', businessId],
    queryFn: () => api.call(businessReportCalls.replay, { business_id: businessId }),
    enabled: valid,
  });
  const messages = useQuery({
    queryKey: ['business-replay-messages', businessId],
    queryFn: () => allMessages(businessId),
    enabled: valid,
  });
  const moments = useMemo(() => (replay.data ? replayMoments(replay.data) : []), [replay.data]);
  const [index, setIndex] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const at = index ?? 0;
  const path = useMemo(
    () => (replay.data && moments[at] ? replayAt(replay.data, moments[at]) : null),
    [replay.data, moments, at],
  );
  const said = useMemo(() => {
    const from = moments[at];
    const to = moments[at + 1];
    return (messages.data ?? []).filter((m) => from && m.create_time >= from && (!to || m.create_time < to));
  }, [messages.data, moments, at]);

  useEffect(() => {
    if (!playing) return;
    if (at >= moments.length - 1) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setIndex(at + 1), PLAY_STEP);
    return () => clearTimeout(timer);
  }, [playing, at, moments.length]);

  if (valid && replay.isPending) return <PageSpin />;
  if (!replay.data)
    return (
      <Card title="业务回放">
        <QueryEmpty query={replay} description="业务不存在，或你不是它的成员" />
      </Card>
    );
  const r = replay.data;
  const last = moments.length - 1;
  return (
    <Card title={`业务回放 · ${r.name}`} extra={<Link to={`/business/detail/${r.id}`}>返回业务</Link>}>
      {moments.length === 0 ? (
        <Empty description="业务还没有开始，没有可以回放的步骤" />
      ) : (
        <>
          <section aria-label="回放控制" className="run-replay-controls">
            <Space wrap>
              <Button onClick={() => setIndex(Math.max(0, at - 1))} disabled={at === 0}>
                上一步
              </Button>
              <Button onClick={() => setIndex(Math.min(last, at + 1))} disabled={at === last}>
                下一步
              </Button>
              <Button type="primary" onClick={() => setPlaying((p) => !p)} disabled={!playing && at === last}>
                {playing ? '暂停' : '播放'}
              </Button>
              <Typography.Text aria-live="polite">
                第 {at + 1} / {moments.length} 步 · {formatDateTime(moments[at] ?? '')}
              </Typography.Text>
            </Space>
            <Slider
              min={0}
              max={last}
              value={at}
              onChange={(v) => setIndex(v)}
              tooltip={{ formatter: (v) => `第 ${(v ?? 0) + 1} 步` }}
              ariaLabelForHandle="回放位置"
              ariaValueTextFormatterForHandle={(v) => `第 ${(v ?? 0) + 1} 步，共 ${moments.length} 步`}
            />
          </section>
          {path && (
            <Suspense fallback={<PageSpin />}>
              <RunDiagram path={path} title={path.project_name ? `${r.name}·${path.project_name}` : r.name} />
            </Suspense>
          )}
          <section className="run-messages" aria-labelledby="run-replay-messages">
            <Typography.Title level={5} id="run-replay-messages">
              这一步的消息
            </Typography.Title>
            {messages.isPending ? <PageSpin /> : <MessageLog messages={said} label="这一步的消息" />}
          </section>
        </>
      )}
    </Card>
  );
}
