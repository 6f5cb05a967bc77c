import { ANONYMOUS_NICKNAME, FEEDBACK_LIMITS, messageBoardBody } from '@portal/contract';
import { Avatar, Form, Input, List, Typography } from 'antd';
import { formatMinute } from '#web/shared/format.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { TextAreaItem } from '#web/shared/ui/TextAreaItem.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { PagedList } from './PagedList.tsx';
import { type BoardValues, useBoardMessages, usePostMessage } from './useFeedback.ts';
import { useVisitorForm, VisitorForm, VisitorFormSection } from './VisitorFormSection.tsx';
import './feedback.css';
import { PALETTE } from '#web/shared/ui/theme.ts';

const rules = messageBoardBody.shape;
const FIELDS = ['nickname', 'content'] as const;

function Board() {
  return (
    <PagedList
      id="board-title"
      title={(total) => `留言（${total}）`}
      useList={useBoardMessages}
      empty="还没有留言，来写第一条吧"
      renderItem={(m) => (
        <List.Item.Meta
          avatar={
            <Avatar style={{ background: PALETTE.primary }} aria-hidden>
              {Array.from(m.nickname)[0]}
            </Avatar>
          }
          title={
            <span className="feedback-message-head">
              <span>{m.nickname}</span>
              <Typography.Text type="secondary" className="feedback-meta">
                {formatMinute(m.create_time)}
              </Typography.Text>
            </span>
          }
          description={<span className="feedback-text feedback-message-body">{m.content}</span>}
        />
      )}
    />
  );
}

function PostForm() {
  const { sent, clearSent, formProps, pending } = useVisitorForm(usePostMessage(), FIELDS);

  return (
    <VisitorFormSection
      id="post-title"
      title="我要留言"
      sentMessage={sent && '留言已提交，审核通过后显示'}
      onSentClose={clearSent}
    >
      <VisitorForm<BoardValues>
        formProps={formProps}
        name="message-board"
        label="发表留言"
        submit="提交留言"
        pending={pending}
      >
        <Form.Item label="昵称（选填）" name="nickname" rules={[zodRule(rules.nickname)]}>
          <Input maxLength={FEEDBACK_LIMITS.nickname} placeholder={`不填显示为“${ANONYMOUS_NICKNAME}”`} />
        </Form.Item>
        <TextAreaItem
          label="留言内容"
          name="content"
          required
          rule={rules.content}
          max={FEEDBACK_LIMITS.messageContent}
          placeholder="说说您的建议或想法，审核通过后公开显示"
        />
      </VisitorForm>
    </VisitorFormSection>
  );
}

/** `/messages`: the anonymous message board; a message shows once staff approved it. */
export function MessagesPage() {
  return (
    <ShopLayout title="留言板" description="访客留言板：欢迎留下您的建议与想法，审核通过后公开显示。">
      <section className="feedback-hero">
        <h1>留言板</h1>
        <p>无需登录即可匿名留言。为营造良好的交流环境，留言经审核后显示。</p>
      </section>
      <div className="feedback-board">
        <Board />
        <PostForm />
      </div>
    </ShopLayout>
  );
}
