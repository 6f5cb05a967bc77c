import href from 'antd/dist/antd.css?url';

let loading: Promise<boolean> | undefined;

/**
 * antd's prebuilt stylesheet (every component, its rules on antd's CSS variables; ADR 0040), put
 * before the app's own styles, which override it. Building a component's styles as it first
 * renders was a third of a back-office page's script time; the file is fetched once and cached.
 * Resolves once the rules apply, or `false` if the file could not be loaded: the app then builds
 * its styles as before (AppProviders' `zeroRuntime`).
 */
export function loadAntdStylesheet(): Promise<boolean> {
  loading ??= new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.antd = '';
    link.onload = () => resolve(true);
    link.onerror = () => {
      link.remove();
      resolve(false);
    };
    document.head.insertBefore(link, document.head.querySelector('link[rel="stylesheet"], style'));
  });
  return loading;
}
