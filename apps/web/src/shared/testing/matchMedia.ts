/**
 * jsdom has no matchMedia, which antd asks for the screen's width (its pager, its form grid): a
 * stand-in that matches nothing (a wide screen's answers), for web unit tests that render antd.
 */
export function stubMatchMedia() {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }) as unknown as MediaQueryList;
}
