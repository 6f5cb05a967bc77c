import { UploadOutlined } from '@ant-design/icons';
import { fileCalls } from '@portal/contract/calls';
import { FILE_ACCEPT, FILE_IMAGE_MAX_BYTES, formatBytes } from '@portal/contract/constants';
import { Button, Progress, Tag, Upload } from 'antd';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { api, isApiError } from '#web/shared/api/client.ts';
import { addPictures, movePicture, pictureKeys, removePicture, undoRemove } from './pictureList.ts';
import { refusalOf } from './useFileUpload.ts';
import './picture-list.css';

/** What changed, for a caller that saves each change at once and says so (商城设置's gallery). */
export type PictureChange = 'add' | 'move' | 'remove' | 'undo';

interface Sending {
  id: number;
  name: string;
  percent: number;
}

/**
 * A list of pictures in order, the first the cover — a form control of a `pictures` column
 * (商品图片), or a gallery saved on each change:
 *
 *   <Form.Item label="商品图片" name="images"><PictureListUpload label="商品图片" max={10} /></Form.Item>
 *
 * - 添加商品图片 (添加 and the label) picks several files at once (antd Upload, `multiple`); each is checked here (type,
 *   size), sent to the company's file store (`/file/upload`, kind image) with its own progress,
 *   and the addresses join the list together, in the order picked, once all are in. Files beyond
 *   `max` are not sent, and the field says how many were left out.
 * - Order: dragged with the mouse, or 前移 / 后移 from the keyboard.
 * - 移除 takes a picture out at once, without a confirmation: 撤销 (focused) puts it back where it was.
 * Every control is a button named after its picture (`前移 商品图片 2`, `添加商品图片`); refusals are written in
 * Chinese under the list and announced.
 */
export function PictureListUpload({
  value,
  onChange,
  label,
  max,
  id,
  disabled,
}: {
  value?: readonly string[];
  onChange?: (pictures: string[], change: PictureChange) => void;
  /** What the pictures are (商品图片): the list's name, and each picture's (商品图片 1（封面）). */
  label: string;
  max: number;
  /** Given by Form.Item, so a click on its label reaches the 添加… button. */
  id?: string;
  disabled?: boolean;
}) {
  const pictures = value ?? [];
  // The list as it is now, for uploads that finish after other changes.
  const latest = useRef(pictures);
  latest.current = pictures;
  const [sending, setSending] = useState<Sending[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [removed, setRemoved] = useState<{ address: string; index: number } | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const counter = useRef(0);
  const hintId = useId();
  const errorId = useId();
  const room = max - pictures.length - sending.length;

  useEffect(() => {
    if (removed) undoButton.current?.focus();
  }, [removed]);

  const change = (next: string[], what: PictureChange) => {
    if (what !== 'undo') setRemoved(null);
    onChange?.(next, what);
  };

  async function send(file: File, id: number): Promise<string | undefined> {
    const refused = refusalOf(file, 'image');
    if (refused) throw new Error(`${file.name}：${refused}`);
    try {
      const stored = await api.upload(
        fileCalls.upload,
        { file, kind: 'image' },
        {
          toast: false,
          onProgress: (sent) =>
            setSending((all) =>
              all.map((s) => (s.id === id ? { ...s, percent: Math.round(sent * 100) } : s)),
            ),
        },
      );
      return stored.url;
    } catch (e) {
      throw new Error(`${file.name}：${isApiError(e) ? e.m : '上传失败，请检查网络后重试'}`);
    }
  }

  async function addFiles(files: File[]) {
    const taken = files.slice(0, Math.max(room, 0));
    const problems =
      taken.length < files.length ? [`最多 ${max} 张，${files.length - taken.length} 张未添加`] : [];
    setErrors(problems);
    if (taken.length === 0) return;
    const batch = taken.map((file) => ({ id: ++counter.current, name: file.name, percent: 0 }));
    setSending((all) => [...all, ...batch]);
    const results = await Promise.allSettled(taken.map((file, i) => send(file, batch[i]?.id ?? 0)));
    setSending((all) => all.filter((s) => !batch.some((b) => b.id === s.id)));
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    if (failed.length) setErrors([...problems, ...failed]);
    const added = results.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
    if (added.length) change(addPictures(latest.current, added, max), 'add');
  }

  const move = (from: number, to: number) => {
    if (from !== to) change(movePicture(pictures, from, to), 'move');
  };
  const remove = (index: number) => {
    const address = pictures[index];
    if (address === undefined) return;
    change(removePicture(pictures, index), 'remove');
    setRemoved({ address, index });
  };
  const undo = () => {
    if (!removed) return;
    change(undoRemove(latest.current, removed, max), 'undo');
    setRemoved(null);
  };
  const nameOf = (i: number) => `${label} ${i + 1}${i === 0 ? '（封面）' : ''}`;
  const keys = pictureKeys(pictures);

  return (
    <div className="picture-list">
      {pictures.length + sending.length > 0 && (
        <ul className="picture-list__items" aria-label={label}>
          {pictures.map((address, i) => (
            <li
              key={keys[i]}
              className={`picture-list__item${dragged === i ? ' picture-list__item--dragged' : ''}`}
              draggable={!disabled}
              onDragStart={(e: DragEvent) => {
                e.dataTransfer.effectAllowed = 'move';
                setDragged(i);
              }}
              onDragOver={(e: DragEvent) => {
                if (dragged !== null) e.preventDefault();
              }}
              onDrop={(e: DragEvent) => {
                e.preventDefault();
                if (dragged !== null) move(dragged, i);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
            >
              <div className="picture-list__picture">
                <img src={address} alt={nameOf(i)} width={96} height={96} draggable={false} />
                {i === 0 && (
                  <Tag className="picture-list__cover" color="blue">
                    封面
                  </Tag>
                )}
              </div>
              <div className="picture-list__actions">
                <Button
                  size="small"
                  disabled={disabled || i === 0}
                  aria-label={`前移 ${label} ${i + 1}`}
                  onClick={() => move(i, i - 1)}
                >
                  前移
                </Button>
                <Button
                  size="small"
                  disabled={disabled || i === pictures.length - 1}
                  aria-label={`后移 ${label} ${i + 1}`}
                  onClick={() => move(i, i + 1)}
                >
                  后移
                </Button>
                <Button
                  size="small"
                  danger
                  disabled={disabled}
                  aria-label={`移除 ${label} ${i + 1}`}
                  onClick={() => remove(i)}
                >
                  移除
                </Button>
              </div>
            </li>
          ))}
          {sending.map((s) => (
            <li key={`sending-${s.id}`} className="picture-list__item picture-list__item--sending">
              <div className="picture-list__picture">
                <Progress type="circle" size={64} percent={s.percent} aria-label={`${s.name}上传进度`} />
              </div>
              <div className="picture-list__name">{s.name}</div>
            </li>
          ))}
        </ul>
      )}
      <div className="picture-list__add">
        <Upload
          accept={FILE_ACCEPT.image}
          multiple
          showUploadList={false}
          disabled={disabled || room <= 0}
          beforeUpload={(file, batch) => {
            // Called once per file of a pick: the first of the batch sends them all.
            if (file === batch[0]) void addFiles(batch);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button
            id={id}
            aria-label={`添加${label}`}
            icon={<UploadOutlined aria-hidden />}
            disabled={disabled || room <= 0}
            loading={sending.length > 0}
            aria-describedby={`${hintId}${errors.length ? ` ${errorId}` : ''}`}
          >
            {`添加${label}`}
          </Button>
        </Upload>
        <span id={hintId} className="picture-list__hint">
          {`可一次选择多张：JPG、PNG、WebP 或 GIF，每张不超过 ${formatBytes(FILE_IMAGE_MAX_BYTES)}；已有 ${pictures.length}/${max} 张，第一张为封面，拖动或用前移、后移调整顺序`}
        </span>
      </div>
      <div role="status" className="picture-list__status">
        {removed && (
          <>
            已移除{label}「第 {removed.index + 1} 张」
            <Button
              ref={undoButton}
              type="link"
              size="small"
              onClick={undo}
              disabled={disabled || pictures.length >= max}
            >
              撤销
            </Button>
          </>
        )}
      </div>
      <div id={errorId} role="alert" className="picture-list__error">
        {errors.map((e) => (
          <div key={e}>{e}</div>
        ))}
      </div>
    </div>
  );
}
