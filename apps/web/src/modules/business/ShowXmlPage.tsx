import './business-run.css';
import './watch.css';
import { Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useWatchedPath } from './useWatch.ts';

const RunDiagram = lazy(() => import('./RunDiagram.tsx'));

const positive = (v: string | null | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/**
 * `/showXML/{business_id}` (design/training.md "Moving on"): a business's run on its diagram alone,
 * read-only — visited nodes blue, current red, a waiting merge orange — for its members and those
 * who may open it, and for anyone while a current node may be watched (the company named by
 * `company_id`, as the watch page's links carry it).
 */
export function ShowXmlPage() {
  const businessId = positive(useParams().business_id);
  const [search] = useSearchParams();
  const companyId = positive(search.get('company_id')) || undefined;
  const path = useWatchedPath(companyId, businessId, businessId > 0);
  const title = path.data?.project_name ? `业务流程图 · ${path.data.project_name}` : '业务流程图';
  return (
    <ShopLayout title={title} description="实训业务在流程图上的进度，只能查看。">
      <section className="shop-section" aria-labelledby="show-xml-title">
        <div className="shop-section-head">
          <h1 id="show-xml-title">{title}</h1>
          <Link to="/observables">业务观摩</Link>
        </div>
        <div className="shop-panel">
          <Typography.Paragraph type="secondary">
            蓝色为已经完成的环节，红色为当前环节，橙色为在汇合处等待的分支。
          </Typography.Paragraph>
          {path.data ? (
            <Suspense fallback={<PageSpin />}>
              <RunDiagram path={path.data} title={path.data.project_name ?? '本次业务'} />
            </Suspense>
          ) : path.isPending && businessId > 0 ? (
            <PageSpin />
          ) : (
            <QueryEmpty
              query={path}
              description="这个业务的流程图不能查看：业务不存在、已结束且你不是成员，或当前环节不允许旁观"
            />
          )}
        </div>
      </section>
    </ShopLayout>
  );
}
