import { UploadOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import { useRef } from 'react';

/** What an upload button accepts: pictures, PDF and Office documents (the server types by content). */
export const DOCUMENT_ACCEPT = 'image/*,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx';

/** A button that picks one file and hands it to `onPick` (busy while `progress` is not null). */
export function UploadButton({
  label,
  pickLabel,
  onPick,
  progress,
  accept = DOCUMENT_ACCEPT,
}: {
  label: string;
  /** The file input's name for assistive technology. */
  pickLabel: string;
  onPick: (file: File) => void;
  progress: number | null;
  accept?: string;
}) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        icon={<UploadOutlined aria-hidden />}
        loading={progress !== null}
        onClick={() => picker.current?.click()}
      >
        {label}
      </Button>
      <input
        ref={picker}
        type="file"
        hidden
        aria-label={pickLabel}
        accept={accept}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onPick(file);
        }}
      />
    </>
  );
}

/** An upload's progress while it goes, and its refusal (from `useUpload`). */
export function UploadStatus({ progress, error }: { progress: number | null; error: string }) {
  return (
    <>
      {progress !== null && <Progress percent={progress} size="small" aria-label="上传进度" />}
      {error && (
        <div className="ant-form-item-explain-error" role="alert">
          {error}
        </div>
      )}
    </>
  );
}
