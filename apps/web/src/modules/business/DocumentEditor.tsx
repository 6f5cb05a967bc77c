import { BUSINESS_DOC_LIMITS, type BusinessDoc } from '@portal/contract';
import { Button, Form, Input, Space } from 'antd';
import { isApiError } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { RichTextEditor } from '#web/shared/ui/RichTextEditor.tsx';
import { useFocusOnMount } from '#web/shared/ui/useFocusOnMount.ts';
import { useSaveDoc } from './useBusinessDocs.ts';

/** A document's name field (the new-document dialog's and the editor's). */
export function DocNameItem() {
  return (
    <Form.Item
      name="name"
      label="文书名称"
      rules={[
        { required: true, whitespace: true, message: '请输入文书名称' },
        { max: BUSINESS_DOC_LIMITS.name, message: `文书名称不能超过${BUSINESS_DOC_LIMITS.name}个字符` },
      ]}
    >
      <Input maxLength={BUSINESS_DOC_LIMITS.name} autoComplete="off" />
    </Form.Item>
  );
}

/**
 * A seat's own document in the editor: its name and rich text, saved on the version it was opened
 * at — if it was saved elsewhere meanwhile (another tab), the refusal says so beside the text and
 * nothing is overwritten. The other pages hear the save and show the new text.
 */
export function DocumentEditor({
  at,
  doc,
  onDone,
}: {
  at: { business_id: number; node_id: number; role_alloc_id: number };
  doc: BusinessDoc;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ name: string; content: string }>();
  const save = useSaveDoc();
  const focus = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={focus} className="run-doc-editor">
      <Form
        form={form}
        name={`run-doc-edit-${doc.id}`}
        layout="vertical"
        aria-label={`编辑《${doc.name}》`}
        initialValues={{ name: doc.name, content: doc.content }}
        onFinish={(v) =>
          save.mutate(
            { ...at, doc_id: doc.id, version: doc.version, name: v.name, content: v.content },
            {
              onSuccess: () => {
                toastSuccess(`已保存《${v.name}》`);
                onDone();
              },
              // Saved elsewhere meanwhile: said beside the text, which is kept for the user to copy.
              onError: (e) =>
                isApiError(e) && e.field === 'version'
                  ? form.setFields([{ name: 'content', errors: [e.m] }])
                  : showFieldError(form, e, ['name', 'content']),
            },
          )
        }
      >
        <DocNameItem />
        <Form.Item name="content" label="正文">
          <RichTextEditor label="正文" max={BUSINESS_DOC_LIMITS.content} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button onClick={onDone}>取消</Button>
        </Space>
      </Form>
    </div>
  );
}
