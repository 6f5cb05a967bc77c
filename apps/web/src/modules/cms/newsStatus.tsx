import { Tag } from 'antd';

/** 已发布, 定时发布 (published, its time still ahead) or 草稿. */
export function NewsStatusTag({ status, publishedAt }: { status: number; publishedAt: string }) {
  if (status !== 1) return <Tag>草稿</Tag>;
  if (Date.parse(publishedAt) > Date.now()) return <Tag color="orange">定时发布</Tag>;
  return <Tag color="green">已发布</Tag>;
}
