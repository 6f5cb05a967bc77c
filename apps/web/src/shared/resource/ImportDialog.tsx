import {
  type CallRoute,
  type ImportMode,
  type ImportResult,
  type ImportRow,
  RESOURCE_IMPORT_MAX_BYTES,
  RESOURCE_IMPORT_MAX_ROWS,
  RESOURCE_IMPORT_PREVIEW_ROWS,
} from '@portal/contract';
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
import { useFocusReturn } from '#web/shared/ui/useFocusReturn.ts';
import { useKeyboardScroll } from '#web/shared/ui/useKeyboardScroll.ts';

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

type Phase = 'choose' | 'preview' | 'done';
const STEP_OF: Record<Phase, number> = { choose: 0, preview: 1, done: 2 };

/**
 * 导入 of a declared resource (design/back-office.md "Excel import", ADR 0017): download the template,
 * choose an .xlsx (type and size checked here too), upload it with progress for a preview of every
 * row's errors (nothing saved), then 导入全部 (only when no row is refused) or 仅导入有效行, and
 * 下载错误行 for the refused rows with their reasons. The browser keeps the file and sends it again
 * for each step: the server keeps nothing between requests.
 */
export function ImportDialog({
  label,
  unit = '个',
  routes,
  open,
  onClose,
  onImported,
}: {
  label: string;
  /** The label's measure word in counts (个 unless given: 篇 for news). */
  unit?: string;
  routes: { importTemplate: CallRoute; import: CallRoute };
  open: boolean;
  onClose: () => void;
  /** After rows were written (the lists reload). */
  onImported: () => void;
}) {
  const [phase, setPhase] = useState<Phase>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The request under way and its upload progress (0–1). */
  const [busy, setBusy] = useState<{ mode: ImportMode; sent: number } | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const aborter = useRef<AbortController | null>(null);
  const tableBox = useKeyboardScroll(`${label}导入预览`);
  const focusReturn = useFocusReturn(open);

  // Each step's heading takes the focus, so a keyboard or screen-reader user starts there.
  useEffect(() => {
    if (open && phase !== 'choose') heading.current?.focus();
  }, [phase, open]);

  const reset = () => {
    aborter.current?.abort();
    setPhase('choose');
    setFile(null);
    setProblem(null);
    setBusy(null);
    setPreview(null);
    setResult(null);
    setOnlyErrors(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const choose = (chosen: File) => {
    const refused = fileProblem(chosen);
    setProblem(refused);
    setFile(refused ? null : chosen);
    setPreview(null);
  };

  /** Sends the file with `mode`; a refusal is shown in the dialog (not toasted over it). */
  async function send(mode: ImportMode) {
    if (!file) return;
    const controller = new AbortController();
    aborter.current = controller;
    setProblem(null);
    setBusy({ mode, sent: 0 });
    const input = { mode, file } as never;
    const opts = {
      toast: false,
      signal: controller.signal,
      onProgress: (sent: number) => setBusy({ mode, sent }),
    } as const;
    try {
      const out = (await api.upload(routes.import, input, opts)) as ImportResult;
      if (mode === 'preview') {
        setPreview(out);
        setOnlyErrors(out.invalid > 0);
        setPhase('preview');
      } else {
        setResult(out);
        setPhase('done');
        toastSuccess(`已导入 ${out.created} ${unit}${label}`);
        onImported();
      }
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

  const progress = busy && (
    <div className="resource-import-progress" aria-live="polite">
      <Progress
        percent={Math.round(busy.sent * 100)}
        status="active"
        aria-label={busy.sent < 1 ? '上传进度' : '处理进度'}
      />
      <Typography.Text type="secondary">
        {busy.sent < 1 ? '正在上传…' : busy.mode === 'preview' ? '已上传，正在逐行校验…' : '正在处理…'}
      </Typography.Text>
    </div>
  );
  const alert = problem && <Alert type="error" showIcon role="alert" title={problem} />;

  const footer =
    phase === 'choose' ? (
      <Space wrap>
        <Button onClick={close}>取消</Button>
        <Button
          type="primary"
          disabled={!file || busy !== null}
          loading={busy?.mode === 'preview'}
          onClick={() => send('preview')}
        >
          上传并预览
        </Button>
      </Space>
    ) : phase === 'preview' && preview ? (
      <Space wrap>
        <Button onClick={reset} disabled={busy !== null}>
          重新选择文件
        </Button>
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
          {progress}
          {alert}
        </Space>
      )}
      {phase === 'preview' && preview && (
        <Space orientation="vertical" size="middle" className="resource-import-body">
          <h3 ref={heading} tabIndex={-1} className="resource-import-heading">
            预览：共 {preview.total} 行，可导入 {preview.valid} 行，有误 {preview.invalid} 行
          </h3>
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
          {progress}
          {alert}
        </Space>
      )}
      {phase === 'done' && result && (
        <div className="resource-import-body">
          <h3 ref={heading} tabIndex={-1} className="resource-import-heading">
            导入完成
          </h3>
          <Result
            status="success"
            title={`已导入 ${result.created} ${unit}${label}`}
            subTitle={
              result.invalid > 0
                ? `有误的 ${result.invalid} 行没有导入：修正后可以再次导入这些行。`
                : `表格中的 ${result.total} 行全部导入。`
            }
          />
          {progress}
          {alert}
        </div>
      )}
    </Modal>
  );
}
