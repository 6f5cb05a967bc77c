import './business.css';
import { AppstoreOutlined, FileSearchOutlined, NotificationOutlined } from '@ant-design/icons';
import { KEYWORD_MAX, type Project } from '@portal/contract';
import { businessPostCalls, projectCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Menu, Segmented, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useProjectList } from '#web/modules/project/index.ts';
import { api } from '#web/shared/api/client.ts';
import { formatDateTime } from '#web/shared/format.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { LinkButton } from '#web/shared/ui/LinkButton.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';

/** Where a project is started from the business area (step 2 of 启动业务, in this area's frame). */
export const prepareStartPath = (projectId: number) => `/business/prepare/start?project_id=${projectId}`;

const WAYS: { to: string; title: string; text: string; icon: ReactNode }[] = [
  {
    to: '/business/prepare/prepare1/office',
    title: '按事项',
    text: '按项目所属的事项浏览本单位的实训项目',
    icon: <AppstoreOutlined aria-hidden />,
  },
  {
    to: '/business/prepare/prepare1/company',
    title: '按单位',
    text: '本单位的公示栏与全部实训项目',
    icon: <NotificationOutlined aria-hidden />,
  },
  {
    to: '/business/prepare/prepare2',
    title: '检索',
    text: '按项目名称查找实训项目',
    icon: <FileSearchOutlined aria-hidden />,
  },
];

/**
 * 业务准备 (`/business/prepare`, the business area's home; spec 000 §2 "filter-method"): the three
 * ways to find the project a business is started on — by office item, by company, by keyword.
 */
export function PreparePage() {
  return (
    <Card title="业务准备">
      <Typography.Paragraph type="secondary">
        选择一个实训项目发起业务：发起后为业务配备团队，团队配齐后进入业务即开始。
      </Typography.Paragraph>
      <nav aria-label="挑选项目的方式">
        <ul className="prepare-ways">
          {WAYS.map((w) => (
            <li key={w.to}>
              <Link to={w.to} className="prepare-way">
                <span className="prepare-way-icon">{w.icon}</span>
                <strong>{w.title}</strong>
                <span>{w.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}

/** The company's projects (of one office item, when given), found by name, each started from here. */
function ProjectPicker({ officeItem, label }: { officeItem?: string; label: string }) {
  const filters = useListFilters<number>();
  const list = useProjectList({
    ...filters.params,
    ...(officeItem !== undefined ? { office_item: officeItem } : {}),
  });
  const columns: ListColumns<Project> = [
    { title: '项目名称', dataIndex: 'name', phone: 'title' },
    { title: '流程', dataIndex: 'flow_name', width: 130 },
    { title: '所属事项', dataIndex: 'office_item', width: 110, render: (v: string) => v || '—' },
    {
      title: '项目简介',
      dataIndex: 'intro',
      responsive: ['xl'],
      ellipsis: true,
      render: (v: string) => v || '—',
    },
    {
      title: '操作',
      key: 'start',
      width: 110,
      render: (_, p) => (
        <LinkButton to={prepareStartPath(p.id)} label={`启动业务 ${p.name}`}>
          启动业务
        </LinkButton>
      ),
    },
  ];
  return (
    <FilteredList<Project, number>
      listFilters={filters}
      search={{ label: '搜索项目', placeholder: '项目名称', maxLength: KEYWORD_MAX, style: { width: 200 } }}
      aria-label={label}
      columns={columns}
      query={list}
      empty={filters.filtered ? '没有符合条件的项目' : '还没有项目'}
      rowName={(p) => p.name}
    />
  );
}

/** 按事项: the office items of the company's projects, and the projects of the one chosen. */
function ByOffice() {
  const [search, setSearch] = useSearchParams();
  const items = useQuery({
    queryKey: ['project', 'office-items'],
    queryFn: () => api.call(projectCalls.officeItems, {}),
  });
  if (items.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  const list = items.data?.results ?? [];
  if (list.length === 0) return <QueryEmpty query={items} description="本单位还没有实训项目" />;
  const chosen = search.get('item') ?? list[0]?.office_item ?? '';
  return (
    <div className="prepare-split">
      <Menu
        className="prepare-menu"
        aria-label="所属事项"
        selectedKeys={[chosen]}
        onClick={({ key }) => setSearch({ item: key })}
        items={list.map((i) => ({
          key: i.office_item,
          label: `${i.office_item || '未分事项'}（${i.count}）`,
        }))}
      />
      <div className="prepare-main">
        <ProjectPicker officeItem={chosen} label={`${chosen || '未分事项'}的项目`} />
      </div>
    </div>
  );
}

/** 按单位: the company's notice board (公示栏) beside its projects. */
function ByCompany() {
  const posts = useQuery({
    queryKey: ['business-posts'],
    queryFn: () => api.call(businessPostCalls.list, {}),
  });
  return (
    <div className="prepare-split">
      <section className="prepare-board" aria-labelledby="prepare-board-title">
        <Typography.Title level={5} id="prepare-board-title">
          公示栏
        </Typography.Title>
        {posts.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : !posts.data ? (
          <QueryEmpty query={posts} description="公示暂时无法显示" />
        ) : posts.data.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本单位的业务还没有发布公示" />
        ) : (
          <List
            size="small"
            dataSource={posts.data}
            renderItem={(p) => (
              <List.Item key={p.id}>
                <Space direction="vertical" size={0}>
                  <Link to={`/business/post/${p.id}`}>{p.name}</Link>
                  <Typography.Text type="secondary">
                    {p.business_name} · {formatDateTime(p.update_time)}
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        )}
      </section>
      <div className="prepare-main">
        <ProjectPicker label="本单位的项目" />
      </div>
    </div>
  );
}

/**
 * 挑选项目 (`/business/prepare/prepare1/{by}`, by office item or by company; spec 000 §2): the
 * company's projects grouped as chosen, each started from its row.
 */
export function Prepare1Page() {
  const { by } = useParams();
  const navigate = useNavigate();
  const byCompany = by === 'company';
  return (
    <Card title="挑选项目" extra={<Link to="/business/prepare">返回业务准备</Link>}>
      <Segmented
        className="prepare-by"
        aria-label="挑选方式"
        value={byCompany ? 'company' : 'office'}
        onChange={(v) => navigate(`/business/prepare/prepare1/${v}`)}
        options={[
          { value: 'office', label: '按事项' },
          { value: 'company', label: '按单位' },
        ]}
      />
      {byCompany ? <ByCompany /> : <ByOffice />}
    </Card>
  );
}

/** 检索 (`/business/prepare/prepare2`): every project of the company, found by name. */
export function Prepare2Page() {
  return (
    <Card title="检索项目" extra={<Link to="/business/prepare">返回业务准备</Link>}>
      <ProjectPicker label="检索到的项目" />
    </Card>
  );
}
