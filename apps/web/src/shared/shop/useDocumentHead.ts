import { useEffect } from 'react';
import { useServerHead } from '#web/shared/ssr.ts';

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
 * Sets the document title and the meta description of a page. A page that always does so is marked
 * `ownTitle` in the route table, so the root layout leaves the title to it.
 */
export function useDocumentHead(title: string, description: string): void {
  useServerHead(title, description);
  useEffect(() => {
    document.title = title;
    setDescription(description);
  }, [title, description]);
}
