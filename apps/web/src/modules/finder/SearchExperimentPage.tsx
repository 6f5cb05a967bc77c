import {
  EXPERIMENT_KEYWORD_MAX,
  type Experiment,
  PROJECT_CATEGORIES,
  PROJECT_CATEGORY_LIST,
  type ProjectCategory,
} from '@portal/contract';
import { Skeleton, Tag, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { pageFromQuery, searchHref, textFromQuery } from '#web/shared/searchQuery.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { SearchBar } from '#web/shared/ui/SearchBar.tsx';
import { FinderGrid, FinderPage, FinderPaging } from './FinderParts.tsx';
import { useExperiments } from './useFinder.ts';
import './finder.css';

const PATH = '/searchExperiment';

function ExperimentCard({ e }: { e: Experiment }) {
  return (
    <article className="experiment-card shop-panel" aria-label={e.name}>
      {e.cover ? (
        <img className="experiment-cover" src={e.cover} alt="" loading="lazy" width={600} height={300} />
      ) : (
        <div className="experiment-cover" aria-hidden />
      )}
      <div className="experiment-card-body">
        <h2 className="experiment-card-name">{e.name}</h2>
        <Tag color="blue">{e.category_name}</Tag>
        {e.level_name && <Tag>{e.level_name}</Tag>}
        <Typography.Paragraph className="experiment-card-intro" ellipsis={{ rows: 3, tooltip: e.intro }}>
          {e.intro}
        </Typography.Paragraph>
      </div>
    </article>
  );
}

const isCategory = (v: string | null): v is ProjectCategory =>
  v !== null && (PROJECT_CATEGORY_LIST as string[]).includes(v);

/** `/searchExperiment`: the company's public training projects by keyword and category, paged. */
export function SearchExperimentPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const keyword = textFromQuery(params, 'keyword', EXPERIMENT_KEYWORD_MAX);
  const raw = params.get('category');
  const category: ProjectCategory | '' = isCategory(raw) ? raw : '';
  const { page, page_size } = pageFromQuery(params);
  const list = useExperiments({ keyword, category, page, page_size });
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
        maxLength={EXPERIMENT_KEYWORD_MAX}
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
            <ExperimentCard key={e.id} e={e} />
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
    </FinderPage>
  );
}
