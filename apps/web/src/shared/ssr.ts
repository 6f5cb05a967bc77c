import { createContext, useContext } from 'react';

/**
 * Server-side rendering of public pages (docs/adr/0009-server-rendered-public-pages.md). The server
 * renders the same React tree with this context set; in the browser it is absent.
 */
export interface SsrRequestContext {
  /** The host name the visitor asked for (the tenant key comes from it). */
  hostname: string;
  /** What the page wants in <head>: written during the render, read by the server afterwards. */
  head: { title?: string; description?: string; lang?: string };
}

export const SsrContext = createContext<SsrRequestContext | null>(null);

/** The host name of the page: the request's on the server, the window's in the browser. */
export function useHostname(): string {
  const ssr = useContext(SsrContext);
  return ssr ? ssr.hostname : window.location.hostname;
}

/** On the server: records the page's title and description for the <head> the server writes. */
export function useServerHead(title: string, description: string): void {
  const ssr = useContext(SsrContext);
  if (ssr) {
    ssr.head.title = title;
    ssr.head.description = description;
  }
}

/** On the server: the page's language for `<html lang>` (a page in another language than zh-CN). */
export function useServerLang(lang: string | undefined): void {
  const ssr = useContext(SsrContext);
  if (ssr && lang) ssr.head.lang = lang;
}
