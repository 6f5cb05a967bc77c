import { CloseCircleFilled } from '@ant-design/icons';
import { Component, type ErrorInfo, type ReactNode, Suspense, useEffect, useState } from 'react';
import { LazyLoadTimeoutError, type LazyPage } from '#web/app/lazy.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** A page that failed to load (or render) shows an error result with a retry button. */
class LoadBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('page failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const timedOut = error instanceof LazyLoadTimeoutError;
    // Looks like antd's Result (status error) with a primary button, without them: not in the entry.
    return (
      <div className="load-error">
        <CloseCircleFilled aria-hidden className="load-error-icon" />
        <div className="load-error-title">{timedOut ? '页面加载超时' : '页面加载失败'}</div>
        <div className="load-error-sub">请检查网络连接后重试。</div>
        <button type="button" className="load-error-retry" onClick={this.props.onRetry}>
          重试
        </button>
      </div>
    );
  }
}

/**
 * Marks the document once a page is on screen and running: `<html data-ready>`. A page the server
 * rendered is visible before its scripts run, and takes input only from then on (tests wait for it).
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}

/** A lazily loaded page (or, with `frame`, the frame around pages: it does not mark the page ready). */
export function LazyView({
  page,
  frame = false,
  ...props
  // biome-ignore lint/suspicious/noExplicitAny: props pass through to the lazily loaded page
}: { page: LazyPage; frame?: boolean } & Record<string, any>) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    page.reset();
    setAttempt((n) => n + 1);
  };
  const Page = page.Component;
  return (
    <LoadBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<PageSpin />}>
        <Page {...props} />
        {frame ? null : <PageReady />}
      </Suspense>
    </LoadBoundary>
  );
}
