import { type OrderItem, REVIEW_CONTENT_MAX, reviewBody } from '@portal/contract';
import { Form, Rate, Space, Typography } from 'antd';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { TextAreaItem } from '#web/shared/ui/TextAreaItem.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { GoodsThumb, itemName } from './OrderParts.tsx';
import { useReview } from './useOrders.ts';

interface Values {
  rating: number;
  content: string;
}

const RATING_TEXT = ['', '很差', '较差', '一般', '满意', '非常满意'];

/** 评价 one line of a completed order: stars and text, once. */
export function ReviewModal({ item, onClose }: { item: OrderItem | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const review = useReview();
  const rating = Form.useWatch('rating', form);

  const submit = (v: Values) => {
    if (!item) return;
    review.mutate(
      { order_item_id: item.id, rating: v.rating, content: v.content.trim() },
      savedWithToast(form, ['rating', 'content'], '评价成功，感谢您的反馈', () => onClose()),
    );
  };

  return (
    <FormModal<Values>
      form={form}
      name="review"
      label="评价商品"
      onFinish={submit}
      // Each opening starts from these (a cleared store would not get them back in StrictMode).
      formProps={{ initialValues: { rating: 5, content: '' }, preserve: false }}
      title="评价商品"
      open={item !== null}
      onCancel={onClose}
      okText="提交评价"
      ok={{ loading: review.isPending }}
    >
      {item && (
        <Space style={{ marginBottom: 16 }}>
          <GoodsThumb src={item.cover} alt={item.name} size={48} />
          <Typography.Text strong>{itemName(item)}</Typography.Text>
        </Space>
      )}
      <Form.Item
        label="评分"
        name="rating"
        required
        rules={[{ required: true, message: '请选择评分' }, zodRule(reviewBody.shape.rating)]}
        extra={RATING_TEXT[rating ?? 0]}
      >
        <Rate aria-label="评分" />
      </Form.Item>
      <TextAreaItem
        label="评价内容"
        name="content"
        required
        rule={reviewBody.shape.content}
        max={REVIEW_CONTENT_MAX}
        placeholder="说说商品的质量、包装和物流吧"
        autoFocus
      />
    </FormModal>
  );
}
