import { REVIEW_CONTENT_MAX, type Review, reviewReplyBody } from '@portal/contract';
import { Form, Typography } from 'antd';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { TextAreaItem } from '#web/shared/ui/TextAreaItem.tsx';
import { useReplyReview } from './useShopGoods.ts';

interface Values {
  reply: string;
}

/**
 * 回复评价 (staff with `reply_review`): the shop's answer, shown under the review. Its own chunk,
 * loaded on the first 回复, so the goods page of a shopper does not carry the contract's rules.
 */
export function ReviewReplyModal({ review, onClose }: { review: Review | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const reply = useReplyReview();

  const submit = (v: Values) => {
    if (!review) return;
    reply.mutate(
      { id: review.id, goods_id: review.goods_id, reply: v.reply.trim() },
      savedWithToast(form, ['reply'], '回复成功', () => onClose()),
    );
  };

  return (
    <FormModal<Values>
      form={form}
      name="review-reply"
      label="回复评价"
      onFinish={submit}
      formProps={{ initialValues: { reply: '' }, preserve: false }}
      title="回复评价"
      open={review !== null}
      onCancel={onClose}
      okText="提交回复"
      ok={{ loading: reply.isPending }}
    >
      {review && (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }}>
          {review.user_name || '匿名用户'}：{review.content}
        </Typography.Paragraph>
      )}
      <TextAreaItem
        label="回复内容"
        name="reply"
        required
        rule={reviewReplyBody.shape.reply}
        max={REVIEW_CONTENT_MAX}
        placeholder="回复这条评价"
        autoFocus
      />
    </FormModal>
  );
}
