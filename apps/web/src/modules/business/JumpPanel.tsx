import { type BusinessJump, JUMP_NODE_TYPE } from '@portal/contract';
import { businessCalls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Select, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { useInvalidate } from '#web/shared/queryHooks.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { runKeys } from './useBusinessRun.ts';

type Row = {
  key: number;
  role: BusinessJump['roles'][number];
  seat: BusinessJump['roles'][number]['seats'][number];
};

/**
 * A jump (6) or nest (9) node's screen (issue 37, ADR 0043 "Jump and nest"): the project the
 * business goes on in when the node ends, and who plays each of its roles; the seat that may end
 * the node re-seats that team until the business has gone there (none left empty). Every page
 * hears the change and reads it again.
 */
export function JumpPanel({
  businessId,
  node,
}: {
  businessId: number;
  node: { node_id: number; name: string; node_type: number | null; end_seat_id: number | null };
}) {
  const jump = useQuery({
    queryKey: [...runKeys.all, 'jump', businessId, node.node_id],
    queryFn: () => api.call(businessCalls.jumpSetup, { business_id: businessId, node_id: node.node_id }),
  });
  const [picked, setPicked] = useState<Map<number, number>>(new Map());
  const reread = useInvalidate(runKeys.all);
  const save = useMutation({
    mutationFn: (data: { seat_id: number; user_id: number }[]) =>
      api.call(node.node_type === JUMP_NODE_TYPE ? businessCalls.jumpTeam : businessCalls.nestTeam, {
        business_id: businessId,
        node_id: node.node_id,
        role_alloc_id: node.end_seat_id ?? 0,
        data,
      }),
    onSuccess: async () => {
      setPicked(new Map());
      toastSuccess('人员已调整');
      await reread();
    },
  });

  if (jump.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!jump.data) return <QueryEmpty query={jump} description="去向暂时无法显示" />;
  const j = jump.data;
  const nest = j.node_type !== JUMP_NODE_TYPE;
  const edits = j.adjustable && node.end_seat_id !== null;
  const rows: Row[] = j.roles.flatMap((role) => role.seats.map((seat) => ({ key: seat.id, role, seat })));
  const changed = [...picked].filter(
    ([seatId, userId]) => rows.find((r) => r.key === seatId)?.seat.user_id !== userId,
  );
  const titleId = `run-jump-${node.node_id}`;

  return (
    <section className="run-docs" aria-labelledby={titleId}>
      <div className="run-docs-head">
        <Typography.Title level={5} id={titleId} style={{ margin: 0 }}>
          “{node.name}”之后：{nest ? '进入嵌套项目' : '跳转到项目'}“{j.project.name}”
        </Typography.Title>
      </div>
      <Typography.Paragraph type="secondary">
        {nest
          ? '结束本环节后，团队进入这个项目；它结束后，业务回到本流程继续。'
          : '结束本环节后，业务在这个项目中继续，不再回到本流程。'}
        {edits ? '在进入之前，你可以调整这个项目席位上的人员。' : ''}
      </Typography.Paragraph>
      <Table<Row>
        size="small"
        pagination={false}
        aria-label={`项目“${j.project.name}”的团队`}
        dataSource={rows}
        columns={[
          {
            title: '角色',
            render: (_, r) => `${r.role.name}${r.role.capacity > 1 ? ` ${r.seat.seat_no}` : ''}`,
          },
          { title: '职务', render: (_, r) => r.role.position_name || '不限', responsive: ['md'] },
          {
            title: '人员',
            render: (_, r) =>
              edits ? (
                <Select
                  aria-label={`${r.role.name}${r.role.capacity > 1 ? ` ${r.seat.seat_no}` : ''}的人员`}
                  value={picked.get(r.seat.id) ?? r.seat.user_id ?? undefined}
                  style={{ minWidth: 160, maxWidth: '100%' }}
                  showSearch
                  optionFilterProp="label"
                  options={j.people
                    .filter((p) => r.role.position_id === null || p.position_id === r.role.position_id)
                    .map((p) => ({ value: p.id, label: p.name }))}
                  onChange={(v: number) => setPicked((m) => new Map(m).set(r.seat.id, v))}
                />
              ) : (
                r.seat.user_name || '（空）'
              ),
          },
        ]}
      />
      {edits && (
        <Button
          type="primary"
          style={{ marginTop: 12 }}
          disabled={changed.length === 0}
          loading={save.isPending}
          onClick={() => save.mutate(changed.map(([seat_id, user_id]) => ({ seat_id, user_id })))}
        >
          保存人员调整
        </Button>
      )}
    </section>
  );
}
