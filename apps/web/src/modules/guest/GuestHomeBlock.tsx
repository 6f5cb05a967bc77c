import { guestCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { Statistic } from 'antd';
import { api } from '#web/shared/api/client.ts';
import { formatMinute } from '#web/shared/format.ts';
import { HomeBlock } from '#web/shared/ui/HomeBlock.tsx';

/**
 * 新访客 on the 商城管理 home (ADR 0027): the visitors whose first visit to the company's public
 * pages was today and in the last 7 days, and the latest few (page, where from, browser, masked IP).
 */
export function GuestHomeBlock() {
  const q = useQuery({ queryKey: ['guest', 'recent'], queryFn: () => api.call(guestCalls.recent, {}) });
  return (
    <HomeBlock id="guest-home" title="新访客" query={q}>
      {(d) => (
        <>
          <div className="crm-dash-stats">
            <Statistic title="今日新访客" value={d.today} suffix="人" />
            <Statistic title="近7天新访客" value={d.week} suffix="人" />
          </div>
          {d.latest.length === 0 ? (
            <p>还没有访客。</p>
          ) : (
            <ul className="home-block-list" aria-label="最近的新访客">
              {d.latest.map((v) => (
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
    </HomeBlock>
  );
}
