import {
  type BusinessCommand,
  type BusinessMessage,
  COME,
  CONTROL,
  SPEAK_ANSWER,
  SPEAK_REQUEST,
  VOTE,
  VOTE_WORDS,
} from '@portal/contract';
import { Button, List, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { SeatSummary } from './SeatSummary.tsx';
import { useNodeFunction, useRoleStatus, useSeatCommand } from './useBusinessRun.ts';

/** The answers to a request to speak, as their buttons say them. */
const ANSWERS = [
  ['同意', SPEAK_ANSWER.approve],
  ['拒绝', SPEAK_ANSWER.refuse],
] as const;

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

  const send = (
    cmd: BusinessCommand,
    data?: { msg_id?: number; result?: number; status?: 1 | 2 | 9; role_alloc_ids?: number[] },
  ) => {
    if (!mine) return;
    command.mutate({
      business_id: businessId,
      node_id: node.node_id,
      role_alloc_id: mine.role_alloc_id,
      cmd,
      ...(data ? { data } : {}),
    });
  };
  /** The request a seat is waiting on: its latest 申请发言 in this node. */
  const requestOf = (seatId: number) =>
    [...messages]
      .reverse()
      .find(
        (m) =>
          m.cmd === 'action_role_apply_speak' && m.role_alloc_id === seatId && m.node_id === node.node_id,
      );

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
                  onClick={() => send(f.cmd as BusinessCommand)}
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
          const request =
            host && t.speak_request === SPEAK_REQUEST.waiting ? requestOf(t.role_alloc_id) : undefined;
          const bring =
            host && t.can_brought === 1 && bringOffered
              ? [
                  <Button
                    key="bring"
                    size="small"
                    loading={
                      command.isPending && command.variables?.data?.role_alloc_ids?.[0] === t.role_alloc_id
                    }
                    aria-label={`${t.come_status === COME.in ? '送出' : '带入'}${t.role_name}${t.user_name}`}
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
          return (
            <List.Item
              key={t.role_alloc_id}
              actions={[
                ...bring,
                ...(request
                  ? ANSWERS.map(([word, result]) => (
                      <Button
                        key={word}
                        size="small"
                        type={result === SPEAK_ANSWER.approve ? 'primary' : 'default'}
                        aria-label={`${word}${t.role_name}${t.user_name}发言`}
                        onClick={() => send('action_role_apply_speak_opt', { msg_id: request.seq, result })}
                      >
                        {word}
                      </Button>
                    ))
                  : []),
              ]}
            >
              <SeatSummary seat={t} controlled={controlled} ended={ended} />
            </List.Item>
          );
        }}
      />
    </section>
  );
}
