import { Button } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';

/**
 * A list row's action that opens another screen (编辑 on a form page, 查看): a link — opened in a
 * new tab with Ctrl or the middle button — drawn as the row's other link buttons (and as a button
 * on a phone's card), moving within the app without reloading it.
 */
export function LinkButton({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  const navigate = useNavigate();
  const go = (e: MouseEvent<HTMLElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <Button type="link" size="small" href={to} onClick={go} aria-label={label}>
      {children}
    </Button>
  );
}
