import { ShoppingCartOutlined } from '@ant-design/icons';
import { hasAction, ORDER_SIGNALS, type OrderSignal } from '@portal/contract';
import { orderCalls } from '@portal/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { inboxKeys } from '#web/modules/inbox/index.ts';
import { api } from '#web/shared/api/client.ts';
import { usePermission } from '#web/shared/usePermission.ts';
import { orderAdminKeys } from './useOrderAdmin.ts';

/** Where the back office lists orders. */
const ORDER_LIST = '/crm/order_manager';

/**
 * The back office's 新订单 signal (issue 35): while a page of /crm is open, the server's order
 * stream (`/order/manage/stream`, Server-Sent Events of the caller's company) says when an order
 * comes in or a transfer receipt is uploaded — without a reload. The order lists and the bell's
 * count are asked again, a badge counts the new orders until it is opened, and a polite live
 * region reads the news to a screen reader. Only for those who may view orders (the stream
 * refuses others); the browser connects again by itself after a drop or the stream's end.
 */
export function NewOrderSignal() {
  const { perm } = usePermission();
  // Not before the permissions are known (null would allow everything).
  const may = perm !== null && hasAction(perm, 'order', 'view_order');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [fresh, setFresh] = useState(0);
  const [news, setNews] = useState('');

  useEffect(() => {
    if (!may || typeof EventSource === 'undefined') return;
    const source = new EventSource(api.href(orderCalls.manageStream, {}));
    source.onmessage = (event) => {
      let signal: OrderSignal;
      try {
        signal = JSON.parse(String(event.data)) as OrderSignal;
      } catch {
        return;
      }
      void queryClient.invalidateQueries({ queryKey: orderAdminKeys.all });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
      if (signal.kind === 'created') setFresh((n) => n + 1);
      setNews(`${ORDER_SIGNALS[signal.kind] ?? '订单提醒'}：${signal.order_no}`);
    };
    return () => source.close();
  }, [may, queryClient]);

  if (!may) return null;
  const label = fresh > 0 ? `新订单 ${fresh} 个，查看订单列表` : '订单列表';
  return (
    <>
      {fresh > 0 && (
        <Tooltip title={news}>
          <Button
            type="text"
            className="shell-bell"
            aria-label={label}
            data-testid="new-order-signal"
            onClick={() => {
              setFresh(0);
              navigate(ORDER_LIST);
            }}
          >
            {/* The word before the count: the name (新订单 N 个…) holds the visible text in order. */}
            <span className="shell-wide">新订单 </span>
            <Badge count={fresh} size="small" overflowCount={99}>
              <ShoppingCartOutlined aria-hidden style={{ fontSize: 18 }} />
            </Badge>
          </Button>
        </Tooltip>
      )}
      <span className="sr-only" role="status" aria-live="polite" data-testid="order-signal-news">
        {news}
      </span>
    </>
  );
}
