import './rich-text.css';

/**
 * A stored rich text shown as it is (the goods' 商品详情, a news article's 正文; ADR 0030): the
 * server sanitised it on every write (`platform/richText.ts`: an allow-list of elements, links and
 * pictures), so it is set as HTML — on a server-rendered page too. Headings, lists, quotes and
 * pictures are styled to fit a phone (pictures at most the column's width).
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={`rich-text${className ? ` ${className}` : ''}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list on every write (ADR 0030)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
