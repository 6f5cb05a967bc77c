import type { BusinessMessage } from '@portal/contract';
import { Alert, Form, Modal, Select, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { RichText } from '#web/shared/ui/RichText.tsx';
import { useDocChoices, useDocDetail } from './useBusinessDocs.ts';

/**
 * Chooses the business's documents to show (one) or submit (several; design note "apply to show a
 * document / approve / show, apply to submit / approve / submit"). The list is read when it opens.
 */
export function DocPickDialog({
  businessId,
  mode,
  onPick,
  onClose,
  busy,
}: {
  businessId: number;
  mode: 'show' | 'submit' | null;
  onPick: (docIds: number[]) => void;
  onClose: () => void;
  busy: boolean;
}) {
  const docs = useDocChoices(businessId, mode !== null);
  const [form] = Form.useForm<{ docs: number | number[] }>();
  const title = mode === 'submit' ? '提交文书' : '展示文书';
  useEffect(() => {
    if (mode) form.resetFields();
  }, [mode, form]);
  return (
    <Modal
      open={mode !== null}
      title={title}
      okText={mode === 'submit' ? '提交' : '展示'}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      {docs.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (docs.data ?? []).length === 0 ? (
        <Alert type="info" showIcon message="这个业务还没有文书：文书在编辑环节中写下" />
      ) : (
        <Form
          form={form}
          layout="vertical"
          name={`run-doc-pick-${mode}`}
          onFinish={(v) => onPick([v.docs].flat())}
        >
          <Form.Item
            name="docs"
            label={mode === 'submit' ? '要提交的文书' : '要展示的文书'}
            rules={[{ required: true, message: '请选择文书' }]}
          >
            <Select
              mode={mode === 'submit' ? 'multiple' : undefined}
              options={(docs.data ?? []).map((d) => ({
                value: d.id,
                label: `${d.name}（${d.node_name}·${d.role_name}）`,
              }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/**
 * What has been shown and handed in in a node, from its messages: the document shown last, as it
 * stands (every page opens it when it hears the showing), and the documents submitted.
 */
export function ShownDocs({
  businessId,
  nodeId,
  messages,
}: {
  businessId: number;
  nodeId: number;
  messages: readonly BusinessMessage[];
}) {
  const here = messages.filter((m) => m.node_id === nodeId);
  const shown = here.filter((m) => m.cmd === 'action_doc_show').at(-1);
  const submitted = here.filter((m) => m.cmd === 'action_doc_submit');
  const docId = typeof shown?.data.doc_id === 'number' ? shown.data.doc_id : undefined;
  const doc = useDocDetail(businessId, docId);
  if (!shown && submitted.length === 0) return null;
  return (
    <div className="run-shown">
      {shown && (
        <section aria-label="正在展示的文书" className="run-doc">
          <Typography.Text strong>
            {shown.role_name}正在展示《{String(shown.data.name ?? '')}》
          </Typography.Text>
          {doc.isPending ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : doc.data ? (
            doc.data.content ? (
              <RichText html={doc.data.content} className="run-doc-body" />
            ) : (
              <Typography.Paragraph type="secondary">（空白文书）</Typography.Paragraph>
            )
          ) : (
            <Typography.Paragraph type="secondary">这份文书已被删除</Typography.Paragraph>
          )}
        </section>
      )}
      {submitted.length > 0 && (
        <section aria-label="已提交的文书">
          <Typography.Text strong>已提交的文书</Typography.Text>
          <ul className="run-submitted">
            {submitted.map((m) => (
              <li key={m.seq}>
                {m.role_name}：
                {(Array.isArray(m.data.names) ? m.data.names : []).map((n) => `《${String(n)}》`).join('、')}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
