import {
  type Experiment,
  KEYWORD_MAX,
  PROJECT_CATEGORIES,
  PROJECT_CATEGORY_LIST,
  type ProjectCategory,
} from '@portal/contract';
import { landingArea } from '@portal/contract/constants';
import { Button, Descriptions, Modal, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatDate } from '#web/shared/format.ts';
import { pageFromQuery, searchHref, textFromQuery } from '#web/shared/searchQuery.ts';
import { loginPath, useUserInfo } from '#web/shared/session.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { SearchBar } from '#web/shared/ui/SearchBar.tsx';
import { FinderGrid, FinderPage, FinderPaging } from './FinderParts.tsx';
import { useExperiments } from './useFinder.ts';
import './finder.css';

const PATH = '/searchExperiment';

/** Where a student takes part in training (the student area's first screen, spec §2). */
const STUDENT_HOME = '/student/business-watch';

function ExperimentCard({ e, onOpen }: { e: Experiment; onOpen: (e: Experiment) => void }) {
  return (
    // The whole card opens the project: its title's button covers the card (finder.css).
    <article className="experiment-card shop-panel" aria-label={e.name}>
      {e.cover ? (
        <img className="experiment-cover" src={e.cover} alt="" loading="lazy" width={600} height={300} />
      ) : (
        <div className="experiment-cover" aria-hidden />
      )}
      <div className="experiment-card-body">
        <h2 className="experiment-card-name">
          <button type="button" className="experiment-card-open" onClick={() => onOpen(e)}>
            {e.name}
          </button>
        </h2>
        <Tag color="blue">{e.category_name}</Tag>
        {e.level_name && <Tag>{e.level_name}</Tag>}
        <Typography.Paragraph className="experiment-card-intro" ellipsis={{ rows: 3, tooltip: e.intro }}>
          {e.intro}
        </Typography.Paragraph>
      </div>
    </article>
  );
}

/** One project: everything the card shortens, and how to take part. */
function ExperimentDialog({ e, onClose }: { e: Experiment | null; onClose: () => void }) {
  const user = useUserInfo();
  const navigate = useNavigate();
  const student = user !== null && landingArea(user.role) === 'student';
  const join = () => navigate(student ? STUDENT_HOME : loginPath(STUDENT_HOME));
  return (
    <Modal
      open={e !== null}
      title={e?.name}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="join" type="primary" onClick={join}>
          {student ? '进入学生中心参加实训' : user ? '用学生账号登录后参加' : '登录后参加实训'}
        </Button>,
      ]}
    >
      {e && (
        <div className="experiment-detail">
          {e.cover && (
            <img className="experiment-detail-cover" src={e.cover} alt="" width={600} height={300} />
          )}
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'category', label: '分类', children: e.category_name },
              ...(e.level_name ? [{ key: 'level', label: '难度', children: e.level_name }] : []),
              { key: 'created', label: '发布时间', children: formatDate(e.created_at) },
            ]}
          />
          <Typography.Paragraph className="experiment-detail-intro">{e.intro}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            实训以小组进行：学生分角色在流程的各个环节编辑、签署单据，投票和汇报，由指导老师指导和评价。
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}

const isCategory = (v: string | null): v is ProjectCategory =>
  v !== null && (PROJECT_CATEGORY_LIST as string[]).includes(v);

/** `/searchExperiment`: the company's public training projects by keyword and category, paged. */
export function SearchExperimentPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const keyword = textFromQuery(params, 'keyword', KEYWORD_MAX);
  const raw = params.get('category');
  const category: ProjectCategory | '' = isCategory(raw) ? raw : '';
  const { page, page_size } = pageFromQuery(params);
  const list = useExperiments({ keyword, category, page, page_size });
  const [open, setOpen] = useState<Experiment | null>(null);
  const data = list.data;
  const go = (next: {
    keyword?: string;
    category?: ProjectCategory | '';
    page?: number;
    page_size?: number;
  }) => navigate(searchHref(PATH, { keyword, category, page, page_size, ...next }));

  return (
    <FinderPage
      title="实训项目"
      description="查找公开的业务流程实训项目：采购、销售、财务、招投标等仿真实训。"
      intro="以真实业务流程为蓝本的仿真实训：分角色协作，完成从申请、审批到归档的全过程。"
    >
      <SearchBar
        className="finder-search"
        size="large"
        value={keyword}
        label="关键字"
        placeholder="输入项目名称或简介中的关键字"
        maxLength={KEYWORD_MAX}
        button="搜索"
        onSearch={(value) => go({ keyword: value, page: 1 })}
      />
      <fieldset className="finder-categories">
        <legend className="sr-only">项目分类</legend>
        <Tag.CheckableTag checked={category === ''} onChange={() => go({ category: '', page: 1 })}>
          全部
        </Tag.CheckableTag>
        {PROJECT_CATEGORY_LIST.map((c) => (
          <Tag.CheckableTag key={c} checked={category === c} onChange={() => go({ category: c, page: 1 })}>
            {PROJECT_CATEGORIES[c]}
          </Tag.CheckableTag>
        ))}
      </fieldset>

      {list.isPending ? (
        <div className="finder-grid">
          {[0, 1, 2].map((i) => (
            <div key={i} className="shop-panel">
              <Skeleton.Image active style={{ width: '100%', height: 160 }} />
              <Skeleton active paragraph={{ rows: 2 }} />
            </div>
          ))}
        </div>
      ) : data && data.results.length > 0 ? (
        <FinderGrid query={list}>
          {data.results.map((e) => (
            <ExperimentCard key={e.id} e={e} onOpen={setOpen} />
          ))}
        </FinderGrid>
      ) : (
        <div className="shop-panel">
          <QueryEmpty
            query={list}
            description={keyword || category ? '没有找到符合条件的实训项目' : '暂无公开的实训项目'}
          />
        </div>
      )}

      <FinderPaging
        total={data?.paging.count}
        page={page}
        pageSize={page_size}
        totalText={(t) => `共 ${t} 个项目`}
        onChange={go}
      />
      <ExperimentDialog e={open} onClose={() => setOpen(null)} />
    </FinderPage>
  );
}
