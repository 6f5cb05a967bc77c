import './business.css';
import { BUSINESS_STATUS, BUSINESS_WAITING, type BusinessDetail, ROLE_NAMES } from '@portal/contract';
import { businessCalls } from '@portal/contract/calls';
import { Alert, Button, Card, Descriptions, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import {
  runPath,
  useBusinessTeam,
  useBusinessWrites,
  useStartingPaths,
  useTeammates,
} from './useBusinesses.ts';

type Seat = BusinessDetail['roles'][number]['seats'][number];

/** Empty seats by role, as the server words it. */
const missingOf = (roles: BusinessDetail['roles'], chosen: Record<number, number | null>) =>
  roles
    .map((r) => [r.name, r.seats.filter((t) => (chosen[t.id] ?? t.user_id) === null).length] as const)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `“${name}”缺${n}人`)
    .join('，');

/**
 * 配备团队 (/moreTeammates?business_id=, in the manager area; spec 001 §2): a waiting business's
 * roles and seats — the starter's seat fixed, every other one chosen from the company's people
 * holding the role's 职务 (anyone, when it names none), one seat per person. 保存 stores the whole
 * team at once; the server refuses a choice with the reason. Once every seat is filled, the starter's
 * opening of the business starts it.
 */
export function MoreTeammatesPage() {
  const [params] = useSearchParams();
  const businessId = Number(params.get('business_id') ?? 0);
  const valid = Number.isInteger(businessId) && businessId > 0;
  const team = useBusinessTeam(valid ? businessId : 0);
  const canChange = useCanCall(businessCalls.addMoreTeammates);
  const paths = useStartingPaths();
  const waiting = team.data?.status === BUSINESS_WAITING;
  const people = useTeammates(businessId, canChange && waiting);
  const { staff } = useBusinessWrites();
  const [chosen, setChosen] = useState<Record<number, number | null>>({});

  // Who sits where, by project: a person takes one seat in each project the business plays.
  const taken = useMemo(() => {
    const held = new Map<string, number>();
    for (const r of team.data?.roles ?? [])
      for (const t of r.seats) {
        const user = t.id in chosen ? chosen[t.id] : t.user_id;
        if (user !== null && user !== undefined) held.set(`${r.project_name ?? ''}:${user}`, t.id);
      }
    return held;
  }, [team.data, chosen]);

  if (valid && team.isPending) return <PageSpin />;
  if (!team.data)
    return (
      <Card title="配备团队">
        <QueryEmpty query={team} description="业务不存在或已被删除" />
        <Link to={paths.team.to}>{paths.team.name}</Link>
      </Card>
    );
  const b = team.data;
  const changes = Object.entries(chosen).map(([seat, user]) => ({ seat_id: Number(seat), user_id: user }));
  const missing = missingOf(b.roles, chosen);
  const editable = canChange && waiting;
  const save = () =>
    staff.mutate(
      { business_id: b.id, data: changes },
      {
        // The team is read again before this runs (the mutation's own onSuccess waits for it).
        onSuccess: () => {
          setChosen({});
          toastSuccess(missing ? `已保存团队，还${missing}` : '已保存团队：席位已全部配齐');
        },
      },
    );

  const seatControl = (role: BusinessDetail['roles'][number], seat: Seat) => {
    const starter = role.can_start === 1 && seat.seat_no === 1;
    if (!editable || starter)
      return (
        <span>
          {seat.user_name || <Typography.Text type="secondary">空缺</Typography.Text>}
          {starter && <Tag style={{ marginInlineStart: 8 }}>发起人</Tag>}
        </span>
      );
    const value = seat.id in chosen ? chosen[seat.id] : seat.user_id;
    const options = (people.data?.results ?? [])
      .filter((p) => role.position_id === null || p.position_id === role.position_id)
      .map((p) => ({
        value: p.id,
        label: `${p.name}（${p.username}${p.position_name ? `，${p.position_name}` : ''}）`,
        disabled: (taken.get(`${role.project_name ?? ''}:${p.id}`) ?? seat.id) !== seat.id,
      }));
    // The one seated now, when the list does not hold them (a 职务 changed since).
    if (seat.user_id !== null && !options.some((o) => o.value === seat.user_id))
      options.unshift({ value: seat.user_id, label: seat.user_name, disabled: false });
    return (
      <Select<number | null>
        aria-label={`“${role.name}”${role.project_name ? `（${role.project_name}）` : ''}第${seat.seat_no}席`}
        style={{ width: '100%', maxWidth: 360 }}
        showSearch
        optionFilterProp="label"
        allowClear={CLEARABLE}
        loading={people.isLoading}
        placeholder={role.position_id === null ? '选择本单位人员' : `选择职务为“${role.position_name}”的人员`}
        notFoundContent={
          role.position_id === null ? '没有可选的人员' : `本单位没有职务为“${role.position_name}”的人员`
        }
        value={value ?? null}
        onChange={(v) => setChosen((c) => ({ ...c, [seat.id]: v ?? null }))}
        options={options}
      />
    );
  };

  return (
    <Card title={`配备团队 · ${b.name}`} extra={<Link to={paths.team.to}>{paths.team.name}</Link>}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'project', label: '项目', children: b.project_name },
          { key: 'flow', label: '流程', children: b.flow_name },
          {
            key: 'status',
            label: '状态',
            children: BUSINESS_STATUS[b.status as keyof typeof BUSINESS_STATUS],
          },
        ]}
      />
      {!waiting ? (
        <Alert
          type="info"
          showIcon
          message="业务已经开始或结束，团队不能再调整。"
          style={{ margin: '12px 0' }}
        />
      ) : missing ? (
        <Alert type="warning" showIcon message={`团队还没有配齐：${missing}`} style={{ margin: '12px 0' }} />
      ) : (
        <Alert
          type="success"
          showIcon
          message="席位已全部配齐"
          description={
            changes.length > 0 ? (
              '保存后，发起人进入业务即开始。'
            ) : (
              <span className="text-links">
                发起人进入业务即开始。<Link to={runPath(b.id)}>进入业务</Link>
              </span>
            )
          }
          style={{ margin: '12px 0' }}
        />
      )}
      <section aria-label="角色与席位" className="team-roles">
        {b.roles.map((role) => (
          <section
            key={role.id}
            aria-label={role.project_name ? `${role.name}（${role.project_name}）` : role.name}
            className="team-role"
          >
            <Typography.Title level={5} style={{ marginBottom: 8 }}>
              {role.name}
              {role.project_name && (
                <Tag className="team-role-project">{`嵌套或跳转项目：${role.project_name}`}</Tag>
              )}
              <Typography.Text type="secondary" style={{ fontWeight: 'normal', marginInlineStart: 8 }}>
                {role.position_name ? `职务：${role.position_name}` : '不限职务'} · {role.capacity}个席位
              </Typography.Text>
            </Typography.Title>
            <ol className="team-seats">
              {role.seats.map((seat) => (
                <li key={seat.id}>
                  <span className="team-seat-no">第{seat.seat_no}席</span>
                  {seatControl(role, seat)}
                </li>
              ))}
            </ol>
          </section>
        ))}
      </section>
      {editable && (
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" onClick={save} loading={staff.isPending} disabled={changes.length === 0}>
            保存团队
          </Button>
          <Button onClick={() => setChosen({})} disabled={changes.length === 0}>
            撤销修改
          </Button>
        </Space>
      )}
      {canChange && !people.isLoading && people.data?.results.length === 0 && waiting && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          本单位还没有可以配备的人员：先在人员管理中添加人员并设置职务（角色如{ROLE_NAMES[5]}）。
        </Typography.Paragraph>
      )}
    </Card>
  );
}
