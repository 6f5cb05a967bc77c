import { BUSINESS_POST_LIMITS, type BusinessPost } from '@portal/contract';
import { businessPostCalls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Empty, Form, Input, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatDateTime } from '#web/shared/format.ts';
import { useInvalidate } from '#web/shared/queryHooks.ts';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { RichText } from '#web/shared/ui/RichText.tsx';
import { RichTextEditor } from '#web/shared/ui/RichTextEditor.tsx';
import { runKeys, useNodeFunction } from './useBusinessRun.ts';

/** A notice as it reads: its name, who posted it and when, its text. */
export function PostView({ post }: { post: BusinessPost }) {
  return (
    <article className="run-doc" aria-label={`公示《${post.name}》`}>
      <Typography.Text strong>{post.name}</Typography.Text>
      <Typography.Text type="secondary" className="run-step">
        {post.role_name}
        {post.user_name ? `·${post.user_name}` : ''} · {formatDateTime(post.update_time)}
      </Typography.Text>
      <RichText html={post.content} className="run-doc-body" />
    </article>
  );
}

/**
 * A post node's notice (公示, node screen 7; issue 37): every member reads it as soon as it is
 * posted (the page hears the post and reads it again); a seat offered 刷新文档 there posts it, or
 * rewrites it, in the rich text editor.
 */
export function PostPanel({
  businessId,
  node,
}: {
  businessId: number;
  node: { node_id: number; name: string };
}) {
  const current = useQuery({
    queryKey: [...runKeys.all, 'post', businessId, node.node_id],
    queryFn: () => api.call(businessPostCalls.current, { business_id: businessId, node_id: node.node_id }),
  });
  const functions = useNodeFunction(businessId, node.node_id);
  const mine = functions.data?.user_role_allocs[0];
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<{ post_name: string; post_content: string }>();
  const reread = useInvalidate(runKeys.all);
  const publish = useMutation({
    mutationFn: (v: { post_name: string; post_content: string }) =>
      api.call(
        businessPostCalls.create,
        { business_id: businessId, node_id: node.node_id, role_alloc_id: mine?.role_alloc_id ?? 0, ...v },
        { toast: 'unlessField' },
      ),
    onSuccess: reread,
  });

  if (current.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (current.data === undefined) return <QueryEmpty query={current} description="公示暂时无法显示" />;
  const post = current.data;
  return (
    <section className="run-docs" aria-labelledby={`run-post-${node.node_id}`}>
      <div className="run-docs-head">
        <Typography.Title level={5} id={`run-post-${node.node_id}`} style={{ margin: 0 }}>
          “{node.name}”的公示
        </Typography.Title>
        <Space>
          {post && <Link to={`/business/post/${post.id}`}>在单独页面查看</Link>}
          {mine && functions.data?.offers.includes('docs') && !editing && (
            <Button type="primary" onClick={() => setEditing(true)}>
              {post ? '修改公示' : '发布公示'}
            </Button>
          )}
        </Space>
      </div>
      {editing ? (
        <Form
          form={form}
          name={`run-post-edit-${node.node_id}`}
          layout="vertical"
          aria-label="编辑公示"
          initialValues={{ post_name: post?.name ?? '', post_content: post?.content ?? '' }}
          onFinish={(v) =>
            publish.mutate(v, {
              onSuccess: () => {
                toastSuccess(`已发布公示《${v.post_name}》`);
                setEditing(false);
              },
              onError: (e) => showFieldError(form, e, ['post_name', 'post_content']),
            })
          }
        >
          <Form.Item
            name="post_name"
            label="公示名称"
            rules={[
              { required: true, whitespace: true, message: '请输入公示名称' },
              {
                max: BUSINESS_POST_LIMITS.name,
                message: `公示名称不能超过${BUSINESS_POST_LIMITS.name}个字符`,
              },
            ]}
          >
            <Input maxLength={BUSINESS_POST_LIMITS.name} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="post_content"
            label="公示内容"
            rules={[{ required: true, message: '请输入公示内容' }]}
          >
            <RichTextEditor label="公示内容" max={BUSINESS_POST_LIMITS.content} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={publish.isPending}>
              发布
            </Button>
            <Button onClick={() => setEditing(false)}>取消</Button>
          </Space>
        </Form>
      ) : post ? (
        <PostView post={post} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有发布公示" />
      )}
    </section>
  );
}
