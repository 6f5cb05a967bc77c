import { CART_MAX_QUANTITY, GOODS_IMAGE_MAX, type GoodsSku, type ShopGoodsAdmin } from '@portal/contract';
import { shopGoodsCalls } from '@portal/contract/calls';
import { App, Button, Card, Form, InputNumber, Space, Switch, Tag, Typography } from 'antd';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatYuan, yuanToCents } from '#web/shared/format.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { DetailTable } from '#web/shared/ui/DetailTable.tsx';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { type PictureChange, PictureListUpload } from '#web/shared/ui/PictureListUpload.tsx';
import { pictureKeys } from '#web/shared/ui/pictureList.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useCan } from '#web/shared/usePermission.ts';
import { useShopGoods, useShopGoodsWrite } from './useShopGoods.ts';

interface Values {
  price?: number;
  original_price?: number;
  max_per_order?: number;
  is_new: boolean;
  is_recommend: boolean;
  sku_price: Record<string, number | undefined>;
}

const FIELDS = ['price', 'original_price', 'max_per_order', 'is_new', 'is_recommend'] as const;
const yuan = (cents: number) => cents / 100;

/** The shop's fields and the specifications' shop prices, saved at once (`/shop/goods/save`). */
function ShopFields({ goods, skus, canShop }: { goods: ShopGoodsAdmin; skus: GoodsSku[]; canShop: boolean }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useShopGoodsWrite(shopGoodsCalls.save, 'unlessField');
  const stop = useShopGoodsWrite(shopGoodsCalls.detailDelete);
  const initial: Values = {
    price: goods.sku_count === 0 ? yuan(goods.price) : undefined,
    original_price: goods.original_price > 0 ? yuan(goods.original_price) : undefined,
    max_per_order: goods.max_per_order,
    is_new: goods.is_new === 1,
    is_recommend: goods.is_recommend === 1,
    sku_price: Object.fromEntries(skus.map((s) => [String(s.id), yuan(s.price)])),
  };

  function submit(v: Values) {
    save.mutate(
      {
        id: goods.id,
        ...(goods.sku_count === 0 && { price: yuanToCents(v.price) }),
        original_price: yuanToCents(v.original_price) ?? 0,
        max_per_order: v.max_per_order ?? 0,
        is_new: v.is_new ? 1 : 0,
        is_recommend: v.is_recommend ? 1 : 0,
        ...(skus.length > 0 && {
          // A form post has no nesting: the lines travel as JSON text, as the library form's do.
          skus: JSON.stringify(
            skus.map((s) => ({ id: s.id, price: yuanToCents(v.sku_price[String(s.id)]) ?? s.price })),
          ) as never,
        }),
      },
      {
        onSuccess: () => toastSuccess('商城设置已保存'),
        onError: (e) => showFieldError(form, e, FIELDS),
      },
    );
  }

  const askStop = (s: GoodsSku) =>
    confirmDanger(modal, {
      title: `停售规格「${s.spec_text}」？`,
      content:
        '商城不再出售这个规格，购物车中的这个规格也不能结算；商品库中的规格和库存保留，可随时恢复在售。',
      okText: '停售',
      onOk: () =>
        stop
          .mutateAsync({ id: s.id })
          .then(() => toastSuccess(`已停售「${s.spec_text}」`))
          .catch(() => {}),
    });
  const resume = (s: GoodsSku) =>
    save.mutate(
      { id: goods.id, skus: JSON.stringify([{ id: s.id, on_sale: 1 }]) as never },
      {
        onSuccess: () => toastSuccess(`「${s.spec_text}」已恢复在售`),
        onError: (e) => showFieldError(form, e, FIELDS),
      },
    );

  return (
    <Form<Values>
      key={JSON.stringify([goods, skus])}
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={!canShop}
      onFinish={submit}
      className="shop-goods-fields"
    >
      <div className="shop-goods-fields__row">
        {goods.sku_count === 0 && (
          <Form.Item
            label="销售价（元）"
            name="price"
            rules={[{ required: true, message: '销售价不能为空' }]}
          >
            <InputNumber min={0} precision={2} controls={false} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item
          label="划线价（元）"
          name="original_price"
          extra="高于售价时在商城中划线显示，留空为不显示"
        >
          <InputNumber min={0} precision={2} controls={false} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="每单限购（件）" name="max_per_order" extra="一个订单最多购买的件数，0 为不限">
          <InputNumber
            min={0}
            max={CART_MAX_QUANTITY}
            precision={0}
            controls={false}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item label="新品" name="is_new" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="推荐" name="is_recommend" valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
      {skus.length > 0 && (
        <DetailTable<GoodsSku>
          aria-label="商城规格"
          dataSource={skus}
          columns={[
            { title: '规格', dataIndex: 'spec_text' },
            {
              title: '销售价（元）',
              key: 'price',
              render: (_: unknown, s) => (
                <Form.Item name={['sku_price', String(s.id)]} noStyle>
                  <InputNumber
                    aria-label={`规格「${s.spec_text}」的销售价`}
                    min={0}
                    precision={2}
                    controls={false}
                    style={{ width: 110 }}
                  />
                </Form.Item>
              ),
            },
            { title: '库存', dataIndex: 'stock', align: 'right' },
            {
              title: '商城状态',
              dataIndex: 'on_sale',
              render: (v: number) => (v === 1 ? <Tag color="green">在售</Tag> : <Tag>已停售</Tag>),
            },
            ...(canShop
              ? [
                  {
                    title: '操作',
                    key: 'actions',
                    render: (_: unknown, s: GoodsSku) =>
                      s.on_sale === 1 ? (
                        <Button size="small" danger onClick={() => askStop(s)}>
                          停售
                        </Button>
                      ) : (
                        <Button size="small" onClick={() => resume(s)}>
                          恢复在售
                        </Button>
                      ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {canShop && (
        <Button type="primary" htmlType="submit" loading={save.isPending} className="shop-goods-fields__save">
          保存商城设置
        </Button>
      )}
    </Form>
  );
}

/** What a gallery change toasts once saved. */
const SAVED: Record<PictureChange, string> = {
  add: '已添加图片',
  move: '已调整图片顺序',
  remove: '已移除图片',
  undo: '已恢复图片',
};

/**
 * The gallery: the goods' pictures in order (the first is the cover), several added at once,
 * dragged or moved, removed with an undo; each change saved at once. Read only without the right.
 */
function Gallery({ goods, canShop }: { goods: ShopGoodsAdmin; canShop: boolean }) {
  const save = useShopGoodsWrite(shopGoodsCalls.save);
  const images = goods.images;
  return (
    <section aria-label="商品图片" className="shop-gallery">
      <Typography.Title level={3} className="shop-gallery__title">
        商品图片（{images.length}/{GOODS_IMAGE_MAX}，第一张为封面）
      </Typography.Title>
      {canShop ? (
        <PictureListUpload
          label="商品图片"
          max={GOODS_IMAGE_MAX}
          value={images}
          disabled={save.isPending}
          onChange={(next, change) =>
            save.mutate({ id: goods.id, images: next }, { onSuccess: () => toastSuccess(SAVED[change]) })
          }
        />
      ) : images.length === 0 ? (
        <Typography.Text type="secondary">还没有图片</Typography.Text>
      ) : (
        <ul className="shop-gallery__list">
          {pictureKeys(images).map((key, i) => (
            <li key={key} className="shop-gallery__item">
              <img
                src={images[i]}
                alt={`商品图片 ${i + 1}${i === 0 ? '（封面）' : ''}`}
                width={96}
                height={96}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * 商城设置 of /crm/goods_detail (ADR 0028) for a goods in the shop: its price(s), 划线价, per-order
 * limit, 新品/推荐, the specifications it sells (停售 after a confirmation, 恢复在售) and its gallery.
 * Read only without change_shop_goods.
 */
export function ShopGoodsCard({ goodsId }: { goodsId: number }) {
  const canShop = useCan('goods', 'change_shop_goods');
  const shop = useShopGoods(goodsId);
  return (
    <Card title="商城设置" role="region" aria-label="商城设置">
      {shop.isPending ? (
        <PageSpin />
      ) : shop.isError || !shop.data ? (
        <QueryEmpty query={shop} description="商城设置加载失败" />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            商城售价 {formatYuan(shop.data.goods.price)}
            {shop.data.goods.sku_count > 1 ? ' 起' : ''}；售价即商品库的销售价，修改后商城立即生效。
          </Typography.Text>
          <ShopFields goods={shop.data.goods} skus={shop.data.results} canShop={canShop} />
          <Gallery goods={shop.data.goods} canShop={canShop} />
        </Space>
      )}
    </Card>
  );
}
