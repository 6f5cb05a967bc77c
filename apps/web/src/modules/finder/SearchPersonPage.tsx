import { PERSON_NAME_MAX, type Person } from '@portal/contract';
import { Avatar, Empty, Skeleton, Tag } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { pageFromQuery, searchHref, textFromQuery } from '#web/shared/searchQuery.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { SearchBar } from '#web/shared/ui/SearchBar.tsx';
import { FinderGrid, FinderPage, FinderPaging } from './FinderParts.tsx';
import { usePeople } from './useFinder.ts';
import './finder.css';
import { PALETTE } from '#web/shared/ui/theme.ts';

const PATH = '/searchPerson';

function PersonCard({ p }: { p: Person }) {
  return (
    <article className="person-card shop-panel" aria-label={p.real_name}>
      <Avatar size={48} style={{ background: PALETTE.primary, flex: 'none' }} aria-hidden>
        {p.real_name.slice(0, 1)}
      </Avatar>
      <div className="person-card-body">
        <h2 className="person-card-name">
          {p.real_name} <Tag color="blue">{p.role_name}</Tag>
        </h2>
        <p className="person-card-line">职位：{p.position || '—'}</p>
        <p className="person-card-line">部门：{p.group || '—'}</p>
      </div>
    </article>
  );
}

/** `/searchPerson`: find a member of staff or an instructor by (part of) the name. */
export function SearchPersonPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const name = textFromQuery(params, 'name', PERSON_NAME_MAX);
  const { page, page_size } = pageFromQuery(params);
  const people = usePeople({ name, page, page_size });
  const data = name ? people.data : undefined;
  const go = (next: { name?: string; page?: number; page_size?: number }) =>
    navigate(searchHref(PATH, { name, page, page_size, ...next }));

  return (
    <FinderPage
      title="查找人员"
      description="按姓名查找本单位的工作人员和指导老师，查看其职位与所在部门。"
      intro="输入姓名或其中几个字，查找本单位的工作人员和指导老师。"
    >
      <SearchBar
        className="finder-search"
        size="large"
        value={name}
        label="姓名"
        placeholder="输入姓名，如：陈、思远"
        maxLength={PERSON_NAME_MAX}
        button="查找"
        onSearch={(value) => go({ name: value, page: 1 })}
      />

      {!name ? (
        <div className="shop-panel">
          <Empty description="输入姓名开始查找" />
        </div>
      ) : people.isPending ? (
        <div className="finder-grid">
          {[0, 1, 2].map((i) => (
            <div key={i} className="shop-panel">
              <Skeleton active avatar paragraph={{ rows: 2 }} />
            </div>
          ))}
        </div>
      ) : data && data.results.length > 0 ? (
        <>
          <p className="app-release-meta" style={{ textAlign: 'left' }} aria-live="polite">
            找到 {data.paging.count} 位与“{name}”相关的人员
          </p>
          <FinderGrid query={people}>
            {data.results.map((p) => (
              <PersonCard key={p.id} p={p} />
            ))}
          </FinderGrid>
        </>
      ) : (
        <div className="shop-panel">
          <QueryEmpty query={people} description={`没有找到姓名包含“${name}”的人员`} />
        </div>
      )}

      <FinderPaging
        total={data?.paging.count}
        page={page}
        pageSize={page_size}
        totalText={(t) => `共 ${t} 人`}
        onChange={go}
      />
    </FinderPage>
  );
}
