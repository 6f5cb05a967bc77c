import {
  BoldOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { FILE_ACCEPT, RICH_TEXT_ALT_MAX } from '@portal/contract/constants';
import Image from '@tiptap/extension-image';
import { type ChainedCommands, type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Form, Input, Progress, Tooltip } from 'antd';
import { Fragment, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FormModal } from './FormModal.tsx';
import type { RichTextEditorProps } from './RichTextEditor.tsx';
import { useFileUpload } from './useFileUpload.ts';

/** A link the server keeps (platform/richText.ts): a path of this site, http(s) or mailto. */
const isLink = (href: string) =>
  (/^\/(?!\/)/.test(href) && !href.includes('\\')) ||
  /^https?:\/\/[^\s]+$/i.test(href) ||
  /^mailto:[^\s@]+@[^\s@]+$/i.test(href);

/** A picture the server keeps: one of the file store (`/api/file/image?key=`) or an https address. */
const isPicture = (src: string) =>
  /^\/api\/file\/image\?key=[0-9a-f]{32}\.\w+$/.test(src) || /^https:\/\/[^\s]+$/i.test(src);

/** The toggles of the toolbar, in groups: each says whether it is on where the caret is and toggles it. */
const FORMATS: {
  label: string;
  icon?: ReactNode;
  text?: string;
  on: (e: Editor) => boolean;
  toggle: (c: ChainedCommands) => ChainedCommands;
}[][] = [
  [
    {
      label: '粗体（Ctrl+B）',
      icon: <BoldOutlined aria-hidden />,
      on: (e) => e.isActive('bold'),
      toggle: (c) => c.toggleBold(),
    },
    {
      label: '斜体（Ctrl+I）',
      icon: <ItalicOutlined aria-hidden />,
      on: (e) => e.isActive('italic'),
      toggle: (c) => c.toggleItalic(),
    },
    {
      label: '下划线（Ctrl+U）',
      icon: <UnderlineOutlined aria-hidden />,
      on: (e) => e.isActive('underline'),
      toggle: (c) => c.toggleUnderline(),
    },
    {
      label: '删除线',
      icon: <StrikethroughOutlined aria-hidden />,
      on: (e) => e.isActive('strike'),
      toggle: (c) => c.toggleStrike(),
    },
  ],
  ([2, 3, 4] as const).map((level) => ({
    label: `H${level} ${['', '', '二', '三', '四'][level]}级标题`,
    text: `H${level}`,
    on: (e: Editor) => e.isActive('heading', { level }),
    toggle: (c: ChainedCommands) => c.toggleHeading({ level }),
  })),
  [
    {
      label: '无序列表',
      icon: <UnorderedListOutlined aria-hidden />,
      on: (e) => e.isActive('bulletList'),
      toggle: (c) => c.toggleBulletList(),
    },
    {
      label: '有序列表',
      icon: <OrderedListOutlined aria-hidden />,
      on: (e) => e.isActive('orderedList'),
      toggle: (c) => c.toggleOrderedList(),
    },
    { label: '引用', text: '“ ”', on: (e) => e.isActive('blockquote'), toggle: (c) => c.toggleBlockquote() },
  ],
];

/** One toolbar button: its Chinese name is its label (and its tooltip); a toggle says whether it is on. */
function Tool({
  label,
  icon,
  text,
  active,
  disabled,
  onClick,
}: {
  label: string;
  icon?: ReactNode;
  text?: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        // Keep the selection in the editor while the button is pressed.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {text}
      </Button>
    </Tooltip>
  );
}

interface LinkValues {
  href: string;
}
interface PictureValues {
  src: string;
  alt: string;
}

/** The TipTap editor behind `RichTextEditor` (loaded only when a form shows one). */
export default function RichTextEditorCore({
  value,
  onChange,
  id,
  label,
  disabled,
  placeholder,
  max,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: RichTextEditorProps) {
  // What the editor last sent: a value that differs came from outside (the form was reset or loaded).
  const sent = useRef(value ?? '');
  const isInvalid = invalid === true || invalid === 'true';
  // The editable area is the field: its name, Form.Item's id (the label's `for`), state and messages.
  const attributes = useRef<Record<string, string>>({});
  attributes.current = {
    class: 'rich-editor__content',
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    ...(id && { id }),
    ...(isInvalid && { 'aria-invalid': 'true' }),
    ...(describedBy && { 'aria-describedby': describedBy }),
    ...(placeholder && { 'aria-placeholder': placeholder }),
  };
  const shownAttributes = JSON.stringify(attributes.current);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        // No empty paragraph added after a closing heading or list: the stored HTML is what was typed.
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener nofollow', target: null },
          isAllowedUri: (url) => isLink(url),
        },
      }),
      Image,
    ],
    content: value ?? '',
    editable: !disabled,
    editorProps: { attributes: () => attributes.current },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      sent.current = html;
      onChange?.(html);
    },
  });

  useEffect(() => {
    if (!editor || (value ?? '') === sent.current) return;
    sent.current = value ?? '';
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);

  // The field's state and messages refresh the editable area's attributes (read by the function below).
  useEffect(() => {
    if (editor && !editor.isDestroyed && shownAttributes) editor.setOptions({});
  }, [editor, shownAttributes]);

  // A click on the field's label puts the caret in the editor (a label's `for` reaches no editable div).
  useEffect(() => {
    if (!editor || !id) return;
    const labelOf = [...document.getElementsByTagName('label')].find((l) => l.htmlFor === id);
    const focus = () => editor.commands.focus();
    labelOf?.addEventListener('click', focus);
    return () => labelOf?.removeEventListener('click', focus);
  }, [editor, id]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            formats: FORMATS.map((group) => group.map((f) => f.on(e))),
            link: e.isActive('link'),
            undo: e.can().undo(),
            redo: e.can().redo(),
          }
        : null,
  });

  // What the form holds is the editor's HTML (onUpdate): its length is the count, without
  // serialising the document again on every change of the selection.
  const length = (value ?? '').length;
  const [linkForm] = Form.useForm<LinkValues>();
  const [pictureForm] = Form.useForm<PictureValues>();
  const [dialog, setDialog] = useState<'link' | 'picture' | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const uploader = useFileUpload('image');
  const errorId = useId();
  const toolbar = useRef<HTMLDivElement>(null);

  // The toolbar is one Tab stop (WAI-ARIA toolbar): its current button — the last one focused, else
  // the first that can be pressed — and the arrow keys, Home and End move between its buttons.
  useEffect(() => {
    const buttons = [...(toolbar.current?.querySelectorAll('button') ?? [])];
    const enabled = buttons.filter((b) => !b.disabled);
    const current = enabled.find((b) => b.dataset.current === 'true') ?? enabled[0];
    for (const b of buttons) b.tabIndex = b === current ? 0 : -1;
  });

  if (!editor || !state) return <div className="rich-editor rich-editor--loading" />;
  const chain = () => editor.chain().focus();
  const off = disabled === true;

  return (
    <div
      className={`rich-editor${isInvalid ? ' rich-editor--invalid' : ''}${off ? ' rich-editor--disabled' : ''}`}
    >
      <div
        ref={toolbar}
        className="rich-editor__toolbar"
        role="toolbar"
        aria-label={`${label}格式`}
        aria-controls={id}
        onFocus={(e) => {
          if (!(e.target instanceof HTMLButtonElement)) return;
          for (const b of e.currentTarget.querySelectorAll('button')) {
            b.dataset.current = String(b === e.target);
            b.tabIndex = b === e.target ? 0 : -1;
          }
        }}
        onKeyDown={(e) => {
          const buttons = [...e.currentTarget.querySelectorAll('button')].filter((b) => !b.disabled);
          const at = buttons.indexOf(e.target as HTMLButtonElement);
          const to =
            e.key === 'ArrowRight'
              ? (at + 1) % buttons.length
              : e.key === 'ArrowLeft'
                ? (at - 1 + buttons.length) % buttons.length
                : e.key === 'Home'
                  ? 0
                  : e.key === 'End'
                    ? buttons.length - 1
                    : -1;
          if (to < 0 || at < 0) return;
          e.preventDefault();
          buttons[to]?.focus();
        }}
      >
        {FORMATS.map((group, g) => (
          <Fragment key={group[0]?.label}>
            {group.map((f, i) => (
              <Tool
                key={f.label}
                label={f.label}
                icon={f.icon}
                text={f.text}
                active={state.formats[g]?.[i] ?? false}
                disabled={off}
                onClick={() => f.toggle(chain()).run()}
              />
            ))}
            <span className="rich-editor__sep" aria-hidden />
          </Fragment>
        ))}
        <Tool
          label="插入链接"
          icon={<LinkOutlined aria-hidden />}
          active={state.link}
          disabled={off}
          onClick={() => {
            linkForm.setFieldsValue({
              href: (editor.getAttributes('link').href as string | undefined) ?? '',
            });
            setDialog('link');
          }}
        />
        <Tool
          label="取消链接"
          icon={<DisconnectOutlined aria-hidden />}
          disabled={off || !state.link}
          onClick={() => chain().extendMarkRange('link').unsetLink().run()}
        />
        <Tool
          label="插入图片"
          icon={<PictureOutlined aria-hidden />}
          disabled={off}
          onClick={() => {
            uploader.setError('');
            pictureForm.setFieldsValue({ src: '', alt: '' });
            setDialog('picture');
          }}
        />
        <span className="rich-editor__sep" aria-hidden />
        <Tool
          label="撤销（Ctrl+Z）"
          icon={<UndoOutlined aria-hidden />}
          disabled={off || !state.undo}
          onClick={() => chain().undo().run()}
        />
        <Tool
          label="重做（Ctrl+Shift+Z）"
          icon={<RedoOutlined aria-hidden />}
          disabled={off || !state.redo}
          onClick={() => chain().redo().run()}
        />
      </div>
      <EditorContent editor={editor} />
      {max !== undefined && (
        <div className={`rich-editor__count${length > max ? ' rich-editor__count--over' : ''}`}>
          {length} / {max}（含格式）
        </div>
      )}

      <FormModal<LinkValues>
        form={linkForm}
        name={`${id ?? 'rich'}-link`}
        label="插入链接"
        title="插入链接"
        open={dialog === 'link'}
        onCancel={() => setDialog(null)}
        okText="确定"
        ok={{ loading: false }}
        onFinish={({ href }) => {
          const h = href.trim();
          setDialog(null);
          if (editor.state.selection.empty && !editor.isActive('link'))
            chain()
              .insertContent({ type: 'text', text: h, marks: [{ type: 'link', attrs: { href: h } }] })
              .run();
          else chain().extendMarkRange('link').setLink({ href: h }).run();
        }}
      >
        <Form.Item
          label="链接地址"
          name="href"
          extra="本站路径（如 /product）、http(s):// 地址或 mailto: 邮箱"
          rules={[
            { required: true, whitespace: true, message: '请输入链接地址' },
            {
              validator: async (_, v: string) =>
                !v || isLink(v.trim())
                  ? undefined
                  : Promise.reject(new Error('链接须为本站路径、http(s) 地址或 mailto: 邮箱')),
            },
          ]}
        >
          <Input maxLength={500} placeholder="https://" />
        </Form.Item>
      </FormModal>

      <FormModal<PictureValues>
        form={pictureForm}
        name={`${id ?? 'rich'}-picture`}
        label="插入图片"
        title="插入图片"
        open={dialog === 'picture'}
        onCancel={() => setDialog(null)}
        okText="插入"
        ok={{ loading: uploader.busy }}
        onFinish={({ src, alt }) => {
          setDialog(null);
          chain().setImage({ src: src.trim(), alt: alt.trim() }).run();
        }}
      >
        <Form.Item
          label="图片地址"
          name="src"
          extra="上传到文件库后自动填入；也可填 https:// 图片地址"
          rules={[
            { required: true, whitespace: true, message: '请上传图片或填写图片地址' },
            {
              validator: async (_, v: string) =>
                !v || isPicture(v.trim())
                  ? undefined
                  : Promise.reject(new Error('图片须为文件库中的图片或 https:// 地址')),
            },
          ]}
        >
          <Input maxLength={500} placeholder="https://" />
        </Form.Item>
        <div className="rich-editor__upload">
          <Button
            icon={<UploadOutlined aria-hidden />}
            loading={uploader.busy}
            onClick={() => file.current?.click()}
            aria-describedby={errorId}
          >
            上传图片
          </Button>
          <input
            ref={file}
            type="file"
            accept={FILE_ACCEPT.image}
            // Opened by 上传图片; never shown (a form's own rule shows file inputs).
            style={{ display: 'none' }}
            tabIndex={-1}
            aria-hidden
            onChange={async (e) => {
              const picked = e.target.files?.[0];
              e.target.value = ''; // the same file may be picked again
              if (!picked) return;
              const stored = await uploader.upload(picked);
              if (!stored) return;
              const alt =
                (pictureForm.getFieldValue('alt') as string | undefined) || stored.name.replace(/\.\w+$/, '');
              pictureForm.setFieldsValue({ src: stored.url, alt });
              void pictureForm.validateFields(['src']);
            }}
          />
          {uploader.busy && (
            <Progress percent={uploader.progress ?? 0} size="small" aria-label="图片上传进度" />
          )}
          <div id={errorId} className="rich-editor__error" role="alert">
            {uploader.error}
          </div>
        </div>
        <Form.Item
          label="图片说明"
          name="alt"
          extra="为看不到图片的读者描述图片内容"
          rules={[{ required: true, whitespace: true, message: '请填写图片说明' }]}
        >
          <Input maxLength={RICH_TEXT_ALT_MAX} />
        </Form.Item>
      </FormModal>
    </div>
  );
}
