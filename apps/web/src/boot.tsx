import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, connectApp } from './app/App.tsx';
import { createAppRouter, preloadFirstScreen } from './app/router.tsx';
import { queryClient } from './shared/queryClient.ts';
import { SSR_DATA_ID } from './shared/ssrData.ts';
import { setCompanyTimeZone } from './shared/timeZone.ts';
import { loadAntdStylesheet } from './shared/ui/antdStylesheet.ts';
import { companyQuery } from './shared/useCompany.ts';
import './app/global.css';

/** Lets the browser handle input and paint before the next step (each step is a task of its own). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app; the entry (main.tsx) imports this module. Loading the modules, building the
 * router, asking for the first screen's chunks and rendering are separate tasks, and the render runs in a transition, so React yields to
 * the browser every few milliseconds instead of holding the main thread for the whole first render.
 */
async function start(root: HTMLElement) {
  const ssrData = document.getElementById(SSR_DATA_ID);
  await nextTask();
  const router = createAppRouter();
  connectApp(router);
  await nextTask();
  preloadFirstScreen(router, ssrData !== null);
  await nextTask();
  // A page rendered here waits for antd's stylesheet (asked for by main.tsx) rather than showing
  // its components unstyled; without it the components build their styles as they render.
  const zeroRuntime = ssrData === null && (await loadAntdStylesheet());
  const app = (
    <StrictMode>
      <App router={router} zeroRuntime={zeroRuntime} />
    </StrictMode>
  );
  if (ssrData) {
    // The server rendered this page (docs/adr/0009): take over its markup with the data it fetched.
    hydrate(queryClient, JSON.parse(ssrData.textContent ?? '{}'));
    // Its dates were written on the site's company's clock: the same before hydrating.
    setCompanyTimeZone(queryClient.getQueryData(companyQuery(window.location.hostname).queryKey)?.time_zone);
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    startTransition(() => {
      createRoot(root).render(app);
    });
  }
}

const root = document.getElementById('root');
if (root) void start(root);
