import { SSR_DATA_ID } from './shared/ssrData.ts';
import { loadAntdStylesheet } from './shared/ui/antdStylesheet.ts';

/**
 * The entry: small, so the browser can show a server-rendered page before any of the app runs.
 * Such a page is painted first and the app is fetched and started after that frame (it then
 * hydrates the page; the server leaves the app's modulepreload links out of such a page). Otherwise
 * the app starts at once, its files already on the way (modulepreload links the build adds to
 * index.html, build/preload-boot.ts).
 */
const boot = async () => {
  // React first, the rest of the app in a later task: each module evaluation is one main-thread task.
  await import('react-dom/client');
  await new Promise((resolve) => setTimeout(resolve, 0));
  await import('./boot.tsx');
};
if (document.getElementById(SSR_DATA_ID)) requestAnimationFrame(() => setTimeout(boot, 0));
else {
  // A page the browser renders styles antd's components from its stylesheet: asked for now, beside
  // the app's files (a server-rendered page carries the styles it uses and builds any others).
  void loadAntdStylesheet();
  void boot();
}
