import {
  type BusinessCommand,
  type BusinessMessage,
  COME,
  CONTROL,
  DOC_REQUEST,
  REPORT,
  type SeatStatus,
  SPEAK_ANSWER,
  SPEAK_REQUEST,
  VOTE,
  VOTE_WORDS,
} from '@portal/contract';
import { App, Button, List, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { SeatSummary } from './SeatSummary.tsx';
import { DocPickDialog, ShownDocs } from './ShownDocs.tsx';
import { useNodeFunction, useRoleStatus, useSeatCommand } from './useBusinessRun.ts';

/** The answers to a request, as their buttons say them. */
const ANSWERS = [
  ['同意', SPEAK_ANSWER.approve],
  ['拒绝', SPEAK_ANSWER.refuse],
] as const;

/** The requests a host answers on a seat's row: what is asked, its answer, whether the seat waits on one. */
const REQUESTS: {
  asked: BusinessCommand;
  answer: BusinessCommand;
  what: string;
  waiting: (t: SeatStatus) => boolean;
}[] = [
  {
    asked: 'action_role_apply_speak',
    answer: 'action_role_apply_speak_opt',
    what: '发言',
    waiting: (t) => t.speak_request === SPEAK_REQUEST.waiting,
  },
  {
    asked: 'action_doc_apply_show',
    answer: 'action_doc_apply_show_opt',
    what: '展示',
    waiting: (t) => t.show_status === DOC_REQUEST.pending,
  },
  {
    asked: 'action_doc_apply_submit',
    answer: 'action_doc_apply_submit_opt',
    what: '提交',
    waiting: (t) => t.submit_status === DOC_REQUEST.pending,
  },
];

/**
 * A current node's seats (design/training.md "Inside a node"): who sits where and how, the
 * caller's buttons now — each disabled with its reason when it cannot be used — and, for a seat that
 * may end the node, the requests to speak to answer. Every change is a command every page hears;
 * the page reads the seats again when it does.
 */
export function SeatPanel({
  businessId,
  node,
  messages,
}: {
  businessId: number;
  node: { node_id: number; name: string };
  messages: readonly BusinessMessage[];
}) {
  const functions = useNodeFunction(businessId, node.node_id);
  const seats = useRoleStatus(businessId, node.node_id);
  const command = useSeatCommand();
  const mine = functions.data?.user_role_allocs[0];
  const host = mine?.can_terminate === 1;
  const controlled = seats.data?.control_status === CONTROL.on;
  const ended = seats.data?.end_vote === 1;
  /** The host's set-up offers 带入／送出 here (the buttons stand on the seats' rows). */
  const bringOffered = functions.data?.bring === 1;
  /** The host's set-up offers 安排报告 here (the buttons stand on the seats' rows too). */
  const reportOffered = functions.data?.offers.includes('report') ?? false;

  const [picking, setPicking] = useState<'show' | 'submit' | null>(null);
  const { modal } = App.useApp();

  const send = (
    cmd: BusinessCommand,
    data?: {
      msg_id?: number;
      result?: number;
      status?: 1 | 2 | 9;
      role_alloc_ids?: number[];
      role_alloc_id?: number;
      doc_id?: number;
      doc_ids?: number[];
    },
    onSuccess?: () => void,
  ) => {
    if (!mine) return;
    command.mutate(
      {
        business_id: businessId,
        node_id: node.node_id,
        role_alloc_id: mine.role_alloc_id,
        cmd,
        ...(data ? { data } : {}),
      },
      { onSuccess },
    );
  };
  /** The request a seat is waiting on: its latest of the kind in this node. */
  const requestOf = (seatId: number, asked: BusinessCommand) =>
    [...messages]
      .reverse()
      .find((m) => m.cmd === asked && m.role_alloc_id === seatId && m.node_id === node.node_id);
  /** A button of the seat's list: most send their command; some first ask what, or to be sure. */
  const press = (cmd: BusinessCommand) => {
    if (cmd === 'action_doc_show') setPicking('show');
    else if (cmd === 'action_doc_submit') setPicking('submit');
    else if (cmd === 'action_exp_finish')
      confirmDanger(modal, {
        title: '提前结束这个业务吗？',
        content: '所有环节立即结束，业务随之结束，不能再继续。',
        okText: '提前结束',
        onOk: () => send('action_exp_finish'),
      });
    else send(cmd);
  };

  if (functions.isPending || seats.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!seats.data) return <QueryEmpty query={seats} description="席位暂时无法显示" />;

  return (
    <section className="run-seats" aria-label={`“${node.name}”的席位`}>
      <Space wrap className="run-seat-head">
        <Typography.Text strong>{node.name}</Typography.Text>
        <Tag color={controlled ? 'warning' : undefined}>
          {controlled ? '表达管理中：发言须申请' : '自由发言'}
        </Tag>
        {ended && <Tag>表决已结束</Tag>}
      </Space>
      {mine && (functions.data?.function_action_list.length ?? 0) > 0 && (
        <fieldset className="run-seat-actions">
          <legend className="sr-only">我的动作</legend>
          <Space wrap>
            {functions.data?.function_action_list.map((f) => {
              // A vote is three buttons: 赞成, 反对, 弃权 (its data the choice).
              if (f.cmd === 'action_role_vote' && !f.disable)
                return [VOTE.agree, VOTE.disagree, VOTE.abstain].map((v) => (
                  <Button
                    key={`vote-${v}`}
                    loading={command.isPending && command.variables?.data?.status === v}
                    onClick={() => send('action_role_vote', { status: v })}
                  >
                    {VOTE_WORDS[v]}
                  </Button>
                ));
              const button = (
                <Button
                  key={f.cmd}
                  disabled={f.disable}
                  loading={command.isPending && command.variables?.cmd === f.cmd}
                  onClick={() => press(f.cmd as BusinessCommand)}
                >
                  {f.cmd === 'action_role_banned' ? `${controlled ? '关闭' : '开启'}${f.name}` : f.name}
                </Button>
              );
              return f.disable ? (
                <Tooltip key={f.cmd} title={f.hint}>
                  <span>{button}</span>
                </Tooltip>
              ) : (
                button
              );
            })}
            {controlled && !host && (
              <Typography.Text type="secondary">剩余发言次数：{mine.speak_times}</Typography.Text>
            )}
          </Space>
        </fieldset>
      )}
      <List
        size="small"
        className="run-seat-list"
        aria-label={`“${node.name}”的席位状态`}
        dataSource={seats.data.role_status_list}
        renderItem={(t) => {
          const who = `${t.role_name}${t.user_name}`;
          const answers = host
            ? REQUESTS.flatMap((r) => {
                const request = r.waiting(t) ? requestOf(t.role_alloc_id, r.asked) : undefined;
                return request
                  ? ANSWERS.map(([word, result]) => (
                      <Button
                        key={`${r.answer}-${word}`}
                        size="small"
                        type={result === SPEAK_ANSWER.approve ? 'primary' : 'default'}
                        aria-label={`${word}${who}${r.what}`}
                        onClick={() => send(r.answer, { msg_id: request.seq, result })}
                      >
                        {word}
                      </Button>
                    ))
                  : [];
              })
            : [];
          const bring =
            host && t.can_brought === 1 && bringOffered
              ? [
                  <Button
                    key="bring"
                    size="small"
                    loading={
                      command.isPending && command.variables?.data?.role_alloc_ids?.[0] === t.role_alloc_id
                    }
                    aria-label={`${t.come_status === COME.in ? '送出' : '带入'}${who}`}
                    onClick={() =>
                      send(t.come_status === COME.in ? 'action_role_letout' : 'action_role_letin', {
                        role_alloc_ids: [t.role_alloc_id],
                      })
                    }
                  >
                    {t.come_status === COME.in ? '送出' : '带入'}
                  </Button>,
                ]
              : [];
          // The host schedules who reports next (offered 安排报告; not one already scheduled or up).
          const schedule =
            host &&
            reportOffered &&
            t.user_id !== null &&
            t.report_status !== REPORT.scheduled &&
            t.report_status !== REPORT.reporting
              ? [
                  <Button
                    key="report"
                    size="small"
                    aria-label={`安排报告：${who}`}
                    onClick={() => send('action_role_schedule_report', { role_alloc_id: t.role_alloc_id })}
                  >
                    安排报告
                  </Button>,
                ]
              : [];
          return (
            <List.Item key={t.role_alloc_id} actions={[...bring, ...schedule, ...answers]}>
              <SeatSummary seat={t} controlled={controlled} ended={ended} />
            </List.Item>
          );
        }}
      />
      <ShownDocs businessId={businessId} nodeId={node.node_id} messages={messages} />
      <DocPickDialog
        businessId={businessId}
        mode={picking}
        busy={command.isPending}
        onClose={() => setPicking(null)}
        onPick={(ids) =>
          send(
            picking === 'submit' ? 'action_doc_submit' : 'action_doc_show',
            picking === 'submit' ? { doc_ids: ids } : { doc_id: ids[0] as number },
            () => setPicking(null),
          )
        }
      />
    </section>
  );
}
