import {
  KEYWORD_MAX,
  MEMBER_DETAIL_ORDERS,
  MEMBER_STATUS,
  type MemberDetail,
  type MemberRow,
  ORDER_STATUS_NAMES,
} from '@portal/contract';
import { App, Button, Card, Descriptions, Drawer, Empty, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatDate, formatDateTime, formatMinute, formatYuan } from '#web/shared/format.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { optionsOf } from '#web/shared/ui/options.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useCan } from '#web/shared/usePermission.ts';
import { useMember, useMembers, useSetMemberStatus } from './usePeople.ts';
import './people.css';

const STATUS_OPTIONS = optionsOf(MEMBER_STATUS);
const nameOf = (m: { real_name: string; username: string }) => m.real_name || m.username;

const StatusTag = ({ status }: { status: number }) =>
  status === 1 ? <Tag color="green">正常</Tag> : <Tag color="red">已停用</Tag>;

/** One member: who they are, who referred them, their latest orders and the coupons they hold. */
function MemberDetailView({ m, canSeeUser }: { m: MemberDetail; canSeeUser: boolean }) {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions
        column={1}
        bordered
        size="small"
        styles={{ label: { width: 110 } }}
        items={[
          { key: 'status', label: '状态', children: <StatusTag status={m.status} /> },
          {
            key: 'name',
            label: '姓名',
            children: canSeeUser ? <Link to={`/crm/user/${m.id}`}>{nameOf(m)}</Link> : nameOf(m),
          },
          { key: 'username', label: '用户名', children: m.username },
          { key: 'mobile', label: '手机号', children: m.mobile || '—' },
          { key: 'email', label: '邮箱', children: m.email || '—' },
          {
            key: 'referrer',
            label: '推荐人',
            children: m.referrer_mobile
              ? `${m.referrer_mobile}${m.referrer ? `（${m.referrer.real_name || '本单位会员'}）` : '（非本单位会员）'}`
              : '—',
          },
          { key: 'referred', label: '推荐的会员', children: `${m.referred_count} 位` },
          {
            key: 'orders',
            label: '订单',
            children: `${m.order_count} 笔，已付 ${formatYuan(m.paid_amount)}`,
          },
          { key: 'created', label: '注册时间', children: formatDateTime(m.create_time) },
          {
            key: 'login',
            label: '最近登录',
            children: m.last_login_time ? formatDateTime(m.last_login_time) : '从未登录',
          },
        ]}
      />
      <section aria-labelledby="member-orders">
        <Typography.Title level={5} id="member-orders">
          最近订单
          {m.order_count > MEMBER_DETAIL_ORDERS
            ? `（最近 ${MEMBER_DETAIL_ORDERS} 笔，共 ${m.order_count} 笔）`
            : ''}
        </Typography.Title>
        <List
          size="small"
          bordered
          aria-label="会员的订单"
          dataSource={m.orders}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无订单" /> }}
          renderItem={(o) => (
            <List.Item>
              <div className="people-line">
                <span className="people-line-main">{o.order_no}</span>
                <Tag>{ORDER_STATUS_NAMES[o.status] ?? o.status}</Tag>
                <span>{formatYuan(o.pay_amount)}</span>
                <Typography.Text type="secondary">
                  {o.goods_count} 件 · {formatMinute(o.create_time)}
                </Typography.Text>
              </div>
            </List.Item>
          )}
        />
      </section>
      <section aria-labelledby="member-coupons">
        <Typography.Title level={5} id="member-coupons">
          持有的优惠券
        </Typography.Title>
        <List
          size="small"
          bordered
          aria-label="会员的优惠券"
          dataSource={m.coupons}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无优惠券" /> }}
          renderItem={(c) => (
            <List.Item>
              <div className="people-line">
                <span className="people-line-main">{c.name}</span>
                {c.status === 1 ? <Tag>已使用</Tag> : <Tag color="blue">未使用</Tag>}
                <span>
                  减 {formatYuan(c.amount)}（满 {formatYuan(c.min_amount)}）
                </span>
                <Typography.Text type="secondary">
                  {c.status === 1
                    ? `使用于 ${formatMinute(c.used_at)}`
                    : `有效期至 ${formatDate(c.end_time)}`}
                </Typography.Text>
              </div>
            </List.Item>
          )}
        />
      </section>
    </Space>
  );
}

/**
 * 会员管理 (/crm/member_index): the company's registered shoppers — search, state filter, paging;
 * one member's orders, coupons and referrer; stop (cannot log in) and restart after a confirmation.
 * Numbers are masked in the list and shown in full on the detail (ADR 0020).
 */
export function MemberIndexPage() {
  const { modal } = App.useApp();
  const canChange = useCan('customer', 'change_member_status');
  const canSeeUser = useCan('company', 'view_login_log');
  const filters = useListFilters<0 | 1>();
  const list = useMembers(filters.params);
  const [openId, setOpenId] = useState<number | null>(null);
  const detail = useMember(openId);
  const setStatus = useSetMemberStatus();

  const toggle = (m: MemberRow) => {
    const stop = m.status === 1;
    const run = () =>
      setStatus
        .mutateAsync({ id: m.id, status: stop ? 0 : 1 })
        .then(() => toastSuccess(stop ? `已停用会员「${nameOf(m)}」` : `已启用会员「${nameOf(m)}」`))
        .catch(() => {});
    if (stop)
      confirmDanger(modal, {
        title: `确定停用会员「${nameOf(m)}」吗？`,
        content: '停用后该会员立即退出登录，且不能再登录；订单和优惠券保留，可随时重新启用。',
        okText: '停用',
        onOk: run,
      });
    else
      modal.confirm({
        title: `确定启用会员「${nameOf(m)}」吗？`,
        content: '启用后该会员可以重新登录。',
        okText: '启用',
        cancelText: '取消',
        autoFocusButton: 'cancel',
        onOk: run,
      });
  };

  const columns: ListColumns<MemberRow> = [
    {
      title: '会员',
      key: 'name',
      phone: 'title',
      render: (_: unknown, m) => (
        <Button type="link" size="small" className="people-link" onClick={() => setOpenId(m.id)}>
          {nameOf(m)}
        </Button>
      ),
    },
    { title: '手机号', dataIndex: 'mobile', width: 130, render: (v: string) => v || '—' },
    { title: '推荐人', dataIndex: 'referrer_mobile', width: 130, render: (v: string) => v || '—' },
    { title: '订单数', dataIndex: 'order_count', width: 80, align: 'right' },
    {
      title: '已付金额',
      dataIndex: 'paid_amount',
      width: 120,
      align: 'right',
      render: (v: number) => formatYuan(v),
    },
    {
      title: '最近登录',
      dataIndex: 'last_login_time',
      width: 150,
      phone: 'hidden',
      render: (v: string) => (v ? formatMinute(v) : '—'),
    },
    { title: '注册时间', dataIndex: 'create_time', width: 150, render: (v: string) => formatMinute(v) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      phone: 'title',
      render: (v: number) => <StatusTag status={v} />,
    },
    actionsColumn((m) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => setOpenId(m.id)} aria-label={`详情 ${nameOf(m)}`}>
          详情
        </Button>
        {canChange && (
          <Button
            type="link"
            size="small"
            danger={m.status === 1}
            onClick={() => toggle(m)}
            aria-label={`${m.status === 1 ? '停用' : '启用'}会员 ${nameOf(m)}`}
          >
            {m.status === 1 ? '停用' : '启用'}
          </Button>
        )}
      </Space>
    )),
  ];

  const shown = detail.data;
  return (
    <Card title="会员管理">
      <FilteredList<MemberRow, 0 | 1>
        listFilters={filters}
        search={{
          label: '搜索会员',
          placeholder: '姓名 / 手机号',
          maxLength: KEYWORD_MAX,
          style: { width: 280 },
        }}
        status={{ label: '会员状态', options: STATUS_OPTIONS }}
        aria-label="会员列表"
        columns={columns}
        query={list}
        empty={filters.filtered ? '没有找到符合条件的会员' : '暂无注册会员'}
        rowName={nameOf}
      />
      <Drawer
        title={shown ? `会员 · ${nameOf(shown)}` : '会员详情'}
        open={openId !== null}
        onClose={() => setOpenId(null)}
        size="min(640px, 100vw)"
        destroyOnHidden
        extra={
          shown && canChange ? (
            <Button danger={shown.status === 1} onClick={() => toggle(shown)}>
              {shown.status === 1 ? '停用会员' : '启用会员'}
            </Button>
          ) : null
        }
      >
        {shown ? (
          <MemberDetailView m={shown} canSeeUser={canSeeUser} />
        ) : detail.isLoading ? (
          <PageSpin />
        ) : (
          <QueryEmpty query={detail} description="会员不存在" />
        )}
      </Drawer>
    </Card>
  );
}
