import { BUSINESS_DOC_LIMITS, type BusinessDoc, DOC_SIGN, DOC_SIGN_WORDS } from '@portal/contract';
import { App, Button, Empty, Form, Input, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatDateTime } from '#web/shared/format.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { RichText } from '#web/shared/ui/RichText.tsx';
import { DocAttachments } from './DocAttachments.tsx';
import { DocNameItem, DocumentEditor } from './DocumentEditor.tsx';
import { useBusinessDocs, useCreateDoc, useRemoveDoc, useSignDoc, useSignRoles } from './useBusinessDocs.ts';
import { useNodeFunction, useSeatCommand } from './useBusinessRun.ts';

const BLANK = 0;
const SIGN_COLORS: Record<number, string> = { 0: 'warning', 1: 'success', 2: 'error' };

/**
 * An edit node's documents (node screen 2, design/training.md "The node screens"; issue 37): every
 * member reads each document written there with its signatures; a seat of the node starts one
 * (blank or from the flow's Word template), edits and saves its own, asks another seat to sign it,
 * and a seat asked signs with its name or refuses. Every change is a command the other pages hear,
 * so they show it without reloading. A signed document is final.
 */
export function DocumentPanel({
  businessId,
  node,
}: {
  businessId: number;
  node: { node_id: number; name: string };
}) {
  const docs = useBusinessDocs(businessId, node.node_id);
  const functions = useNodeFunction(businessId, node.node_id);
  const mine = functions.data?.user_role_allocs[0];
  // The seat's role writes documents here only when it is offered 刷新文档 (it may still sign).
  const writes = functions.data?.offers.includes('docs') ?? false;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [asking, setAsking] = useState<BusinessDoc | null>(null);
  const [signing, setSigning] = useState<BusinessDoc | null>(null);
  const remove = useRemoveDoc();
  const sign = useSignDoc();
  const { modal } = App.useApp();
  const at = mine
    ? { business_id: businessId, node_id: node.node_id, role_alloc_id: mine.role_alloc_id }
    : null;

  if (docs.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!docs.data) return <QueryEmpty query={docs} description="文书暂时无法显示" />;
  const list = docs.data.docs;

  const refuse = (d: BusinessDoc) =>
    at &&
    confirmDanger(modal, {
      title: `拒签《${d.name}》吗？`,
      content: '拒签后，写文书的席位可以修改后再请你签字。',
      okText: '拒签',
      onOk: () =>
        sign
          .mutateAsync({ ...at, doc_id: d.id, status: DOC_SIGN.refused })
          .then(() => toastSuccess('已拒签'))
          .catch(() => {}),
    });
  const drop = (d: BusinessDoc) =>
    at &&
    confirmDanger(modal, {
      title: `删除文书《${d.name}》吗？`,
      content: '删除后不能恢复。',
      okText: '删除',
      onOk: () =>
        remove
          .mutateAsync({ ...at, doc_id: d.id })
          .then(() => toastSuccess('文书已删除'))
          .catch(() => {}),
    });

  return (
    <section className="run-docs" aria-labelledby={`run-docs-${node.node_id}`}>
      <div className="run-docs-head">
        <Typography.Title level={5} id={`run-docs-${node.node_id}`} style={{ margin: 0 }}>
          “{node.name}”的文书
        </Typography.Title>
        {at && writes && (
          <Button type="primary" onClick={() => setCreating(true)}>
            新建文书
          </Button>
        )}
      </div>
      {list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={at && writes ? '还没有文书：新建一份，可以从模板开始' : '还没有文书'}
        />
      ) : (
        list.map((d) => {
          const own = mine !== undefined && d.role_alloc_id === mine.role_alloc_id;
          const signed = d.signs.some((g) => g.sign_status === DOC_SIGN.signed);
          const askedOfMe = d.signs.find(
            (g) => g.role_alloc_id === mine?.role_alloc_id && g.sign_status === DOC_SIGN.waiting,
          );
          return (
            <article key={d.id} className="run-doc" aria-label={`文书《${d.name}》`}>
              <header className="run-doc-head">
                <Typography.Text strong>{d.name}</Typography.Text>
                <Typography.Text type="secondary">
                  {d.role_name}
                  {d.user_name ? `·${d.user_name}` : ''} · 第{d.version}版 · {formatDateTime(d.update_time)}
                </Typography.Text>
              </header>
              {d.signs.length > 0 && (
                <ul className="run-doc-signs" aria-label="签字">
                  {d.signs.map((g) => (
                    <li key={g.role_alloc_id}>
                      <Tag color={SIGN_COLORS[g.sign_status]}>
                        {g.role_name}：{DOC_SIGN_WORDS[g.sign_status]}
                        {g.sign ? `（${g.sign}）` : ''}
                      </Tag>
                    </li>
                  ))}
                </ul>
              )}
              {editing === d.id && at ? (
                <DocumentEditor at={at} doc={d} onDone={() => setEditing(null)} />
              ) : d.content ? (
                <RichText html={d.content} className="run-doc-body" />
              ) : (
                <Typography.Paragraph type="secondary" className="run-doc-body">
                  （空白文书）
                </Typography.Paragraph>
              )}
              <DocAttachments businessId={businessId} doc={d} at={at} editable={own && !signed} />
              {editing !== d.id && (
                <Space wrap>
                  {own && !signed && (
                    <Button onClick={() => setEditing(d.id)} aria-label={`编辑《${d.name}》`}>
                      编辑
                    </Button>
                  )}
                  {own && (
                    <Button onClick={() => setAsking(d)} aria-label={`请求签字《${d.name}》`}>
                      请求签字
                    </Button>
                  )}
                  {own && !signed && (
                    <Button danger onClick={() => drop(d)} aria-label={`删除《${d.name}》`}>
                      删除
                    </Button>
                  )}
                  {askedOfMe && (
                    <>
                      <Button type="primary" onClick={() => setSigning(d)} aria-label={`签署《${d.name}》`}>
                        签字
                      </Button>
                      <Button onClick={() => refuse(d)} aria-label={`拒签《${d.name}》`}>
                        拒签
                      </Button>
                    </>
                  )}
                </Space>
              )}
            </article>
          );
        })
      )}
      {at && (
        <>
          <NewDocDialog
            open={creating}
            at={at}
            templates={docs.data.templates}
            onClose={(made) => {
              setCreating(false);
              if (made !== undefined) setEditing(made);
            }}
          />
          <AskSignDialog doc={asking} at={at} onClose={() => setAsking(null)} />
          <SignDialog
            doc={signing}
            at={at}
            defaultName={mine?.user_name ?? ''}
            onClose={() => setSigning(null)}
          />
        </>
      )}
    </section>
  );
}

type At = { business_id: number; node_id: number; role_alloc_id: number };

/** 新建文书: its name, blank or from a template (a Word template is read into the editor). */
function NewDocDialog({
  open,
  at,
  templates,
  onClose,
}: {
  open: boolean;
  at: At;
  templates: { id: number; name: string; editable: boolean }[];
  onClose: (made?: number) => void;
}) {
  const [form] = Form.useForm<{ name: string; template: number }>();
  const create = useCreateDoc();
  const stem = (name: string) => name.replace(/\.[a-z0-9]{3,4}$/i, '');
  return (
    <FormModal
      form={form}
      name="run-doc-new"
      label="新建文书"
      title="新建文书"
      open={open}
      onCancel={() => onClose()}
      okText="新建"
      ok={{ loading: create.isPending }}
      formProps={{ initialValues: { name: '', template: BLANK }, preserve: false }}
      onFinish={({ name, template }) =>
        create.mutate(
          { ...at, name, ...(template !== BLANK ? { template_id: template } : {}) },
          {
            onSuccess: (d) => {
              toastSuccess(`已新建《${name}》`);
              onClose((d as BusinessDoc).id);
            },
            onError: (e) => showFieldError(form, e, ['name', 'template_id']),
          },
        )
      }
    >
      <Form.Item
        name="template"
        label="从模板开始"
        extra={
          templates.some((t) => !t.editable)
            ? '只有 Word（.docx）模板可以套用，其他格式的素材请在环节资料中阅读。'
            : undefined
        }
      >
        <Select
          options={[
            { value: BLANK, label: '空白文书' },
            ...templates.map((t) => ({
              value: t.id,
              label: t.editable ? t.name : `${t.name}（不能套用）`,
              disabled: !t.editable,
            })),
          ]}
          onChange={(v: number) => {
            const t = templates.find((x) => x.id === v);
            if (t && !form.getFieldValue('name')) form.setFieldValue('name', stem(t.name));
          }}
        />
      </Form.Item>
      <DocNameItem />
    </FormModal>
  );
}

/** 请求签字: which of the node's other seats is asked (a command every page hears). */
function AskSignDialog({ doc, at, onClose }: { doc: BusinessDoc | null; at: At; onClose: () => void }) {
  const [form] = Form.useForm<{ seat: number }>();
  const roles = useSignRoles(at.business_id, at.node_id, at.role_alloc_id, doc !== null);
  const command = useSeatCommand();
  const waitingOrSigned = new Set(
    doc?.signs.filter((g) => g.sign_status !== DOC_SIGN.refused).map((g) => g.role_alloc_id) ?? [],
  );
  return (
    <FormModal
      form={form}
      name="run-doc-ask"
      label="请求签字"
      title={doc ? `请求签署《${doc.name}》` : '请求签字'}
      open={doc !== null}
      onCancel={onClose}
      okText="请求签字"
      ok={{ loading: command.isPending }}
      formProps={{ preserve: false }}
      onFinish={({ seat }) =>
        doc &&
        command.mutate(
          { ...at, cmd: 'action_role_request_sign', data: { doc_id: doc.id, role_alloc_id: seat } },
          {
            onSuccess: (m) => {
              toastSuccess(m.msg);
              onClose();
            },
          },
        )
      }
    >
      <Form.Item name="seat" label="请谁签字" rules={[{ required: true, message: '请选择请谁签字' }]}>
        <Select
          loading={roles.isPending}
          notFoundContent={roles.isPending ? '加载中…' : '这个环节没有其他席位'}
          options={(roles.data ?? []).map((r) => ({
            value: r.id,
            label: `${r.name}${r.user_name ? `·${r.user_name}` : ''}${waitingOrSigned.has(r.id) ? '（已请求）' : ''}`,
            disabled: waitingOrSigned.has(r.id),
          }))}
        />
      </Form.Item>
    </FormModal>
  );
}

/** 签字: the seat asked writes its name under the document. */
function SignDialog({
  doc,
  at,
  defaultName,
  onClose,
}: {
  doc: BusinessDoc | null;
  at: At;
  defaultName: string;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ sign: string }>();
  const sign = useSignDoc();
  return (
    <FormModal
      form={form}
      name="run-doc-sign"
      label="签字"
      title={doc ? `签署《${doc.name}》` : '签字'}
      open={doc !== null}
      onCancel={onClose}
      okText="签字"
      ok={{ loading: sign.isPending }}
      formProps={{ initialValues: { sign: defaultName }, preserve: false }}
      onFinish={({ sign: name }) =>
        doc &&
        sign.mutate(
          { ...at, doc_id: doc.id, status: DOC_SIGN.signed, sign: name },
          {
            onSuccess: () => {
              toastSuccess(`已签署《${doc.name}》`);
              onClose();
            },
            onError: (e) => showFieldError(form, e, ['sign']),
          },
        )
      }
    >
      <Typography.Paragraph type="secondary">签字后，这份文书不能再修改。</Typography.Paragraph>
      <Form.Item
        name="sign"
        label="签名"
        rules={[
          { required: true, whitespace: true, message: '请写上签名' },
          { max: BUSINESS_DOC_LIMITS.sign, message: `签名不能超过${BUSINESS_DOC_LIMITS.sign}个字符` },
        ]}
      >
        <Input maxLength={BUSINESS_DOC_LIMITS.sign} autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
