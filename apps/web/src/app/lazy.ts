import { LAZY_LOAD_TIMEOUT_MS } from '@portal/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export class LazyLoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`页面加载超时（${Math.round(ms / 1000)} 秒）`);
    this.name = 'LazyLoadTimeoutError';
  }
}

/** Wraps a dynamic import so a load that takes longer than `ms` rejects instead of hanging. */
export function withTimeout<T>(load: () => Promise<T>, ms: number = LAZY_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new LazyLoadTimeoutError(ms)), ms);
      load().then(
        (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e);
        },
      );
    });
}

// biome-ignore lint/suspicious/noExplicitAny: a page accepts whatever props its route gives it
type AnyComponent = ComponentType<any>;

/** A lazily loaded screen. React caches a failed load, so a retry builds a fresh lazy component. */
export interface LazyPage {
  Component: LazyExoticComponent<AnyComponent>;
  reset(): void;
  /** Starts loading now (before the page renders), so its chunk can arrive together with others. */
  preload(): void;
}

/** `lazyPage(() => import('./X.tsx'), 'X')`: one chunk per page, loaded with the time-out. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage {
  let pending: Promise<{ default: AnyComponent }> | null = null;
  const start = () => {
    pending ??= withTimeout(() => load().then((m) => ({ default: m[name] as unknown as AnyComponent })))();
    return pending;
  };
  const page: LazyPage = {
    Component: lazy(start),
    reset() {
      pending = null;
      page.Component = lazy(start);
    },
    preload() {
      // A failure is left to the render, which shows it with 重试.
      start().catch(() => {});
    },
  };
  return page;
}
