import { businessPostCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { Link, useParams } from 'react-router';
import { api } from '#web/shared/api/client.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { PostView } from './PostPanel.tsx';

/** A notice on a page of its own (/business/post/{id}; spec 001 §2), for the business's members. */
export function PostPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const post = useQuery({
    queryKey: ['business-post', id],
    queryFn: () => api.call(businessPostCalls.detail, { id }),
    enabled: valid,
  });
  if (valid && post.isPending) return <PageSpin />;
  if (!post.data)
    return (
      <Card title="公示">
        <QueryEmpty query={post} description="公示不存在，或你不是这个业务的成员" />
      </Card>
    );
  const p = post.data;
  return (
    <Card
      title={`公示 · ${p.node_name}`}
      extra={<Link to={`/business/detail/${p.business_id}`}>返回业务“{p.business_name}”</Link>}
    >
      <PostView post={p} />
    </Card>
  );
}
