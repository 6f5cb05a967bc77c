import { CloseCircleFilled } from '@ant-design/icons';
import { Component, type ErrorInfo, type ReactNode, Suspense, useState } from 'react';
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
        <CloseCircleFilled className="load-error-icon" />
        <div className="load-error-title">{timedOut ? '页面加载超时' : '页面加载失败'}</div>
        <div className="load-error-sub">请检查网络连接后重试。</div>
        <button type="button" className="load-error-retry" onClick={this.props.onRetry}>
          重试
        </button>
      </div>
    );
  }
}

// biome-ignore lint/suspicious/noExplicitAny: props pass through to the lazily loaded page
export function LazyView({ page, ...props }: { page: LazyPage } & Record<string, any>) {
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
      </Suspense>
    </LoadBoundary>
  );
}
