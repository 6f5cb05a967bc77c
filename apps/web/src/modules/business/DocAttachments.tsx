import { BUSINESS_DOC_LIMITS, type BusinessDoc } from '@portal/contract';
import { businessDocCalls } from '@portal/contract/calls';
import { formatBytes } from '@portal/contract/constants';
import { App, Button, Space, Typography } from 'antd';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { useInvalidate } from '#web/shared/queryHooks.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { UploadButton, UploadStatus } from '#web/shared/ui/UploadButton.tsx';
import { useUpload } from '#web/shared/ui/useFileUpload.ts';
import { useDetachDoc } from './useBusinessDocs.ts';
import { runKeys } from './useBusinessRun.ts';

type At = { business_id: number; node_id: number; role_alloc_id: number };

/**
 * A document's attachments (node screen 2: "attach files"): every member downloads them; the
 * document's writer adds (up to BUSINESS_DOC_LIMITS.attachments) and removes them while it is
 * unsigned. Each change is heard by the other pages as a command.
 */
export function DocAttachments({
  businessId,
  doc,
  at,
  editable,
}: {
  businessId: number;
  doc: BusinessDoc;
  at: At | null;
  editable: boolean;
}) {
  const { modal } = App.useApp();
  const detach = useDetachDoc();
  const reread = useInvalidate(runKeys.all);
  const sending = useUpload('any', (file, onProgress) =>
    api.upload(
      businessDocCalls.attach,
      { ...(at as At), doc_id: doc.id, file },
      { toast: false, onProgress },
    ),
  );
  const canEdit = editable && at !== null;
  if (doc.attachments.length === 0 && !canEdit) return null;

  async function attach(file: File) {
    const done = await sending.upload(file);
    if (!done) return;
    toastSuccess(`已附上“${file.name}”`);
    await reread();
  }
  const remove = (a: BusinessDoc['attachments'][number]) =>
    at &&
    confirmDanger(modal, {
      title: `移除附件“${a.name}”吗？`,
      content: '移除后文件不再保留。',
      okText: '移除',
      onOk: () =>
        detach
          .mutateAsync({ ...at, doc_id: doc.id, attachment_id: a.id })
          .then(() => toastSuccess('附件已移除'))
          .catch(() => {}),
    });

  return (
    <div className="run-doc-files">
      <Typography.Text type="secondary">
        附件（{doc.attachments.length}/{BUSINESS_DOC_LIMITS.attachments}）
      </Typography.Text>
      {doc.attachments.length > 0 && (
        <ul aria-label={`《${doc.name}》的附件`}>
          {doc.attachments.map((a) => (
            <li key={a.id}>
              <Space wrap size="small">
                <Typography.Link
                  href={api.href(businessDocCalls.attachment, {
                    business_id: businessId,
                    attachment_id: a.id,
                  })}
                  download={a.name}
                  aria-label={`下载附件 ${a.name}`}
                >
                  {a.name}
                </Typography.Link>
                <Typography.Text type="secondary">{formatBytes(a.size)}</Typography.Text>
                {canEdit && (
                  <Button
                    size="small"
                    type="link"
                    danger
                    onClick={() => remove(a)}
                    aria-label={`移除附件 ${a.name}`}
                  >
                    移除
                  </Button>
                )}
              </Space>
            </li>
          ))}
        </ul>
      )}
      {canEdit && doc.attachments.length < BUSINESS_DOC_LIMITS.attachments && (
        <UploadButton
          label="添加附件"
          pickLabel={`为《${doc.name}》选择附件`}
          progress={sending.progress}
          onPick={(file) => void attach(file)}
        />
      )}
      {canEdit && <UploadStatus progress={sending.progress} error={sending.error} />}
    </div>
  );
}
