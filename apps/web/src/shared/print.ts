/** Elements with this class are left out of every printout. */
export const NO_PRINT_CLASS = 'no-print';

/** A deep copy of `el` without its `.no-print` descendants; the page itself is not touched. */
export function printableClone<T extends Element>(el: T): T {
  const clone = el.cloneNode(true) as T;
  for (const node of Array.from(clone.querySelectorAll(`.${NO_PRINT_CLASS}`))) node.remove();
  return clone;
}

/** Prints one section of the page through a hidden iframe that carries the page's styles. */
export function printElement(el: Element, title: string = document.title): void {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('aria-hidden', 'true');
  iframe.tabIndex = -1;
  Object.assign(iframe.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
  });
  document.body.appendChild(iframe);

  const win = iframe.contentWindow;
  const doc = iframe.contentDocument;
  if (!win || !doc) {
    iframe.remove();
    return;
  }
  doc.documentElement.lang = 'zh-CN';
  doc.title = title;
  for (const style of Array.from(document.querySelectorAll('style, link[rel="stylesheet"]'))) {
    doc.head.appendChild(doc.importNode(style, true));
  }
  doc.body.appendChild(doc.importNode(printableClone(el), true));

  const cleanup = () => setTimeout(() => iframe.remove(), 0);
  win.addEventListener('afterprint', cleanup, { once: true });
  // Let linked stylesheets and images settle before the print dialog opens.
  setTimeout(() => {
    win.focus();
    win.print();
  }, 300);
}
