import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { StoredFileInfo } from '@portal/contract';
import { FILE_ACCEPT, FILE_IMAGE_MAX_BYTES, formatBytes } from '@portal/contract/constants';
import { Button, Progress } from 'antd';
import { useId, useRef, useState } from 'react';
import { useFileUpload } from './useFileUpload.ts';
import './image-upload.css';

const HINT = `JPG、PNG、WebP 或 GIF，不超过 ${formatBytes(FILE_IMAGE_MAX_BYTES)}`;

/**
 * An image field that uploads to the company's file store (`/file/upload`, kind image) and holds
 * the picture's address — use it as a form control:
 *
 *   <Form.Item label="品牌标志" name="logo"><ImageUpload alt="品牌标志" /></Form.Item>
 *
 * - `value` / `onChange`: the image address ('' for none); an address typed elsewhere (https://…)
 *   is shown as well. `onUploaded` also gets the stored file (its id, thumbnail, size) when a
 *   caller keeps more than the address (a gallery).
 * - `alt`: what the picture is (品牌标志): the preview's text alternative and the buttons' names.
 * - `id`: given by Form.Item so its label names the 选择图片 button.
 * Keyboard: 选择图片 and 移除 are buttons; a picked file is checked here first (type, size), then
 * by the server (its content); any refusal is written in Chinese under the field and announced,
 * and the upload's progress is shown while it goes.
 */
export function ImageUpload({
  value,
  onChange,
  onUploaded,
  alt,
  id,
  disabled,
}: {
  value?: string;
  onChange?: (address: string) => void;
  onUploaded?: (file: StoredFileInfo) => void;
  alt: string;
  id?: string;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const { upload: send, progress, busy, error, setError } = useFileUpload('image');
  const [preview, setPreview] = useState<{ address: string; thumb: string } | null>(null);
  // The thumbnail of what was just uploaded, else the address itself.
  const shown = value ? (preview?.address === value ? preview.thumb || value : value) : '';

  async function upload(file: File) {
    const stored = await send(file);
    if (!stored) return;
    setPreview({ address: stored.url, thumb: stored.thumb_url });
    onChange?.(stored.url);
    onUploaded?.(stored);
  }

  return (
    <div className="image-upload">
      <div className="image-upload__preview">
        {shown ? (
          <img src={shown} alt={alt} />
        ) : (
          <span className="image-upload__empty" aria-hidden>
            暂无图片
          </span>
        )}
      </div>
      <div className="image-upload__side">
        <div className="image-upload__actions">
          <Button
            id={id}
            icon={<UploadOutlined aria-hidden />}
            loading={busy}
            disabled={disabled}
            aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
            onClick={() => input.current?.click()}
          >
            {value ? '更换图片' : '选择图片'}
          </Button>
          {value && !busy ? (
            <Button
              icon={<DeleteOutlined aria-hidden />}
              disabled={disabled}
              aria-label={`移除${alt}`}
              onClick={() => {
                setError('');
                onChange?.('');
              }}
            >
              移除
            </Button>
          ) : null}
        </div>
        <input
          ref={input}
          type="file"
          accept={FILE_ACCEPT.image}
          className="image-upload__input"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = ''; // the same file may be picked again
            if (file) void upload(file);
          }}
        />
        {busy ? (
          <Progress
            className="image-upload__progress"
            percent={progress ?? 0}
            size="small"
            aria-label={`${alt}上传进度`}
          />
        ) : null}
        <div id={hintId} className="image-upload__hint">
          {HINT}
        </div>
        <div id={errorId} className="image-upload__error" role="alert">
          {error}
        </div>
      </div>
    </div>
  );
}
