import { NEWS_ADMIN_LIMITS, type NewsAdminItem, newsAdminResource } from '@portal/contract';
import { newsAdminCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Input, Radio, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '#web/shared/api/client.ts';
import { fromLocalInput, toLocalInput } from '#web/shared/format.ts';
import { useResourceSave } from '#web/shared/resource/useResource.ts';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { ImageUpload } from '#web/shared/ui/ImageUpload.tsx';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { RichTextEditor } from '#web/shared/ui/RichTextEditor.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useCan } from '#web/shared/usePermission.ts';
import { NewsStatusTag } from './newsStatus.tsx';
import { newsKeys, useNewsArticle, useNewsCategories } from './useNewsAdmin.ts';
import './news-admin.css';

const rules = newsAdminResource.fields;
const FIELDS = [
  'category_id',
  'title',
  'summary',
  'cover',
  'author',
  'source',
  'published_at',
  'status',
  'body',
];

interface Values {
  category_id?: number;
  title: string;
  summary?: string;
  cover?: string;
  author?: string;
  source?: string;
  published_at?: Dayjs | null;
  status: 0 | 1;
  body?: string;
}

const fromItem = (n: NewsAdminItem): Values => ({
  category_id: n.category_id,
  title: n.title,
  summary: n.summary,
  cover: n.cover,
  author: n.author,
  source: n.source,
  // The picker shows the company's wall clock (it knows no zones: the wall time as the browser's).
  published_at: dayjs(toLocalInput(n.published_at)),
  status: n.status === 1 ? 1 : 0,
  body: n.body,
});

/** Without `?id=` (and not `?new=1`): a search that picks the article to open. */
function PickNews() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const can = useCan('news', 'add_news');
  const options = useQuery({
    queryKey: [...newsKeys.all, 'pick', keyword],
    queryFn: () => api.call(newsAdminCalls.list, { keyword: keyword || undefined, page_size: 20 }),
  });
  return (
    <Card title="新闻编辑">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>选择要编辑的新闻（输入标题搜索）：</Typography.Paragraph>
        <Select
          aria-label="选择新闻"
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          placeholder="输入新闻标题"
          style={{ width: 360, maxWidth: '100%' }}
          loading={options.isFetching}
          options={(options.data?.results ?? []).map((n) => ({ value: n.id, label: n.title }))}
          notFoundContent={options.isFetching ? '加载中…' : '没有找到新闻'}
          onChange={(id: number) => navigate(`/crm/news_detail?id=${id}`)}
        />
        <Space wrap>
          {can && (
            <Button type="primary" onClick={() => navigate('/crm/news_detail?new=1')}>
              写新闻
            </Button>
          )}
          <Link to="/crm/news_index">到新闻管理中查找</Link>
        </Space>
      </Space>
    </Card>
  );
}

/** The editor of one article (`article` null: a new one). */
function NewsEditor({ article }: { article: NewsAdminItem | null }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const categories = useNewsCategories();
  const save = useResourceSave('news', newsAdminCalls);
  const canWrite = useCan('news', article ? 'change_news' : 'add_news');
  const status = Form.useWatch('status', form);

  const submit = (v: Values) => {
    const input = {
      ...(article && { id: article.id }),
      // Required by the form's rule before it submits.
      category_id: v.category_id as number,
      title: v.title.trim(),
      summary: v.summary?.trim() ?? '',
      cover: v.cover?.trim() ?? '',
      author: v.author?.trim() ?? '',
      source: v.source?.trim() ?? '',
      published_at: v.published_at ? fromLocalInput(v.published_at.format('YYYY-MM-DDTHH:mm')) : '',
      status: v.status,
      body: v.body ?? '',
    };
    save.mutate(
      input,
      savedWithToast<NewsAdminItem>(
        form,
        FIELDS,
        v.status === 1 ? '已保存并发布' : '已保存为草稿',
        (saved) => {
          if (!article) navigate(`/crm/news_detail?id=${saved.id}`, { replace: true });
          else form.setFieldsValue(fromItem(saved));
        },
      ),
    );
  };

  const title = article ? `编辑新闻 · ${article.title}` : '写新闻';
  return (
    <Card
      title={title}
      extra={
        <Space wrap>
          {article && <NewsStatusTag status={article.status} publishedAt={article.published_at} />}
          {article?.status === 1 && Date.parse(article.published_at) <= Date.now() && (
            <Link to={`/detail?id=${article.id}`} target="_blank" rel="noopener">
              在前台查看
            </Link>
          )}
          <Link to="/crm/news_index">返回新闻管理</Link>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        name="news-editor"
        layout="vertical"
        className="news-editor"
        disabled={!canWrite}
        initialValues={article ? fromItem(article) : { status: 1, category_id: categories.data?.[0]?.id }}
        onFinish={submit}
      >
        <div className="news-editor-grid">
          <Form.Item label="标题" name="title" required rules={[zodRule(rules.title)]}>
            <Input maxLength={NEWS_ADMIN_LIMITS.title} showCount placeholder="如：公司参加春季展会" />
          </Form.Item>
          <Form.Item label="栏目" name="category_id" required rules={[zodRule(rules.category_id)]}>
            <Select
              aria-label="栏目"
              placeholder="选择栏目"
              loading={categories.isPending}
              options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
          <Form.Item label="作者" name="author" rules={[zodRule(rules.author)]}>
            <Input maxLength={NEWS_ADMIN_LIMITS.author} placeholder="选填" />
          </Form.Item>
          <Form.Item label="来源" name="source" rules={[zodRule(rules.source)]}>
            <Input maxLength={NEWS_ADMIN_LIMITS.source} placeholder="选填，如：本站" />
          </Form.Item>
        </div>
        <Form.Item
          label="摘要"
          name="summary"
          rules={[zodRule(rules.summary)]}
          extra="列表中标题下的一两句话"
        >
          <Input.TextArea rows={2} maxLength={NEWS_ADMIN_LIMITS.summary} showCount placeholder="选填" />
        </Form.Item>
        <Form.Item label="封面图片" name="cover" rules={[zodRule(rules.cover)]}>
          <ImageUpload alt="封面图片" />
        </Form.Item>
        <Form.Item
          label="正文"
          name="body"
          rules={[zodRule(rules.body)]}
          extra="可设置标题、加粗、列表、引用、链接和图片；前台按此格式显示"
        >
          <RichTextEditor label="正文" max={NEWS_ADMIN_LIMITS.body} placeholder="正文内容" />
        </Form.Item>
        <div className="news-editor-grid">
          <Form.Item label="状态" name="status" rules={[zodRule(rules.status)]}>
            <Radio.Group
              options={[
                { value: 1, label: '发布' },
                { value: 0, label: '草稿（前台不显示）' },
              ]}
            />
          </Form.Item>
          <Form.Item
            label="发布时间"
            name="published_at"
            extra={status === 1 ? '留空为现在；选将来的时间则到时自动显示（定时发布）' : '留空为现在'}
          >
            <DatePicker
              showTime
              format="YYYY-MM-DD HH:mm"
              allowClear={CLEARABLE}
              aria-label="发布时间"
              placeholder="现在"
              style={{ width: 220, maxWidth: '100%' }}
            />
          </Form.Item>
        </div>
        {canWrite && (
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {status === 1 ? '保存并发布' : '保存草稿'}
            </Button>
            <Button onClick={() => navigate('/crm/news_index')}>取消</Button>
          </Space>
        )}
      </Form>
    </Card>
  );
}

/**
 * 新闻编辑 (/crm/news_detail?id=, spec §2): write one article — title, category, summary, cover
 * (the file store), author, source, publication time (a future one is 定时发布), status and a
 * rich-text body (ADR 0030) — and publish it to the public news pages. `?new=1` writes a new one; without
 * either it offers a search to pick one.
 */
export function NewsAdminDetailPage() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const isNew = id === null && params.get('new') === '1';
  const article = useNewsArticle(id);
  const categories = useNewsCategories();
  if (id === null && !isNew) return <PickNews />;
  if (categories.isPending || (id !== null && article.isPending)) return <PageSpin />;
  // Without its categories the editor could not be saved (栏目 is required): say so, with 重试.
  if (categories.isError)
    return (
      <Card title="新闻编辑">
        <QueryEmpty query={categories} description="栏目加载失败" />
      </Card>
    );
  if (id !== null && (article.isError || !article.data))
    return (
      <Card title="新闻编辑">
        <Alert
          type="error"
          showIcon
          message="新闻不存在或已被删除"
          action={<Link to="/crm/news_index">返回新闻管理</Link>}
        />
      </Card>
    );
  return <NewsEditor key={id ?? 'new'} article={id === null ? null : (article.data ?? null)} />;
}
