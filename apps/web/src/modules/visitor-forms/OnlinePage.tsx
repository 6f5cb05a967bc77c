import { FEEDBACK_LIMITS, KEYWORD_MAX, opinionBody } from '@portal/contract';
import { Collapse, Empty, Form, Input, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { formatMinute } from '#web/shared/format.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { TextAreaItem } from '#web/shared/ui/TextAreaItem.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { matchesFaq } from './faq.ts';
import { PagedList } from './PagedList.tsx';
import { type OpinionValues, useAskQuestion, useProblems, usePublicOpinions } from './useFeedback.ts';
import { useVisitorForm, VisitorForm, VisitorFormSection } from './VisitorFormSection.tsx';
import './feedback.css';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';

const rules = opinionBody.shape;
const FIELDS = ['name', 'contact', 'content'] as const;

function Faq() {
  const problems = useProblems();
  const [keyword, setKeyword] = useState('');
  const all = problems.data?.results;
  const shown = useMemo(() => (all ?? []).filter((p) => matchesFaq(p, keyword)), [all, keyword]);

  return (
    <section className="shop-section" aria-labelledby="faq-title">
      <div className="shop-section-head feedback-head-wrap">
        <h2 id="faq-title">常见问题</h2>
        <Input.Search
          className="feedback-search"
          placeholder="搜索问题，如：发票、退货"
          aria-label="搜索常见问题"
          allowClear={CLEARABLE}
          maxLength={KEYWORD_MAX}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={setKeyword}
        />
      </div>
      <div className="shop-panel">
        {problems.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : shown.length > 0 ? (
          <Collapse
            accordion
            ghost
            items={shown.map((p) => ({
              key: p.id,
              label: p.question,
              children: <p className="feedback-text">{p.answer}</p>,
            }))}
          />
        ) : keyword.trim() && all?.length ? (
          <Empty description={`没有找到与“${keyword.trim()}”相关的问题，可以在下方直接提问`} />
        ) : (
          <QueryEmpty query={problems} description="暂无常见问题" />
        )}
      </div>
    </section>
  );
}

function AnsweredQuestions() {
  return (
    <PagedList
      id="answered-title"
      title={() => '咨询回复'}
      pageSize={5}
      useList={usePublicOpinions}
      empty="暂无公开的咨询回复"
      renderItem={(o) => (
        <article className="feedback-qa">
          <p className="feedback-q">
            <span className="feedback-badge">问</span>
            <span className="feedback-text">{o.content}</span>
          </p>
          <Typography.Text type="secondary" className="feedback-meta">
            {o.name} · {formatMinute(o.create_time)}
          </Typography.Text>
          <p className="feedback-a">
            <span className="feedback-badge feedback-badge--a">答</span>
            <span className="feedback-text">{o.reply}</span>
          </p>
        </article>
      )}
    />
  );
}

function AskForm() {
  const { sent, clearSent, formProps, pending } = useVisitorForm(useAskQuestion(), FIELDS);

  return (
    <VisitorFormSection
      id="ask-title"
      title="我要咨询"
      sentMessage={sent && '咨询已提交，客服会尽快通过您留下的联系方式回复'}
      onSentClose={clearSent}
    >
      <VisitorForm<OpinionValues>
        formProps={formProps}
        name="online-question"
        label="在线咨询"
        submit="提交咨询"
        pending={pending}
      >
        <div className="feedback-two">
          <Form.Item label="称呼" name="name" required rules={[zodRule(rules.name)]}>
            <Input maxLength={FEEDBACK_LIMITS.opinionName} placeholder="如：王女士" autoComplete="name" />
          </Form.Item>
          <Form.Item label="联系方式" name="contact" required rules={[zodRule(rules.contact)]}>
            <Input maxLength={FEEDBACK_LIMITS.contact} placeholder="手机号或邮箱，仅客服可见" />
          </Form.Item>
        </div>
        <TextAreaItem
          label="咨询内容"
          name="content"
          required
          rule={rules.content}
          max={FEEDBACK_LIMITS.opinionContent}
          placeholder="请描述您的问题，如涉及订单请注明订单号"
        />
      </VisitorForm>
    </VisitorFormSection>
  );
}

/** `/online`: the FAQ (searchable), questions answered in public, and a question form. */
export function OnlinePage() {
  return (
    <ShopLayout title="在线咨询" description="常见问题解答与在线咨询：购物、付款、配送、退换货、发票等问题。">
      <section className="feedback-hero">
        <h1>在线咨询</h1>
        <p>先看看常见问题；没有找到答案，欢迎在下方留言咨询，客服会在工作时间内尽快回复。</p>
      </section>
      <Faq />
      <AnsweredQuestions />
      <AskForm />
    </ShopLayout>
  );
}
