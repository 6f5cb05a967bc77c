import { lazy, Suspense } from 'react';
import './rich-editor.css';

export interface RichTextEditorProps {
  /** The HTML ('' for none). */
  value?: string;
  onChange?: (html: string) => void;
  /** Given by Form.Item: the editable area takes it, so the item's label names the field. */
  id?: string;
  /** What the field is (商品详情): the editable area's and the toolbar's name. */
  label: string;
  disabled?: boolean;
  placeholder?: string;
  /** The stored HTML's limit, shown as a count under the editor (the server counts the same). */
  max?: number;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

const Core = lazy(() => import('./RichTextEditorCore.tsx'));

/**
 * The rich text field of every form (the goods' 商品详情, a news article's 正文; ADR 0030) — use it
 * as a form control:
 *
 *   <Form.Item label="正文" name="body"><RichTextEditor label="正文" max={20_000} /></Form.Item>
 *
 * A toolbar of Chinese-named buttons (粗体, 标题, 列表, 引用, 链接, 图片 from the file store or an
 * https address with its 图片说明, 撤销) over a TipTap editor; the keyboard works throughout (Tab
 * reaches the toolbar and the text, Ctrl+B/I/U). It holds HTML; the server keeps only its
 * allow-list (`platform/richText.ts`). The editor is its own chunk, loaded when a form shows it, so
 * no public page carries it.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="rich-editor rich-editor--loading" role="status">
          正在加载编辑器…
        </div>
      }
    >
      <Core {...props} />
    </Suspense>
  );
}
