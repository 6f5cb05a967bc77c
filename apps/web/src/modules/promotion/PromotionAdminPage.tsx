import {
  KEYWORD_MAX,
  PROMOTION_MILEAGE_MAX,
  type PromotionAdminRow,
  type PromotionItemAdmin,
  promotionAddBody,
  promotionCreateBody,
} from '@portal/contract';
import { goodsCalls, promotionCalls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { type Key, useState } from 'react';
import { newCouponValues } from '#web/modules/coupon/index.ts';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatMinute, formatYuan, fromLocalInput, toLocalInput } from '#web/shared/format.ts';
import { useInvalidate, useListQuery } from '#web/shared/queryHooks.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { DetailTable } from '#web/shared/ui/DetailTable.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast, showFieldError } from '#web/shared/ui/fieldError.ts';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import './promotion-admin.css';

const keys = {
  all: ['promotion-admin'] as const,
  list: (params: object) => ['promotion-admin', 'list', params] as const,
  one: (id: number) => ['promotion-admin', 'one', id] as const,
  goods: (keyword: string) => ['promotion-admin', 'goods', keyword] as const,
};

const rules = promotionCreateBody.shape;
const addRules = promotionAddBody.shape;
const STATUS_OPTIONS: { value: 0 | 1; label: string }[] = [
  { value: 1, label: '已发布' },
  { value: 0, label: '草稿' },
];
const FIELDS = ['title', 'banner', 'intro', 'starts_at', 'ends_at', 'status'];

interface Values {
  title: string;
  banner?: string;
  intro?: string;
  starts_at: string;
  ends_at: string;
  status: 0 | 1;
}

/** A new promotion's period: from now for 30 days (as a new coupon's). */
const newPeriod = () => {
  const { start_time, end_time } = newCouponValues();
  return { starts_at: start_time, ends_at: end_time };
};

/** Where a published promotion stands now; a draft is a draft. */
function stateTag(p: PromotionAdminRow) {
  if (p.status !== 1) return <Tag>草稿</Tag>;
  const now = Date.now();
  if (Date.parse(p.starts_at) > now) return <Tag color="blue">未开始</Tag>;
  if (Date.parse(p.ends_at) < now) return <Tag>已结束</Tag>;
  return <Tag color="green">进行中</Tag>;
}

const localTime = (key: 'starts_at' | 'ends_at') => ({
  validator: async (_r: unknown, v: unknown) => {
    const res = rules[key].safeParse(typeof v === 'string' && v ? fromLocalInput(v) : v);
    if (!res.success) throw new Error(res.error.issues[0]?.message ?? '');
  },
});

/** 活动商品: the promotion's cars and ticket types; add a goods of the library, take one out. */
function GoodsDialog({ promotion, onClose }: { promotion: PromotionAdminRow | null; onClose: () => void }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<{
    goods_id?: number;
    kind: 'car' | 'ticket';
    mileage?: number;
    sort?: number;
  }>();
  const kind = Form.useWatch('kind', form);
  const [keyword, setKeyword] = useState('');
  const invalidate = useInvalidate(keys.all);
  const id = promotion?.id ?? 0;
  const one = useQuery({
    queryKey: keys.one(id),
    queryFn: () => api.call(promotionCalls.adminGet, { id }),
    enabled: promotion !== null,
  });
  const options = useQuery({
    queryKey: keys.goods(keyword),
    queryFn: () => api.call(goodsCalls.select, { keyword: keyword || undefined }).then((d) => d.results),
    enabled: promotion !== null,
  });
  const add = useMutation({
    mutationFn: (v: { goods_id: number; kind: 'car' | 'ticket'; mileage?: number; sort?: number }) =>
      api.call(promotionCalls.addGoods, { promotion_id: id, ...v }, { toast: 'unlessField' }),
    onSuccess: invalidate,
  });
  const takeOut = useMutation({
    mutationFn: (itemId: number) => api.call(promotionCalls.removeGoods, { id: itemId }),
    onSettled: invalidate,
  });
  const remove = (item: PromotionItemAdmin) =>
    confirmDanger(modal, {
      title: `确定把「${item.name}」移出活动吗？`,
      content: '移出后活动页不再展示该商品，商品本身不受影响。',
      okText: '移出',
      onOk: () =>
        takeOut
          .mutateAsync(item.id)
          .then(() => toastSuccess(`已移出「${item.name}」`))
          .catch(() => {}),
    });
  const items = one.data?.items ?? [];
  return (
    <Modal
      title={promotion ? `活动商品 · ${promotion.title}` : '活动商品'}
      open={promotion !== null}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      width={720}
      destroyOnHidden
    >
      <DetailTable<PromotionItemAdmin>
        aria-label="活动商品列表"
        loading={one.isFetching}
        dataSource={items}
        locale={{ emptyText: '活动中还没有商品' }}
        columns={[
          {
            title: '商品',
            dataIndex: 'name',
            render: (v: string, r) => (
              <span>
                {v} {r.on_sale !== 1 && <Tag>已下架</Tag>}
              </span>
            ),
          },
          { title: '类型', dataIndex: 'kind', render: (v: string) => (v === 'car' ? '汽车' : '门票') },
          {
            title: '续航',
            dataIndex: 'mileage',
            render: (v: number | null) => (v === null ? '—' : `${v} km`),
          },
          { title: '价格', dataIndex: 'price', align: 'right', render: (v: number) => formatYuan(v) },
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, r) => (
              <Button type="link" size="small" danger onClick={() => remove(r)} aria-label={`移出 ${r.name}`}>
                移出
              </Button>
            ),
          },
        ]}
      />
      <Form
        form={form}
        name="promotion-goods-form"
        aria-label="加入活动的商品"
        layout="vertical"
        className="promotion-goods-form"
        initialValues={{ kind: 'car', sort: 0 }}
        onFinish={(v) =>
          add.mutate(
            {
              goods_id: v.goods_id ?? 0,
              kind: v.kind,
              ...(v.kind === 'car' ? { mileage: v.mileage } : {}),
              sort: v.sort ?? 0,
            },
            {
              onSuccess: () => {
                toastSuccess('已加入活动');
                form.resetFields(['goods_id', 'mileage']);
              },
              onError: (e) => showFieldError(form, e, ['goods_id', 'kind', 'mileage', 'sort']),
            },
          )
        }
      >
        <Typography.Title level={5}>加入商品</Typography.Title>
        <Form.Item label="商品" name="goods_id" required rules={[{ required: true, message: '请选择商品' }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder="输入名称搜索商品库"
            loading={options.isFetching}
            options={(options.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
            notFoundContent={options.isFetching ? '加载中…' : '没有找到商品'}
          />
        </Form.Item>
        <Form.Item label="类型" name="kind" rules={[zodRule(addRules.kind)]}>
          <Radio.Group
            options={[
              { value: 'car', label: '汽车（带续航）' },
              { value: 'ticket', label: '门票（每单最多 12 张）' },
            ]}
          />
        </Form.Item>
        <Space wrap align="start">
          {kind !== 'ticket' && (
            <Form.Item
              label="续航（km）"
              name="mileage"
              required
              rules={[{ required: true, message: '续航里程不能为空' }]}
            >
              <InputNumber min={0} max={PROMOTION_MILEAGE_MAX} precision={0} controls={false} />
            </Form.Item>
          )}
          <Form.Item label="排序" name="sort" extra="数字小的排在前面">
            <InputNumber min={0} max={9999} precision={0} controls={false} />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          加入活动
        </Button>
      </Form>
    </Modal>
  );
}

/** 促销活动 (/crm/promotion_index): the company's promotions in every state, their goods, publishing. */
export function PromotionAdminPage() {
  const { modal } = App.useApp();
  const filters = useListFilters<0 | 1>();
  const invalidate = useInvalidate(keys.all);
  const list = useListQuery(keys.list(filters.params), () =>
    api.call(promotionCalls.adminList, filters.params),
  );
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<PromotionAdminRow | 'new' | null>(null);
  const [opening, setOpening] = useState(0);
  const [goodsOf, setGoodsOf] = useState<PromotionAdminRow | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const current = editing && editing !== 'new' ? editing : null;

  const save = useMutation({
    mutationFn: (v: Record<string, unknown> & { id?: number }) =>
      v.id === undefined
        ? api.call(promotionCalls.create, v as never, { toast: 'unlessField' })
        : api.call(promotionCalls.update, v as never, { toast: 'unlessField' }),
    onSuccess: invalidate,
  });
  const removeMany = useMutation({
    mutationFn: (ids: number[]) => api.call(promotionCalls.removeMany, { ids }),
    onSettled: invalidate,
  });

  const initial = (p: PromotionAdminRow | null): Partial<Values> =>
    p
      ? {
          title: p.title,
          banner: p.banner,
          intro: p.intro,
          starts_at: toLocalInput(p.starts_at),
          ends_at: toLocalInput(p.ends_at),
          status: p.status === 1 ? 1 : 0,
        }
      : { ...newPeriod(), status: 0 };
  const openEditor = (target: PromotionAdminRow | 'new') => {
    setOpening((n) => n + 1);
    setEditing(target);
  };
  const submit = (v: Values) => {
    const input = {
      title: v.title.trim(),
      banner: v.banner?.trim() ?? '',
      intro: v.intro?.trim() ?? '',
      starts_at: fromLocalInput(v.starts_at),
      ends_at: fromLocalInput(v.ends_at),
      status: v.status,
      ...(current ? { id: current.id } : {}),
    };
    save.mutate(
      input,
      savedWithToast(form, FIELDS, current ? '已保存活动' : '已新增活动', () => setEditing(null)),
    );
  };
  const removeRows = (rows: PromotionAdminRow[]) =>
    confirmDanger(modal, {
      title:
        rows.length === 1
          ? `确定删除活动「${rows[0]?.title}」吗？`
          : `确定删除选中的 ${rows.length} 个活动吗？`,
      content: '删除后活动页不再展示，活动中的商品不受影响。',
      okText: '删除',
      onOk: () =>
        removeMany
          .mutateAsync(rows.map((r) => r.id))
          .then((r) => {
            toastSuccess(`已删除 ${r.deleted} 个活动`);
            setSelected((s) => s.filter((id) => !rows.some((row) => row.id === id)));
          })
          .catch(() => {}),
    });

  const rows = list.data?.results ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));
  const columns: ListColumns<PromotionAdminRow> = [
    { title: '活动名称', dataIndex: 'title', phone: 'title' },
    {
      title: '活动时间',
      dataIndex: 'starts_at',
      render: (_: string, p) => (
        <span className="promotion-period">
          <span>{formatMinute(p.starts_at)}</span> 至 <span>{formatMinute(p.ends_at)}</span>
        </span>
      ),
    },
    { title: '状态', dataIndex: 'status', width: 90, phone: 'title', render: (_: number, p) => stateTag(p) },
    {
      title: '商品',
      dataIndex: 'car_count',
      width: 140,
      render: (_: number, p) => `汽车 ${p.car_count} · 门票 ${p.ticket_count}`,
    },
    actionsColumn<PromotionAdminRow>((p) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => setGoodsOf(p)} aria-label={`商品 ${p.title}`}>
          商品
        </Button>
        <Button type="link" size="small" onClick={() => openEditor(p)} aria-label={`编辑 ${p.title}`}>
          编辑
        </Button>
        <Button
          type="link"
          size="small"
          danger
          onClick={() => removeRows([p])}
          aria-label={`删除 ${p.title}`}
        >
          删除
        </Button>
      </Space>
    )),
  ];

  return (
    <Card title="促销活动">
      <FilteredList<PromotionAdminRow, 0 | 1>
        listFilters={filters}
        search={{
          label: '搜索活动',
          placeholder: '活动名称 / 简介',
          maxLength: KEYWORD_MAX,
          style: { width: 280 },
        }}
        status={{ label: '状态', options: STATUS_OPTIONS }}
        aria-label="活动列表"
        columns={columns}
        query={list}
        empty={filters.filtered ? '没有找到符合条件的活动' : '暂无活动'}
        rowName={(p) => p.title}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (k: Key[]) => setSelected(k.map(Number)),
          getCheckboxProps: (p: PromotionAdminRow) => ({ 'aria-label': `选择 ${p.title}` }),
        }}
      >
        <Space wrap>
          <Button danger disabled={chosen.length === 0} onClick={() => removeRows(chosen)}>
            批量删除{chosen.length > 0 ? `（${chosen.length}）` : ''}
          </Button>
          <Button type="primary" onClick={() => openEditor('new')}>
            新增活动
          </Button>
        </Space>
      </FilteredList>
      <FormModal<Values>
        key={opening}
        form={form}
        name="promotion-form"
        label={current ? '编辑活动' : '新增活动'}
        onFinish={submit}
        formProps={{ preserve: false, initialValues: initial(current) }}
        title={current ? `编辑活动 · ${current.title}` : '新增活动'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        okText="保存"
        ok={{ loading: save.isPending }}
      >
        <Form.Item label="活动名称" name="title" required rules={[zodRule(rules.title)]}>
          <Input maxLength={50} showCount placeholder="如：新能源汽车嘉年华" />
        </Form.Item>
        <div className="promotion-form-row">
          <Form.Item label="开始时间" name="starts_at" required rules={[localTime('starts_at')]}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item
            label="结束时间"
            name="ends_at"
            required
            dependencies={['starts_at']}
            rules={[
              localTime('ends_at'),
              ({ getFieldValue }) => ({
                validator: async (_r, v: string) => {
                  const start = getFieldValue('starts_at') as string | undefined;
                  if (v && start && v <= start) throw new Error('结束时间必须晚于开始时间');
                },
              }),
            ]}
          >
            <Input type="datetime-local" />
          </Form.Item>
        </div>
        <Form.Item label="横幅图片" name="banner" rules={[zodRule(rules.banner)]} extra="图片地址，选填">
          <Input maxLength={300} placeholder="/demo/promotion/banner.svg" />
        </Form.Item>
        <Form.Item label="活动简介" name="intro" rules={[zodRule(rules.intro)]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Radio.Group
            options={[
              { value: 0, label: '草稿（不展示）' },
              { value: 1, label: '发布（活动时间内在活动页展示）' },
            ]}
          />
        </Form.Item>
      </FormModal>
      <GoodsDialog promotion={goodsOf} onClose={() => setGoodsOf(null)} />
    </Card>
  );
}
