import './business-run.css';
import {
  BUSINESS_FINISHED,
  BUSINESS_MESSAGE_LIMITS,
  BUSINESS_RUNNING,
  BUSINESS_STATUS,
  BUSINESS_WAITING,
  DISPLAY_NODE_TYPE,
  EDIT_NODE_TYPE,
  POST_NODE_TYPE,
  REPORT_NODE_TYPE,
  TARGET_NODE_TYPES,
} from '@portal/contract';
import { Alert, Button, Card, Descriptions, Form, Input, List, Tag, Typography } from 'antd';
import { Fragment, lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '#web/shared/format.ts';
import { useInvalidate } from '#web/shared/queryHooks.ts';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { DisplayPanel } from './DisplayPanel.tsx';
import { DocumentPanel } from './DocumentPanel.tsx';
import { EndNodeDialog } from './EndNodeDialog.tsx';
import { ExperiencePanel } from './ExperiencePanel.tsx';
import { JumpPanel } from './JumpPanel.tsx';
import { MessageLog } from './MessageLog.tsx';
import { NotePanel } from './NotePanel.tsx';
import { PostPanel } from './PostPanel.tsx';
import { ReportPanel } from './ReportPanel.tsx';
import { SeatPanel } from './SeatPanel.tsx';
import { DOC_CHANGES, shownDocKeys } from './useBusinessDocs.ts';
import { parallelPath, progressPath, runPath } from './useBusinesses.ts';
import {
  useBusinessRun,
  useRereadHeard,
  useSendMessage,
  useTransPath,
  useWaitingState,
} from './useBusinessRun.ts';
import { type LiveState, useLiveMessages } from './useLiveMessages.ts';
import { WaitNotice } from './WaitNotice.tsx';

/** The diagram brings bpmn-js: loaded when a run is shown, not with the page. */
const RunDiagram = lazy(() => import('./RunDiagram.tsx'));

const LIVE_WORDS: Record<LiveState, string> = {
  connecting: '正在连接…',
  live: '实时',
  offline: '连接已断开，正在重连',
  refused: '无法接收实时消息',
};

/**
 * A business as its member opens it (/business/detail/{bid}; spec 001 §2): its project, where it
 * stands (the current nodes), the member's role, and the business's messages live — each member
 * sees the others' as they are sent, without reloading (ADR 0043). The member writes in a current
 * node their role takes part in; a seat that may end a current node ends it through one of its
 * exits (EndNodeDialog), and every member's page reads the business again when it hears so. The
 * members' experiences are kept and listed below (ExperiencePanel). Opening it starts it when the
 * starter opens it with the team complete; before that it says what is missing, and a member's
 * page asks every few seconds whether it has started.
 *
 * Under `/business/progress/{type}/{bid}/{nid}` (spec 001 §2) the same page shows that one node's
 * screens (a member in parallel branches chooses one at `progress/parallel/{bid}/decide`); one
 * with no seat in the current nodes is told which nodes are theirs (the wait screen).
 */
export function BusinessDetailPage() {
  const params = useParams();
  const businessId = Number(params.bid);
  const focus = Number(params.nid) || 0;
  const valid = Number.isInteger(businessId) && businessId > 0;
  const run = useBusinessRun(valid ? businessId : 0);
  const running = run.data?.status === BUSINESS_RUNNING;
  const finished = run.data?.status === BUSINESS_FINISHED;
  const reread = useInvalidate(['business-run']);
  const rereadShown = useInvalidate(shownDocKeys.all);
  const rereadHeard = useRereadHeard();
  const live = useLiveMessages(businessId, running || finished, (commands) => {
    rereadHeard(commands);
    // A document being shown is read again only when a document changed.
    if (commands.some((m) => DOC_CHANGES.has(m.cmd))) void rereadShown();
  });
  // A waiting business has no live messages yet: asked every few seconds whether it has started.
  const waitingState = useWaitingState(businessId, run.data?.status === BUSINESS_WAITING);
  const startedMeanwhile = waitingState.data !== undefined && waitingState.data.status !== BUSINESS_WAITING;
  useEffect(() => {
    if (startedMeanwhile) void reread();
  }, [startedMeanwhile, reread]);
  const [ending, setEnding] = useState<{
    node_id: number;
    name: string;
    node_type: number | null;
    seat: number;
  } | null>(null);
  const path = useTransPath(businessId, running || finished);
  const send = useSendMessage();
  const [form] = Form.useForm<{ msg: string }>();

  if (valid && run.isPending) return <PageSpin />;
  if (!run.data)
    return (
      <Card title="业务">
        <QueryEmpty query={run} description="业务不存在，或你不是它的成员" />
      </Card>
    );
  const b = run.data;
  const mine = new Set(b.with_user_nodes.map((n) => n.node_id));
  const focused = focus ? b.nodes.find((n) => n.node_id === focus) : undefined;
  const myNodes = b.nodes.filter((n) => mine.has(n.node_id));
  const speakIn = focused && mine.has(focused.node_id) ? focused : myNodes[0];
  // The caller's seat where they speak now (a member may play a part in a nested project too).
  const speakSeat = b.with_user_nodes.find((n) => n.node_id === speakIn?.node_id)?.role_alloc_id;
  const seat = b.role_allocs.find((t) => t.id === speakSeat) ?? b.role_allocs[0];
  const submit = ({ msg }: { msg: string }) => {
    if (!seat || !speakIn) return;
    send.mutate(
      { business_id: b.id, node_id: speakIn.node_id, role_alloc_id: seat.id, type: 'txt', msg },
      {
        onSuccess: () => {
          form.resetFields();
          // Under expression management a speech is spent: the seats are read again.
          void reread();
        },
        onError: (e) => showFieldError(form, e, ['msg']),
      },
    );
  };

  return (
    <Card
      title={b.name}
      extra={
        <Tag color={running ? 'processing' : undefined}>
          {BUSINESS_STATUS[b.status as keyof typeof BUSINESS_STATUS]}
        </Tag>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'project', label: '项目', children: b.project_name },
          { key: 'flow', label: '流程', children: b.flow_name },
          { key: 'role', label: '我的角色', children: seat ? seat.role_name : '（观看）' },
          {
            key: 'node',
            label: '当前环节',
            children:
              b.nodes.length > 0
                ? b.nodes.map((n) => (n.project_name ? `${n.name}（${n.project_name}）` : n.name)).join('、')
                : '—',
          },
          ...(b.started_at
            ? [{ key: 'started', label: '开始时间', children: formatDateTime(b.started_at) }]
            : []),
          ...(b.ended_at ? [{ key: 'ended', label: '结束时间', children: formatDateTime(b.ended_at) }] : []),
        ]}
      />
      {finished && (
        <Alert
          type="success"
          showIcon
          className="run-alert"
          message="业务已结束"
          description={
            <span className="text-links">
              可以<Link to={`/business/done/detail/${b.id}`}>回放这次业务</Link>，一步一步看它怎样走完。
            </span>
          }
        />
      )}
      {running && b.nodes.length > 0 && (
        <section className="run-nodes" aria-labelledby="run-nodes-title">
          <Typography.Title level={5} id="run-nodes-title">
            当前环节
          </Typography.Title>
          <List
            size="small"
            bordered
            dataSource={b.nodes}
            renderItem={(n) => (
              <List.Item
                key={n.path_id}
                actions={
                  n.end_seat_id
                    ? [
                        <Button
                          key="end"
                          size="small"
                          onClick={() =>
                            setEnding({
                              node_id: n.node_id,
                              name: n.name,
                              node_type: n.node_type,
                              seat: n.end_seat_id as number,
                            })
                          }
                        >
                          结束环节
                        </Button>,
                      ]
                    : []
                }
              >
                <span>
                  {mine.has(n.node_id) && n.node_id !== focus ? (
                    <Link to={progressPath(b.id, n)} aria-label={`只看环节 ${n.name}`}>
                      {n.name}
                    </Link>
                  ) : (
                    n.name
                  )}
                  <Typography.Text type="secondary" className="run-step">
                    第 {n.step} 步
                  </Typography.Text>
                  {n.project_name && <Tag className="run-step">{`项目：${n.project_name}`}</Tag>}
                </span>
              </List.Item>
            )}
          />
          {focus > 0 && !focused && (
            <Alert
              type="warning"
              showIcon
              className="run-alert"
              message="这个环节已经结束，或不是业务现在的环节"
              description={
                <span className="text-links">
                  <Link to={runPath(b.id)}>查看业务现在的环节</Link>
                </span>
              }
            />
          )}
          {focus > 0 && focused && myNodes.length > 1 && (
            <Typography.Paragraph className="text-links run-step-note">
              只显示环节“{focused.name}”。<Link to={parallelPath(b.id)}>选择其他并行环节</Link>
            </Typography.Paragraph>
          )}
          {!focus && myNodes.length > 1 && (
            <Typography.Paragraph className="text-links run-step-note">
              你同时参与 {myNodes.length} 个并行环节。<Link to={parallelPath(b.id)}>选择要办理的环节</Link>
            </Typography.Paragraph>
          )}
          {(myNodes.length === 0 || (focused && !mine.has(focused.node_id))) && (
            <WaitNotice run={b} nodeName={focused?.name} />
          )}
          {myNodes
            .filter((n) => !focus || n.node_id === focus)
            .map((n) => (
              <Fragment key={n.path_id}>
                <SeatPanel businessId={b.id} node={n} messages={live.messages} />
                {n.node_type === EDIT_NODE_TYPE && <DocumentPanel businessId={b.id} node={n} />}
                {n.node_type === POST_NODE_TYPE && <PostPanel businessId={b.id} node={n} />}
                {n.node_type === DISPLAY_NODE_TYPE && <DisplayPanel businessId={b.id} node={n} />}
                {n.node_type !== null && TARGET_NODE_TYPES.includes(n.node_type) && (
                  <JumpPanel businessId={b.id} node={n} />
                )}
                <NotePanel businessId={b.id} node={n} />
              </Fragment>
            ))}
        </section>
      )}
      {(running || finished) && (
        <section className="run-diagram" aria-labelledby="run-diagram-title">
          <Typography.Title level={5} id="run-diagram-title">
            流程进度
          </Typography.Title>
          {path.data ? (
            <Suspense fallback={<PageSpin />}>
              <RunDiagram
                path={path.data}
                title={path.data.project_name ? `${b.name}·${path.data.project_name}` : b.name}
              />
            </Suspense>
          ) : path.isPending ? (
            <PageSpin />
          ) : (
            <QueryEmpty query={path} description="流程图暂时无法显示" />
          )}
        </section>
      )}
      {ending && (
        <EndNodeDialog
          open
          businessId={b.id}
          node={ending}
          seatId={ending.seat}
          onClose={() => setEnding(null)}
        />
      )}
      {b.status === BUSINESS_WAITING && (
        <Alert
          type="warning"
          showIcon
          className="run-alert"
          message={b.missing ? `团队还没有配齐：${b.missing}` : '等待发起人进入业务'}
          description={
            b.missing ? (
              <span className="text-links">
                配齐后发起人进入业务即开始。<Link to={`/moreTeammates?business_id=${b.id}`}>配备团队</Link>
              </span>
            ) : (
              '发起人打开这个业务时，业务即开始。'
            )
          }
        />
      )}
      {(running || finished) && (
        <section className="run-messages" aria-labelledby="run-messages-title">
          <div className="run-messages-head">
            <Typography.Title level={5} id="run-messages-title" style={{ margin: 0 }}>
              业务消息
            </Typography.Title>
            <Tag color={live.state === 'live' ? 'success' : 'warning'}>{LIVE_WORDS[live.state]}</Tag>
            {live.state === 'refused' && (
              <>
                <Typography.Text type="secondary">{live.reason}</Typography.Text>
                <Button size="small" onClick={live.retry}>
                  重试
                </Button>
              </>
            )}
          </div>
          <MessageLog messages={live.messages} label="业务消息记录" />
          {!running ? null : seat && speakIn ? (
            <Form
              form={form}
              name="run-send"
              layout="vertical"
              onFinish={submit}
              className="run-send"
              aria-label="发送消息"
            >
              <Form.Item
                name="msg"
                label={`以“${seat.role_name}”在“${speakIn.name}”发言`}
                rules={[
                  { required: true, whitespace: true, message: '请输入消息' },
                  {
                    max: BUSINESS_MESSAGE_LIMITS.msg,
                    message: `消息不能超过${BUSINESS_MESSAGE_LIMITS.msg}个字符`,
                  },
                ]}
                className="run-send-text"
              >
                <Input
                  maxLength={BUSINESS_MESSAGE_LIMITS.msg}
                  placeholder="输入消息，回车发送"
                  autoComplete="off"
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={send.isPending}>
                发送
              </Button>
            </Form>
          ) : (
            <Typography.Paragraph type="secondary" className="run-send">
              {seat
                ? `你的角色“${seat.role_name}”不参与当前环节，可以查看消息；轮到你参与的环节时即可发言。`
                : '你不是这个业务的成员，只能查看。'}
            </Typography.Paragraph>
          )}
        </section>
      )}
      {(finished || b.nodes.some((n) => n.node_type === REPORT_NODE_TYPE && mine.has(n.node_id))) && (
        <ReportPanel businessId={b.id} ended={finished} />
      )}
      {(running || finished) && (
        <ExperiencePanel businessId={b.id} member={b.role_allocs.length > 0} running={running} />
      )}
    </Card>
  );
}
