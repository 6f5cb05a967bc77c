import {
  FEEDBACK_LIMITS,
  KEYWORD_MAX,
  OPINION_STATUS_NAMES,
  type Opinion,
  opinionReplyBody,
} from '@portal/contract';
import { Button, Card, Form, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatMinute } from '#web/shared/format.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { optionsOf } from '#web/shared/ui/options.ts';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { TextAreaItem } from '#web/shared/ui/TextAreaItem.tsx';
import { useCan } from '#web/shared/usePermission.ts';
import { OpinionStatusTag } from './StatusTags.tsx';
import { useOpinions, useReplyOpinion } from './useFeedbackAdmin.ts';
import './feedback.css';

const STATUS_OPTIONS = optionsOf(OPINION_STATUS_NAMES);

interface ReplyValues {
  reply: string;
  is_public: boolean;
}

function ReplyModal({ opinion, onClose }: { opinion: Opinion | null; onClose: () => void }) {
  const [form] = Form.useForm<ReplyValues>();
  const reply = useReplyOpinion();

  const submit = (v: ReplyValues) => {
    if (!opinion) return;
    reply.mutate(
      { id: opinion.id, reply: v.reply.trim(), is_public: v.is_public ? 1 : 0 },
      savedWithToast(
        form,
        ['reply', 'is_public'],
        v.is_public ? '已回复，并在在线咨询页公开显示' : '已回复',
        () => onClose(),
      ),
    );
  };

  return (
    <FormModal<ReplyValues>
      form={form}
      name="opinion-reply"
      label="回复咨询"
      onFinish={submit}
      formProps={{
        initialValues: { reply: opinion?.reply ?? '', is_public: opinion?.is_public === 1 },
        preserve: false,
      }}
      title={opinion?.reply ? '修改回复' : '回复咨询'}
      open={opinion !== null}
      onCancel={onClose}
      okText="提交回复"
      ok={{ loading: reply.isPending }}
    >
      {opinion && (
        <div className="feedback-reply-question">
          <Typography.Text type="secondary">
            {opinion.name}（{opinion.contact}）· {formatMinute(opinion.create_time)}
          </Typography.Text>
          <p className="feedback-text">{opinion.content}</p>
        </div>
      )}
      <TextAreaItem
        label="回复内容"
        name="reply"
        required
        rule={opinionReplyBody.shape.reply}
        max={FEEDBACK_LIMITS.reply}
        rows={5}
        placeholder="回复将发送给提问的访客"
      />
      <Form.Item
        label="公开显示"
        name="is_public"
        valuePropName="checked"
        extra="公开后问题和回复显示在“在线咨询”页面（称呼打码，不显示联系方式）。"
      >
        <Switch checkedChildren="公开" unCheckedChildren="不公开" />
      </Form.Item>
    </FormModal>
  );
}

/** 在线咨询 (/crm/online_question): visitors' questions from /online, answered by customer service. */
export function OnlineQuestionPage() {
  const canReply = useCan('feedback', 'reply_opinion');
  const filters = useListFilters();
  const [replying, setReplying] = useState<Opinion | null>(null);
  const list = useOpinions(filters.params);

  const columns: ListColumns<Opinion> = [
    {
      title: '咨询内容',
      dataIndex: 'content',
      render: (v: string, row) => (
        <div className="feedback-cell-text">
          <Typography.Paragraph
            className="feedback-text"
            ellipsis={{ rows: 3, expandable: true, symbol: '展开' }}
            style={{ margin: 0 }}
          >
            {v}
          </Typography.Paragraph>
          {row.reply && (
            <Typography.Paragraph
              type="secondary"
              className="feedback-text"
              ellipsis={{ rows: 2, expandable: true, symbol: '展开' }}
              style={{ margin: '4px 0 0' }}
            >
              答：{row.reply}
            </Typography.Paragraph>
          )}
        </div>
      ),
    },
    {
      title: '访客',
      key: 'visitor',
      phone: 'title',
      render: (_: unknown, row) => (
        <div>
          <div>{row.name}</div>
          <Typography.Text type="secondary" copyable={{ text: row.contact, tooltips: ['复制', '已复制'] }}>
            {row.contact}
          </Typography.Text>
        </div>
      ),
    },
    { title: '提交时间', dataIndex: 'create_time', render: (v: string) => formatMinute(v) },
    {
      title: '状态',
      dataIndex: 'status',
      phone: 'title',
      render: (v: number, row) => (
        <Space size={4} wrap>
          <OpinionStatusTag status={v} />
          {row.is_public === 1 && <Tag color="blue">公开</Tag>}
        </Space>
      ),
    },
    {
      title: '回复人',
      key: 'replier',
      render: (_: unknown, row) =>
        row.replier_name ? (
          <div>
            <div>{row.replier_name}</div>
            <Typography.Text type="secondary">{formatMinute(row.reply_time)}</Typography.Text>
          </div>
        ) : (
          '—'
        ),
    },
    ...(canReply
      ? [
          actionsColumn<Opinion>((row) => (
            <Button type="link" size="small" onClick={() => setReplying(row)}>
              {row.status === 1 ? '修改回复' : '回复'}
            </Button>
          )),
        ]
      : []),
  ];

  return (
    <Card title="在线咨询">
      <FilteredList<Opinion>
        listFilters={filters}
        search={{
          label: '搜索咨询',
          placeholder: '称呼 / 联系方式 / 内容',
          maxLength: KEYWORD_MAX,
          style: { width: 300 },
        }}
        status={{ label: '回复状态', options: STATUS_OPTIONS }}
        aria-label="咨询列表"
        columns={columns}
        query={list}
        empty="暂无咨询"
      />
      <ReplyModal opinion={replying} onClose={() => setReplying(null)} />
    </Card>
  );
}
