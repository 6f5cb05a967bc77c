import { useEffect } from 'react';

function setDescription(content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Sets the document title and the meta description of a page. The root layout also writes the
 * title from the route table after a navigation, and a parent's effect runs after its child's, so
 * the page's own text is written once more right after this commit's effects.
 */
export function useDocumentHead(title: string, description: string): void {
  useEffect(() => {
    let live = true;
    const apply = () => {
      if (!live) return;
      document.title = title;
      setDescription(description);
    };
    apply();
    queueMicrotask(apply);
    return () => {
      live = false;
    };
  }, [title, description]);
}
