import { EXPERIENCE_DRAFT, EXPERIENCE_LIMITS, EXPERIENCE_SUBMITTED } from '@portal/contract';
import { App, Button, Empty, Form, Input, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { formatDateTime } from '#web/shared/format.ts';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useExperiences, useSaveExperience } from './useBusinessRun.ts';

/**
 * Experiences (心得; design/training.md "Moving on"): a member keeps a draft and submits it once —
 * the business ends only when every member of its last node has submitted theirs; the submitted
 * ones are listed to every member.
 */
export function ExperiencePanel({
  businessId,
  member,
  running,
}: {
  businessId: number;
  member: boolean;
  running: boolean;
}) {
  const { modal } = App.useApp();
  const list = useExperiences(businessId, true);
  const save = useSaveExperience(businessId);
  const [form] = Form.useForm<{ content: string }>();
  const mine = list.data?.mine ?? null;
  const editable = member && running && mine?.status !== EXPERIENCE_SUBMITTED;

  useEffect(() => {
    if (mine && mine.status === EXPERIENCE_DRAFT) form.setFieldsValue({ content: mine.content });
  }, [mine, form]);

  const write = (status: number) =>
    form.validateFields().then(({ content }) =>
      save.mutate(
        { content, status },
        {
          onSuccess: () => {
            if (status === EXPERIENCE_SUBMITTED) form.resetFields();
          },
          onError: (e) => showFieldError(form, e, ['content']),
        },
      ),
    );
  const submit = () =>
    form.validateFields().then(() => {
      modal.confirm({
        title: '提交心得吗？',
        content: '提交后不能再修改，业务中的成员都能看到。',
        okText: '提交',
        cancelText: '再想想',
        onOk: () => write(EXPERIENCE_SUBMITTED),
      });
    });

  return (
    <section className="run-experiences" aria-labelledby="run-experiences-title">
      <Typography.Title level={5} id="run-experiences-title">
        心得
      </Typography.Title>
      {editable && (
        <Form form={form} name="run-experience" layout="vertical" aria-label="我的心得">
          <Form.Item
            name="content"
            label={mine ? '我的心得（草稿）' : '我的心得'}
            rules={[
              { required: true, whitespace: true, message: '请输入心得' },
              { max: EXPERIENCE_LIMITS.content, message: `心得不能超过${EXPERIENCE_LIMITS.content}个字符` },
            ]}
          >
            <Input.TextArea rows={4} maxLength={EXPERIENCE_LIMITS.content} showCount />
          </Form.Item>
          <Space wrap>
            <Button onClick={() => void write(EXPERIENCE_DRAFT).catch(() => {})} loading={save.isPending}>
              保存草稿
            </Button>
            <Button type="primary" onClick={() => void submit().catch(() => {})}>
              提交心得
            </Button>
          </Space>
        </Form>
      )}
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !list.data ? (
        <QueryEmpty query={list} description="心得暂时无法显示" />
      ) : list.data.results.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有成员提交心得" />
      ) : (
        <List
          className="run-experience-list"
          dataSource={list.data.results}
          renderItem={(e) => (
            <List.Item key={e.id}>
              <List.Item.Meta
                title={
                  <Space wrap>
                    <span>{e.created_by.name}</span>
                    <Tag color="success">已提交</Tag>
                    <time className="run-time" dateTime={e.update_time}>
                      {formatDateTime(e.update_time)}
                    </time>
                  </Space>
                }
                description={<div className="run-text">{e.content}</div>}
              />
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
