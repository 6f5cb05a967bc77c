import { DOC_USAGE, type FlowDoc, SETUP_LIMITS } from '@portal/contract';
import { workflowSetupCalls } from '@portal/contract/calls';
import { formatBytes } from '@portal/contract/constants';
import { App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { DetailTable } from '#web/shared/ui/DetailTable.tsx';
import { UploadButton, UploadStatus } from '#web/shared/ui/UploadButton.tsx';
import { useUpload } from '#web/shared/ui/useFileUpload.ts';
import { useSetupWrites } from '../useFlowSetup.ts';
import { nodeLabel, runNodes } from './nodes.ts';
import { StepProblems, type StepProps } from './StepProblems.tsx';

const USAGE_OPTIONS = Object.entries(DOC_USAGE).map(([value, label]) => ({ value: Number(value), label }));

/**
 * Step 1, 素材设置: materials uploaded into the company's file store, each with its usage (操作指南,
 * 模板, 素材…) and the nodes it is given in (none: every node). Materials are optional: 下一步
 * opens the roles.
 */
export function DocStep({ setup, readOnly, onDone }: StepProps) {
  const { modal } = App.useApp();
  const flowId = setup.flow.id;
  const nodes = runNodes(setup.nodes);
  const nodeOptions = nodes.map((n) => ({ value: n.id, label: nodeLabel(n) }));
  const { setDocs, updateDoc, removeDoc, reload } = useSetupWrites(flowId);
  const [usage, setUsage] = useState(4);
  const sending = useUpload('any', (file, onProgress) =>
    api.upload(
      workflowSetupCalls.createDoc,
      { flow_id: flowId, file, usage, node_ids: [] },
      { toast: false, onProgress },
    ),
  );
  const [editing, setEditing] = useState<FlowDoc | null>(null);

  async function upload(file: File) {
    const doc = await sending.upload(file);
    if (!doc) return;
    toastSuccess(`已上传素材「${doc.name}」`);
    await reload();
  }

  const confirmRemove = (d: FlowDoc) =>
    confirmDanger(modal, {
      title: `确定删除素材「${d.name}」吗？`,
      content: '素材从本流程移除，文件库中的文件保留。',
      okText: '删除',
      onOk: () =>
        removeDoc
          .mutateAsync(d.id)
          .then(() => toastSuccess(`已删除素材「${d.name}」`))
          .catch(() => {}),
    });

  return (
    <>
      <StepProblems error={setDocs.error} />
      {!readOnly && (
        <Space wrap className="flow-set-upload">
          <Select
            aria-label="新素材的用途"
            value={usage}
            onChange={setUsage}
            options={USAGE_OPTIONS}
            style={{ width: 140 }}
          />
          <UploadButton
            label="上传素材"
            pickLabel="选择素材文件"
            progress={sending.progress}
            onPick={(file) => void upload(file)}
          />
          <span className="flow-set-hint">图片 5 MB、PDF 和 Office 文档 20 MB 以内</span>
        </Space>
      )}
      <UploadStatus progress={sending.progress} error={sending.error} />
      <DetailTable<FlowDoc>
        dataSource={setup.docs}
        aria-label="素材列表"
        locale={{
          emptyText: readOnly ? '没有素材' : '还没有素材：可以上传操作指南、模板和素材，也可以直接下一步',
        }}
        columns={[
          { title: '素材名称', dataIndex: 'name' },
          {
            title: '用途',
            dataIndex: 'usage',
            width: 110,
            render: (u: number) => DOC_USAGE[u as keyof typeof DOC_USAGE] ?? '—',
          },
          {
            title: '使用环节',
            dataIndex: 'node_ids',
            render: (ids: number[]) =>
              ids.length === 0
                ? '全部环节'
                : ids.map((i) => nodeOptions.find((o) => o.value === i)?.label ?? '').join('、'),
          },
          { title: '大小', dataIndex: 'size', width: 90, render: (s: number) => formatBytes(s) },
          ...(readOnly
            ? []
            : [
                {
                  title: '操作',
                  width: 130,
                  render: (_: unknown, d: FlowDoc) => (
                    <Space size={0}>
                      <Button
                        type="link"
                        size="small"
                        aria-label={`编辑 ${d.name}`}
                        onClick={() => setEditing(d)}
                      >
                        编辑
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        danger
                        aria-label={`删除 ${d.name}`}
                        onClick={() => confirmRemove(d)}
                      >
                        删除
                      </Button>
                    </Space>
                  ),
                },
              ]),
        ]}
      />
      <DocForm
        doc={editing}
        nodeOptions={nodeOptions}
        saving={updateDoc.isPending}
        onCancel={() => setEditing(null)}
        onSave={(v) =>
          updateDoc
            .mutateAsync({ doc_id: editing?.id ?? 0, ...v })
            .then(() => {
              toastSuccess('已保存素材');
              setEditing(null);
            })
            .catch(() => {})
        }
      />
      <Button
        type="primary"
        className="flow-set-next"
        loading={setDocs.isPending}
        onClick={() =>
          readOnly
            ? onDone()
            : setDocs
                .mutateAsync()
                .then(onDone)
                .catch(() => {})
        }
      >
        下一步
      </Button>
    </>
  );
}

interface DocValues {
  name: string;
  usage: number;
  node_ids: number[];
}

function DocForm({
  doc,
  nodeOptions,
  saving,
  onCancel,
  onSave,
}: {
  doc: FlowDoc | null;
  nodeOptions: { value: number; label: string }[];
  saving: boolean;
  onCancel: () => void;
  onSave: (v: DocValues) => void;
}) {
  const [form] = Form.useForm<DocValues>();
  return (
    <Modal
      open={doc !== null}
      title="编辑素材"
      okText="保存"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (open && doc) form.setFieldsValue({ name: doc.name, usage: doc.usage, node_ids: doc.node_ids });
      }}
    >
      <Form form={form} layout="vertical" onFinish={onSave} preserve={false}>
        <Form.Item
          name="name"
          label="素材名称"
          rules={[
            { required: true, whitespace: true, message: '请输入素材名称' },
            { max: SETUP_LIMITS.docName, message: `素材名称最多 ${SETUP_LIMITS.docName} 个字` },
          ]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="usage" label="用途" rules={[{ required: true, message: '请选择用途' }]}>
          <Select options={USAGE_OPTIONS} />
        </Form.Item>
        <Form.Item name="node_ids" label="使用环节" extra="不选则在全部环节使用">
          <Select mode="multiple" options={nodeOptions} allowClear={CLEARABLE} placeholder="全部环节" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
