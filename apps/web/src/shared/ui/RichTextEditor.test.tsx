import { Form } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '#web/shared/testing/matchMedia.ts';
import { RichText } from './RichText.tsx';
import RichTextEditorCore from './RichTextEditorCore.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
stubMatchMedia();
// jsdom lays nothing out: ProseMirror measures the caret's range when it scrolls it into view.
Range.prototype.getClientRects ??= () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
let host: HTMLDivElement;
let root: Root;
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function render(node: React.ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root.render(node));
  return host;
}

/** The editor as a form's field: the Form.Item's label and id, its value from the form. */
function Field({ value, onChange }: { value: string; onChange?: (html: string) => void }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} name="t" initialValues={{ body: value }} onValuesChange={(v) => onChange?.(v.body)}>
      <Form.Item label="正文" name="body">
        <RichTextEditorCore label="正文" max={100} />
      </Form.Item>
    </Form>
  );
}

describe('RichTextEditor', () => {
  it('is a named textbox with the form item id, shows its value and a toolbar of Chinese names', async () => {
    const el = render(<Field value="<p>第一段<strong>粗</strong></p>" />);
    await act(async () => {});
    const box = el.querySelector('[role="textbox"]') as HTMLElement;
    expect(box.getAttribute('aria-label')).toBe('正文');
    expect(box.id).toBe('t_body');
    expect(el.querySelector('label[for="t_body"]')).not.toBeNull();
    expect(box.innerHTML).toContain('<strong>粗</strong>');
    const names = [...el.querySelectorAll('[role="toolbar"] button')].map((b) =>
      b.getAttribute('aria-label'),
    );
    expect(names).toEqual([
      '粗体（Ctrl+B）',
      '斜体（Ctrl+I）',
      '下划线（Ctrl+U）',
      '删除线',
      'H2 二级标题',
      'H3 三级标题',
      'H4 四级标题',
      '无序列表',
      '有序列表',
      '引用',
      '插入链接',
      '取消链接',
      '插入图片',
      '撤销（Ctrl+Z）',
      '重做（Ctrl+Shift+Z）',
    ]);
    expect(el.querySelector('[role="toolbar"]')?.getAttribute('aria-label')).toBe('正文格式');
    // One Tab stop in the toolbar; the arrow keys move along it.
    const tabbable = () =>
      [...el.querySelectorAll<HTMLButtonElement>('[role="toolbar"] button')].filter((b) => b.tabIndex === 0);
    expect(tabbable().map((b) => b.getAttribute('aria-label'))).toEqual(['粗体（Ctrl+B）']);
    const first = tabbable()[0] as HTMLButtonElement;
    act(() => first.focus());
    act(() => {
      first.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('斜体（Ctrl+I）');
    expect(tabbable().map((b) => b.getAttribute('aria-label'))).toEqual(['斜体（Ctrl+I）']);
    act(() => {
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('插入图片');
    // The count is of the stored HTML.
    expect(el.textContent).toContain('28 / 100（含格式）');
  });

  it('sends the HTML a toolbar button makes', async () => {
    const changed = vi.fn();
    const el = render(<Field value="<p>一句话</p>" onChange={changed} />);
    await act(async () => {});
    const bold = el.querySelector('button[aria-label="粗体（Ctrl+B）"]') as HTMLButtonElement;
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    const h2 = el.querySelector('button[aria-label="H2 二级标题"]') as HTMLButtonElement;
    await act(async () => h2.click());
    expect(changed).toHaveBeenLastCalledWith('<h2>一句话</h2>');
    await vi.waitFor(() =>
      expect(el.querySelector('button[aria-label="H2 二级标题"]')?.getAttribute('aria-pressed')).toBe('true'),
    );
  });
});

describe('RichText', () => {
  it('shows a stored rich text as its HTML', () => {
    const el = render(<RichText html="<h2>产地</h2><p>杭州</p>" className="detail-description" />);
    expect(el.querySelector('.rich-text.detail-description h2')?.textContent).toBe('产地');
  });
});
