import { guestCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Statistic } from 'antd';
import { api } from '#web/shared/api/client.ts';
import { formatMinute } from '#web/shared/format.ts';

/**
 * 新访客 on the 商城管理 home (ADR 0027): the visitors whose first visit to the company's public
 * pages was today and in the last 7 days, and the latest few (page, where from, browser, masked IP).
 */
export function GuestHomeBlock() {
  const q = useQuery({ queryKey: ['guest', 'recent'], queryFn: () => api.call(guestCalls.recent, {}) });
  return (
    <Card className="area-home-panel">
      <section aria-labelledby="guest-home-heading">
        <h2 id="guest-home-heading" className="area-home-heading">
          新访客
        </h2>
        {q.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : q.isError || !q.data ? (
          <p role="alert">访客数据加载失败，请稍后刷新。</p>
        ) : (
          <>
            <div className="crm-dash-stats">
              <Statistic title="今日新访客" value={q.data.today} suffix="人" />
              <Statistic title="近7天新访客" value={q.data.week} suffix="人" />
            </div>
            {q.data.latest.length === 0 ? (
              <p>还没有访客。</p>
            ) : (
              <ul className="home-block-list" aria-label="最近的新访客">
                {q.data.latest.map((v) => (
                  <li key={v.id}>
                    <span>{formatMinute(v.create_time)}</span>
                    <span className="home-block-meta">
                      访问 {v.path || '/'}
                      {v.referrer ? `，来自 ${v.referrer}` : ''}，{v.agent}，IP {v.ip}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </Card>
  );
}
