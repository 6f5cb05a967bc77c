import {
  type CallRoute,
  type ImportMode,
  type ImportRow,
  type Job,
  RESOURCE_IMPORT_MAX_BYTES,
  RESOURCE_IMPORT_MAX_ROWS,
  RESOURCE_IMPORT_PREVIEW_ROWS,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Modal,
  Progress,
  Result,
  Segmented,
  Space,
  Steps,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api, isApiError } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { JobProgress } from '#web/shared/job/JobProgress.tsx';
import { isFinished, jobFileHref, rememberJob, useJob } from '#web/shared/job/useJob.ts';
import { useFocusReturn } from '#web/shared/ui/useFocusReturn.ts';
import { useKeyboardScroll } from '#web/shared/ui/useKeyboardScroll.ts';
import { importOutcome, importResultOf, REFUSED } from './ImportJobs.tsx';

const MAX_MB = RESOURCE_IMPORT_MAX_BYTES / 1024 / 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Why the browser refuses a chosen file before sending it (the server checks again, by content):
 * an .xlsx or a CSV is read; an .xls goes to the server too, which answers how to save it as .xlsx.
 */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!/\.(xlsx|csv|xls)$/i.test(file.name))
    return '只支持 Excel 工作簿（.xlsx）或 CSV 文件，请使用下载的模板';
  if (file.size === 0) return '文件是空的';
  if (file.size > RESOURCE_IMPORT_MAX_BYTES) return `文件不能超过${MAX_MB} MB`;
  return null;
}

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type Phase = 'choose' | 'checking' | 'preview' | 'importing' | 'done';
const STEP_OF: Record<Phase, number> = { choose: 0, checking: 1, preview: 1, importing: 2, done: 2 };

/**
 * 导入 of a declared resource (design/back-office.md "Excel import", ADR 0017 and 0037): download the
 * template, choose a file (.xlsx or .csv; type and size checked here too), upload it with progress;
 * the server checks it as a job (`useJob` follows its progress) and answers the preview of every
 * row's errors (nothing saved); then 导入全部 (only when no row is refused) or 仅导入有效行 uploads
 * it again for a second job that writes the rows; 下载错误行 is the refused rows' file with their
 * reasons, kept by the job. Closing the dialog while a job runs leaves it running: `onClose` hands
 * it to the page, which shows it above the list (`ImportJobs`).
 */
export function ImportDialog({
  label,
  unit = '个',
  routes,
  open,
  onClose,
  onImported,
  fields,
}: {
  label: string;
  /** The label's measure word in counts (个 unless given: 篇 for news). */
  unit?: string;
  routes: { importTemplate: CallRoute; import: CallRoute };
  open: boolean;
  /** Closed; with the job still running when it was closed during one. */
  onClose: (running?: Job) => void;
  /** After rows were written (the lists reload). */
  onImported: () => void;
  /** Other fields the import call takes beside the file and mode (the company people go to). */
  fields?: Record<string, string | number>;
}) {
  const qc = useQueryClient();
  const [phase, setPhase] = useState<Phase>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** A word on what just happened that is not a refusal (a job cancelled). */
  const [notice, setNotice] = useState<string | null>(null);
  /** The upload under way and its progress (0–1). */
  const [busy, setBusy] = useState<{ mode: ImportMode; sent: number } | null>(null);
  /** The job the dialog follows, and the mode it was started with. */
  const [following, setFollowing] = useState<{ id: number; mode: ImportMode } | null>(null);
  /** The check's job once done: its result is the preview, its file the refused rows. */
  const [checked, setChecked] = useState<Job | null>(null);
  /** The import's job once finished (done, or failed: `all` with refused rows). */
  const [outcome, setOutcome] = useState<Job | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const aborter = useRef<AbortController | null>(null);
  const tableBox = useKeyboardScroll(`${label}导入预览`);
  const focusReturn = useFocusReturn(open);
  const job = useJob(following?.id ?? null);
  const followed = following && job.data?.id === following.id ? job.data : undefined;
  const preview = checked ? importResultOf(checked) : null;

  /** Back at the choice from a check refused or cancelled: the upload button takes the focus. */
  const backToChoice = useRef(false);
  // Each step's heading takes the focus, so a keyboard or screen-reader user starts there.
  useEffect(() => {
    if (!open) return;
    if (phase !== 'choose') heading.current?.focus();
    else if (backToChoice.current) {
      backToChoice.current = false;
      uploadButton.current?.focus();
    }
  }, [phase, open]);

  // A followed job that finished moves the dialog on.
  useEffect(() => {
    if (!following || !followed || !isFinished(followed)) return;
    setFollowing(null);
    if (following.mode === 'preview') {
      const result = importResultOf(followed);
      if (followed.state === 'done' && result) {
        setChecked(followed);
        setOnlyErrors(result.invalid > 0);
        setPhase('preview');
      } else {
        backToChoice.current = true;
        setPhase('choose');
        if (followed.state === 'failed') setProblem(followed.error);
        else setNotice('已取消校验，没有保存任何内容。');
      }
      return;
    }
    if (followed.state === 'cancelled') {
      setNotice('已取消导入，没有导入任何一行。');
      setPhase('preview');
      return;
    }
    setOutcome(followed);
    setPhase('done');
    const result = importResultOf(followed);
    if (followed.state === 'done' && result) {
      toastSuccess(`已导入 ${result.created} ${unit}${label}`);
      onImported();
    }
  }, [following, followed, label, unit, onImported]);

  const reset = () => {
    aborter.current?.abort();
    setPhase('choose');
    setFile(null);
    setProblem(null);
    setNotice(null);
    setBusy(null);
    setFollowing(null);
    setChecked(null);
    setOutcome(null);
    setOnlyErrors(false);
  };
  const close = () => {
    const running = followed && !isFinished(followed) ? followed : undefined;
    reset();
    onClose(running);
  };

  const choose = (chosen: File) => {
    const refused = fileProblem(chosen);
    setProblem(refused);
    setNotice(null);
    setFile(refused ? null : chosen);
    setChecked(null);
  };

  /** Sends the file with `mode` and follows the job it starts; a refusal is shown in the dialog. */
  async function send(mode: ImportMode) {
    if (!file) return;
    const controller = new AbortController();
    aborter.current = controller;
    setProblem(null);
    setNotice(null);
    setBusy({ mode, sent: 0 });
    try {
      const started = (await api.upload(routes.import, { ...fields, mode, file } as never, {
        toast: false,
        signal: controller.signal,
        onProgress: (sent: number) => setBusy({ mode, sent }),
      })) as Job;
      rememberJob(qc, started);
      setFollowing({ id: started.id, mode });
      setPhase(mode === 'preview' ? 'checking' : 'importing');
    } catch (error) {
      if (controller.signal.aborted) return;
      setProblem(isApiError(error) ? error.m : '网络异常，请稍后重试');
    } finally {
      if (aborter.current === controller) {
        aborter.current = null;
        setBusy(null);
      }
    }
  }

  const columns = preview?.columns ?? [];
  const shownRows = (preview?.rows ?? []).filter((r) => !onlyErrors || Object.keys(r.errors).length > 0);
  const cut =
    preview !== null &&
    (preview.invalid > RESOURCE_IMPORT_PREVIEW_ROWS || preview.valid > RESOURCE_IMPORT_PREVIEW_ROWS);
  const labels = new Set(columns.map((c) => c.label));
  /** A row's reasons that belong to no column shown (整行, or a rule's). */
  const rowError = (row: ImportRow) =>
    Object.entries(row.errors)
      .filter(([key]) => !labels.has(key))
      .map(([, message]) => message)
      .join('；') || undefined;

  const uploading = busy && (
    <div className="resource-import-progress" aria-live="polite">
      <Progress percent={Math.round(busy.sent * 100)} status="active" aria-label="上传进度" />
      <Typography.Text type="secondary">{busy.sent < 1 ? '正在上传…' : '已上传，正在排队…'}</Typography.Text>
    </div>
  );
  const alert = problem && <Alert type="error" showIcon role="alert" title={problem} />;
  const note = notice && <Alert type="info" showIcon role="status" title={notice} />;
  const refusedHref = (j: Job | null) =>
    j?.files.some((f) => f.name === REFUSED) ? jobFileHref(j.id, REFUSED) : undefined;
  const checkedRefused = refusedHref(checked);
  const outcomeRefused = refusedHref(outcome);
  const result = outcome && importResultOf(outcome);
  const running = (words: string) =>
    followed && (
      <Space orientation="vertical" size="middle" className="resource-import-body">
        <h3 ref={heading} tabIndex={-1} className="resource-import-heading">
          {words}
        </h3>
        <JobProgress job={followed} />
        <Typography.Text type="secondary">
          可以关闭此窗口：{label}导入会在后台继续，进度和结果显示在列表上方。
        </Typography.Text>
      </Space>
    );

  const footer =
    phase === 'choose' ? (
      <Space wrap>
        <Button onClick={close}>取消</Button>
        <Button
          ref={uploadButton}
          type="primary"
          disabled={!file || busy !== null}
          loading={busy?.mode === 'preview'}
          onClick={() => send('preview')}
        >
          上传并预览
        </Button>
      </Space>
    ) : phase === 'checking' || phase === 'importing' ? (
      <Space wrap>
        <Button onClick={close}>关闭</Button>
      </Space>
    ) : phase === 'preview' && preview ? (
      <Space wrap>
        <Button onClick={reset} disabled={busy !== null}>
          重新选择文件
        </Button>
        {checkedRefused && (
          <Button href={checkedRefused} download>
            下载错误行
          </Button>
        )}
        <Button
          onClick={() => send('valid')}
          disabled={preview.valid === 0 || (busy !== null && busy.mode !== 'valid')}
          loading={busy?.mode === 'valid'}
        >
          仅导入有效行（{preview.valid}）
        </Button>
        <Button
          type="primary"
          onClick={() => send('all')}
          disabled={preview.invalid > 0 || preview.valid === 0 || (busy !== null && busy.mode !== 'all')}
          loading={busy?.mode === 'all'}
        >
          导入全部
        </Button>
      </Space>
    ) : (
      <Space wrap>
        <Button type="primary" onClick={close}>
          完成
        </Button>
      </Space>
    );

  return (
    <Modal
      {...focusReturn.props}
      afterOpenChange={(opened) => {
        if (!opened) focusReturn.closed();
      }}
      title={`导入${label}`}
      open={open}
      onCancel={close}
      footer={footer}
      width={960}
      destroyOnHidden
      maskClosable={false}
      className="resource-import"
    >
      <Steps
        size="small"
        responsive={false}
        titlePlacement="vertical"
        current={STEP_OF[phase]}
        items={[{ title: '选择文件' }, { title: '预览校验' }, { title: '导入结果' }]}
        className="resource-import-steps"
      />
      {phase === 'choose' && (
        <Space orientation="vertical" size="middle" className="resource-import-body">
          <Typography.Paragraph>
            1. 下载模板，按表头填写（带 * 的列必填，「可选值」表列出可选的内容）。
            <br />
            2. 选择填好的文件：.xlsx 或 CSV（UTF-8 或 GBK），不超过 {MAX_MB} MB、{RESOURCE_IMPORT_MAX_ROWS}{' '}
            行。
            <br />
            3. 上传后先预览每一行的校验结果，确认后才会保存。
          </Typography.Paragraph>
          <Button href={api.href(routes.importTemplate, {} as never)} download>
            下载导入模板
          </Button>
          <Upload.Dragger
            accept={`.xlsx,.csv,.xls,${XLSX_TYPE},text/csv,application/vnd.ms-excel`}
            multiple={false}
            showUploadList={false}
            disabled={busy !== null}
            beforeUpload={(chosen) => {
              choose(chosen);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="resource-import-drop">点击选择或将 Excel 文件拖到此处</p>
            <p className="ant-upload-hint">.xlsx 或 .csv，不超过 {MAX_MB} MB</p>
          </Upload.Dragger>
          {file && (
            <Typography.Text>
              已选择：<Typography.Text strong>{file.name}</Typography.Text>（{sizeText(file.size)}）
            </Typography.Text>
          )}
          {uploading}
          {note}
          {alert}
        </Space>
      )}
      {phase === 'checking' && running(`正在校验：${file?.name ?? ''}`)}
      {phase === 'preview' && preview && (
        <Space orientation="vertical" size="middle" className="resource-import-body">
          <h3 ref={heading} tabIndex={-1} className="resource-import-heading">
            预览：共 {preview.total} 行，可导入 {preview.valid} 行，有误 {preview.invalid} 行
          </h3>
          {note}
          <Alert
            type={preview.invalid > 0 ? 'warning' : 'success'}
            showIcon
            title={
              preview.invalid > 0
                ? `有 ${preview.invalid} 行有误，不能导入全部：可以先下载错误行（含错误原因），再仅导入有效的 ${preview.valid} 行，修正错误行后另行导入。`
                : `全部 ${preview.valid} 行都可以导入，尚未保存：请点击「导入全部」。`
            }
          />
          {cut && (
            <Typography.Text type="secondary">
              行数较多：下表列出前 {RESOURCE_IMPORT_PREVIEW_ROWS} 条有误行和前 {RESOURCE_IMPORT_PREVIEW_ROWS}{' '}
              条有效行，上面的计数包括全部行。
            </Typography.Text>
          )}
          <Segmented
            aria-label="预览的行"
            value={onlyErrors ? 'errors' : 'all'}
            onChange={(v) => setOnlyErrors(v === 'errors')}
            options={[
              { value: 'all', label: '全部行' },
              { value: 'errors', label: `仅有误行（${preview.invalid}）`, disabled: preview.invalid === 0 },
            ]}
          />
          <div ref={tableBox}>
            <Table<ImportRow>
              aria-label={`${label}导入预览`}
              size="small"
              rowKey="row"
              dataSource={shownRows}
              scroll={{ x: 'max-content' }}
              pagination={{
                defaultPageSize: 10,
                pageSizeOptions: [5, 10, 15, 20],
                showSizeChanger: true,
                showTotal: (n) => `共 ${n} 行`,
                hideOnSinglePage: false,
              }}
              rowClassName={(r) => (Object.keys(r.errors).length > 0 ? 'resource-import-row--error' : '')}
              columns={[
                { title: '行号', dataIndex: 'row', width: 64, fixed: 'left' },
                ...columns.map((c) => ({
                  title: c.required ? `${c.label}*` : c.label,
                  key: c.key,
                  render: (_: unknown, r: ImportRow) => {
                    const value = r.values[c.key] ?? '';
                    const error = r.errors[c.label];
                    if (!error) return value;
                    return (
                      <div className="resource-import-cell--error">
                        <span>{value || '（空）'}</span>
                        <span className="resource-import-error">{error}</span>
                      </div>
                    );
                  },
                })),
                {
                  title: '结果',
                  key: '__result',
                  width: 120,
                  render: (_: unknown, r: ImportRow) =>
                    Object.keys(r.errors).length === 0 ? (
                      <span className="resource-import-ok">可导入</span>
                    ) : (
                      <span className="resource-import-error">
                        {rowError(r) ?? `${Object.keys(r.errors).length} 处错误`}
                      </span>
                    ),
                },
              ]}
            />
          </div>
          {uploading}
          {alert}
        </Space>
      )}
      {phase === 'importing' && running(`正在导入：${file?.name ?? ''}`)}
      {phase === 'done' && outcome && (
        <div className="resource-import-body">
          <h3 ref={heading} tabIndex={-1} className="resource-import-heading">
            {outcome.state === 'done' ? '导入完成' : '导入失败'}
          </h3>
          {outcome.state === 'done' && result ? (
            <Result status="success" {...outcomeWords(importOutcome(result, label, unit))} />
          ) : (
            <Result status="error" title="没有导入任何一行" subTitle={outcome.error} />
          )}
          {outcomeRefused && (
            <Space wrap className="resource-import-files">
              <Button href={outcomeRefused} download>
                下载错误行
              </Button>
            </Space>
          )}
        </div>
      )}
    </Modal>
  );
}

const outcomeWords = ({ title, detail }: { title: string; detail: string }) => ({ title, subTitle: detail });
