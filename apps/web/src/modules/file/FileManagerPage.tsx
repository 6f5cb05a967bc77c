import { FileOutlined, UploadOutlined } from '@ant-design/icons';
import { type FileKind, fileUpdateBody, type StoredFileInfo } from '@portal/contract';
import { fileCalls } from '@portal/contract/calls';
import { FILE_ACCEPT, FILE_KINDS, FILE_NAME_MAX, formatBytes, KEYWORD_MAX } from '@portal/contract/constants';
import { App, Button, Card, Form, Input, Progress, Space } from 'antd';
import { type Key, useId, useRef, useState } from 'react';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatMinute } from '#web/shared/format.ts';
import { useInvalidate, useInvalidatingMutation, useListQuery } from '#web/shared/queryHooks.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { useFileUpload } from '#web/shared/ui/useFileUpload.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useCan } from '#web/shared/usePermission.ts';
import '#web/shared/resource/resource.css';
import './file.css';

const KIND_OPTIONS = (Object.entries(FILE_KINDS) as [FileKind, string][]).map(([value, label]) => ({
  value,
  label,
}));

const fileKeys = { all: ['file'] as const, list: (p: object) => ['file', 'list', p] as const };

/** 上传文件: any kind the store takes, with its progress and the refusal beside the button. */
function UploadButton({ onUploaded }: { onUploaded: (file: StoredFileInfo) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const { upload, progress, busy, error } = useFileUpload('any');
  return (
    <div className="file-upload">
      <Space wrap>
        <Button
          type="primary"
          icon={<UploadOutlined aria-hidden />}
          loading={busy}
          aria-describedby={error ? errorId : undefined}
          onClick={() => input.current?.click()}
        >
          上传文件
        </Button>
        {busy ? (
          <Progress percent={progress ?? 0} size="small" style={{ width: 160 }} aria-label="上传进度" />
        ) : null}
      </Space>
      <input
        ref={input}
        type="file"
        accept={FILE_ACCEPT.any}
        className="file-upload__input"
        tabIndex={-1}
        aria-hidden
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          const stored = file ? await upload(file) : undefined;
          if (stored) onUploaded(stored);
        }}
      />
      <div id={errorId} className="file-upload__error" role="alert">
        {error}
      </div>
    </div>
  );
}

/**
 * 文件管理 (/crm/file_manager): the company's file store — goods images, logos and documents
 * (`/file/get|upload|update|delete|selected/delete`). Search by name, filter by kind, paging;
 * upload, rename, delete one or the selected ones after a confirmation. Pictures open at their
 * public address, documents download through the staff address.
 */
export function FileManagerPage() {
  const { modal } = App.useApp();
  const can = {
    add: useCan('file', 'add_file'),
    change: useCan('file', 'change_file'),
    delete: useCan('file', 'delete_file'),
  };
  const filters = useListFilters<FileKind>();
  const { status: kind, ...rest } = filters.params;
  const params = { ...rest, kind };
  const list = useListQuery(fileKeys.list(params), () => api.call(fileCalls.list, params));
  const invalidate = useInvalidate(fileKeys.all);
  const rename = useInvalidatingMutation(fileKeys.all, (input: { id: number; name: string }) =>
    api.call(fileCalls.update, input, { toast: 'unlessField' }),
  );
  const [selected, setSelected] = useState<number[]>([]);
  const [renaming, setRenaming] = useState<StoredFileInfo | null>(null);
  const [form] = Form.useForm<{ name: string }>();

  const removeRows = (rows: StoredFileInfo[]) =>
    confirmDanger(modal, {
      title:
        rows.length === 1
          ? `确定删除文件「${(rows[0] as StoredFileInfo).name}」吗？`
          : `确定删除选中的 ${rows.length} 个文件吗？`,
      content: '删除后，用到它的商品图片、品牌标志或链接将无法再显示或下载。',
      okText: '删除',
      onOk: () =>
        api
          .call(fileCalls.removeMany, { ids: rows.map((r) => r.id) })
          .then((r) => {
            toastSuccess(`已删除 ${r.count} 个文件`);
            setSelected((s) => s.filter((id) => !rows.some((row) => row.id === id)));
          })
          .catch(() => {})
          .finally(invalidate),
    });

  const columns: ListColumns<StoredFileInfo> = [
    {
      title: '预览',
      dataIndex: 'thumb_url',
      width: 72,
      phone: 'hidden',
      render: (thumb: string, row) =>
        thumb ? (
          <img src={thumb} alt={row.name} width={48} height={48} className="file-thumb" loading="lazy" />
        ) : (
          <span className="file-thumb file-thumb--doc" aria-hidden>
            <FileOutlined aria-hidden />
          </span>
        ),
    },
    {
      title: '文件名',
      dataIndex: 'name',
      phone: 'title',
      render: (name: string, row) => (
        <a
          href={row.url}
          {...(row.kind === 'image' ? { target: '_blank', rel: 'noopener noreferrer' } : { download: name })}
        >
          {name}
        </a>
      ),
    },
    { title: '类型', dataIndex: 'kind', width: 110, render: (k: FileKind) => FILE_KINDS[k] },
    { title: '大小', dataIndex: 'size', width: 100, align: 'right', render: (n: number) => formatBytes(n) },
    {
      title: '尺寸',
      key: 'dimensions',
      width: 110,
      phone: 'hidden',
      render: (_: unknown, row) => (row.width && row.height ? `${row.width} × ${row.height}` : '—'),
    },
    { title: '上传人', dataIndex: 'owner_name', width: 110 },
    { title: '上传时间', dataIndex: 'create_time', width: 150, render: (v: string) => formatMinute(v) },
    ...(can.change || can.delete
      ? [
          actionsColumn<StoredFileInfo>((row) => (
            <Space size={0}>
              {can.change && (
                <Button
                  type="link"
                  size="small"
                  aria-label={`重命名 ${row.name}`}
                  onClick={() => {
                    setRenaming(row);
                    form.setFieldsValue({ name: row.name });
                  }}
                >
                  重命名
                </Button>
              )}
              {can.delete && (
                <Button
                  type="link"
                  size="small"
                  danger
                  aria-label={`删除 ${row.name}`}
                  onClick={() => removeRows([row])}
                >
                  删除
                </Button>
              )}
            </Space>
          )),
        ]
      : []),
  ];
  const rows = list.data?.results ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));

  return (
    <Card title="文件管理">
      <FilteredList<StoredFileInfo, FileKind>
        listFilters={filters}
        search={{ label: '搜索文件', placeholder: '文件名', maxLength: KEYWORD_MAX, style: { width: 260 } }}
        status={{ label: '文件类型', placeholder: '全部类型', options: KIND_OPTIONS }}
        aria-label="文件列表"
        columns={columns}
        query={list}
        empty={filters.filtered ? '没有找到符合条件的文件' : '暂无文件'}
        rowName={(r) => r.name}
        {...(can.delete
          ? {
              rowSelection: {
                selectedRowKeys: selected,
                onChange: (keys: Key[]) => setSelected(keys.map(Number)),
                getCheckboxProps: (row: StoredFileInfo) => ({ 'aria-label': `选择 ${row.name}` }),
              },
            }
          : {})}
      >
        <Space wrap align="start">
          {can.delete && (
            <Button danger disabled={chosen.length === 0} onClick={() => removeRows(chosen)}>
              批量删除{chosen.length > 0 ? `（${chosen.length}）` : ''}
            </Button>
          )}
          {can.add && (
            <UploadButton
              onUploaded={(file) => {
                toastSuccess(`已上传「${file.name}」`);
                invalidate();
              }}
            />
          )}
        </Space>
      </FilteredList>
      <FormModal<{ name: string }>
        form={form}
        name="file-rename"
        label="重命名文件"
        title={renaming ? `重命名 · ${renaming.name}` : '重命名'}
        open={renaming !== null}
        onCancel={() => setRenaming(null)}
        okText="保存"
        ok={{ loading: rename.isPending }}
        onFinish={(values) =>
          renaming &&
          rename.mutate(
            { id: renaming.id, name: values.name.trim() },
            savedWithToast(form, ['name'], '已重命名', () => setRenaming(null)),
          )
        }
      >
        <Form.Item label="文件名" name="name" required rules={[zodRule(fileUpdateBody.shape.name)]}>
          <Input maxLength={FILE_NAME_MAX} showCount />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
