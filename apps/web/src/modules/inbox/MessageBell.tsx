import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useInboxSummary } from './useInbox.ts';

/**
 * The top bar's bell (message-view): the caller's unread count, asked again on every route change,
 * on focus and every minute; it opens 我的消息 of the area. The count comes from the database, so
 * every server process answers the same.
 */
export function MessageBell({ areaPath }: { areaPath: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const summary = useInboxSummary(true);
  const { refetch } = summary;
  // Asked again when the route changes — not on the first render, which the query itself asks.
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    void refetch();
  }, [pathname, refetch]);
  const unread = summary.data?.unread ?? 0;
  const latest = summary.data?.latest[0];
  const label = unread > 0 ? `我的消息，${unread} 条未读` : '我的消息';
  return (
    <span className="shell-bell-wrap">
      <Tooltip title={latest ? `最新：${latest.title}` : label}>
        <Button
          type="text"
          aria-label={label}
          className="shell-bell"
          data-testid="message-bell"
          icon={<BellOutlined aria-hidden style={{ fontSize: 18 }} />}
          onClick={() => navigate(`${areaPath}/message-view`)}
        />
      </Tooltip>
      {/* The label says the count; the badge is for the eye, beside the button rather than in it:
          its digits roll while the count changes (and past 99 it shows 99+), and text inside the
          button that its name does not hold fails WCAG 2.5.3 (axe label-content-name-mismatch). */}
      {unread > 0 && (
        <span aria-hidden className="shell-bell-count">
          <Badge count={unread} size="small" overflowCount={99} />
        </span>
      )}
    </span>
  );
}
