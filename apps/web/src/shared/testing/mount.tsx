import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

// React warns unless a test says it renders inside act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: { host: HTMLElement; root: Root }[] = [];

/**
 * Unmounts and removes what the test mounted: after every test of every file (testing/setup.ts,
 * the web project's setup file — a hook registered here, at import, would hold only in the first
 * file a worker runs, since the files share modules: vite.config.ts `isolate: false`).
 */
export function unmountAll() {
  for (const { host, root } of mounted.splice(0)) {
    act(() => root.unmount());
    host.remove();
  }
}

/**
 * Renders `node` into an element of its own in the document, for web unit tests; it is unmounted
 * and removed after the test. `rerender` renders the same root again with new props.
 */
export function mount(node: ReactNode) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(node));
  mounted.push({ host, root });
  return Object.assign(host, { rerender: (next: ReactNode) => act(() => root.render(next)) });
}
