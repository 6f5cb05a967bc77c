/** To the top of the page: the app's page container (it may be the element that scrolls) and the window. */
export function scrollPageTop(): void {
  document.querySelector('.page')?.scrollTo?.({ top: 0 });
  window.scrollTo?.({ top: 0 });
}
