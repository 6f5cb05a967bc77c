import { BUSINESS_NOTE_LIMITS } from '@portal/contract';
import { businessNoteCalls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { showFieldError } from '#web/shared/ui/fieldError.ts';

/**
 * A member's private note on a current node (design/training.md "Note"; issue 37): kept on the
 * server, one per node, read by nobody else — a place to think while the team acts.
 */
export function NotePanel({
  businessId,
  node,
}: {
  businessId: number;
  node: { node_id: number; name: string };
}) {
  const [form] = Form.useForm<{ content: string }>();
  const key = ['business-note', businessId, node.node_id];
  const note = useQuery({
    queryKey: key,
    queryFn: () => api.call(businessNoteCalls.list, { business_id: businessId, node_id: node.node_id }),
  });
  const save = useMutation({
    mutationFn: (content: string) =>
      api.call(
        businessNoteCalls.create,
        { business_id: businessId, node_id: node.node_id, content },
        { toast: 'unlessField' },
      ),
  });
  const kept = note.data?.[0]?.content;
  useEffect(() => {
    if (kept !== undefined) form.setFieldsValue({ content: kept });
  }, [kept, form]);

  return (
    <details className="run-note">
      <summary>我的笔记（“{node.name}”，仅自己可见）</summary>
      <Form
        form={form}
        name={`run-note-${node.node_id}`}
        layout="vertical"
        aria-label={`“${node.name}”的笔记`}
        onFinish={({ content }) =>
          save.mutate(content, {
            onSuccess: () => toastSuccess('笔记已保存'),
            onError: (e) => showFieldError(form, e, ['content']),
          })
        }
      >
        <Form.Item
          name="content"
          label="笔记"
          rules={[{ required: true, whitespace: true, message: '请输入笔记' }]}
        >
          <Input.TextArea rows={3} maxLength={BUSINESS_NOTE_LIMITS.content} showCount />
        </Form.Item>
        <Button htmlType="submit" loading={save.isPending}>
          保存笔记
        </Button>
      </Form>
    </details>
  );
}
