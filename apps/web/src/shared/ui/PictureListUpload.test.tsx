import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '#web/shared/api/client.ts';
import { stubMatchMedia } from '#web/shared/testing/matchMedia.ts';
import { mount } from '#web/shared/testing/mount.tsx';
import { until } from '#web/shared/testing/until.ts';
import { PictureListUpload } from './PictureListUpload.tsx';
import { addPictures, movePicture, pictureKeys, removePicture, undoRemove } from './pictureList.ts';

stubMatchMedia();
afterEach(() => vi.restoreAllMocks());

describe('a picture list’s changes', () => {
  it('adds within the limit, moves, removes and puts a removed picture back where it was', () => {
    expect(addPictures(['/a'], ['/b', '/c', '/d'], 3)).toEqual(['/a', '/b', '/c']);
    expect(movePicture(['/a', '/b', '/c'], 2, 0)).toEqual(['/c', '/a', '/b']);
    expect(movePicture(['/a', '/b'], 1, 5)).toEqual(['/a', '/b']);
    expect(removePicture(['/a', '/b', '/c'], 1)).toEqual(['/a', '/c']);
    expect(undoRemove(['/a', '/c'], { address: '/b', index: 1 }, 10)).toEqual(['/a', '/b', '/c']);
    expect(undoRemove(['/a'], { address: '/b', index: 4 }, 10)).toEqual(['/a', '/b']);
    expect(undoRemove(['/a', '/c'], { address: '/b', index: 1 }, 2)).toEqual(['/a', '/c']);
    expect(pictureKeys(['/a', '/b', '/a'])).toEqual(['/a', '/b', '/a#2']);
  });
});

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

/** Picks `files` in the Upload's file input, as the browser's chooser does. */
function pick(host: HTMLElement, files: File[]) {
  const input = host.querySelector('input[type="file"]') as HTMLInputElement;
  expect(input.multiple).toBe(true);
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('PictureListUpload', () => {
  it('uploads several pictures picked at once and adds them together, in the order picked', async () => {
    const upload = vi
      .spyOn(api, 'upload')
      .mockImplementation(
        async (_call, input) =>
          ({ url: `/api/file/image?key=${(input as { file: File }).file.name}` }) as never,
      );
    const onChange = vi.fn();
    const host = mount(
      <PictureListUpload label="商品图片" max={10} value={['/old.png']} onChange={onChange} />,
    );
    pick(host, [png('1.png'), new File(['x'], 'notes.txt', { type: 'text/plain' }), png('2.png')]);
    await until(() => onChange.mock.calls.length > 0);
    expect(upload).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(
      ['/old.png', '/api/file/image?key=1.png', '/api/file/image?key=2.png'],
      'add',
    );
    // The refused file is named, in Chinese, and announced.
    expect(host.querySelector('[role="alert"]')?.textContent).toContain(
      'notes.txt：请选择 JPG、PNG、WebP 或 GIF 图片',
    );
  });

  it('sends no more than the limit allows and says how many were left out', async () => {
    const upload = vi.spyOn(api, 'upload').mockResolvedValue({ url: '/api/file/image?key=n' } as never);
    const onChange = vi.fn();
    const host = mount(<PictureListUpload label="商品图片" max={2} value={['/a.png']} onChange={onChange} />);
    pick(host, [png('1.png'), png('2.png'), png('3.png')]);
    await until(() => onChange.mock.calls.length > 0);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('最多 2 张，2 张未添加');
  });

  it('removes a picture without asking, and 撤销 (focused) puts it back where it was', () => {
    const onChange = vi.fn();
    const host = mount(
      <PictureListUpload label="商品图片" max={10} value={['/a', '/b', '/c']} onChange={onChange} />,
    );
    const button = (name: string) => host.querySelector(`button[aria-label="${name}"]`) as HTMLButtonElement;
    expect(host.querySelector('img')?.getAttribute('alt')).toBe('商品图片 1（封面）');
    act(() => button('移除 商品图片 2').click());
    expect(onChange).toHaveBeenLastCalledWith(['/a', '/c'], 'remove');
    host.rerender(<PictureListUpload label="商品图片" max={10} value={['/a', '/c']} onChange={onChange} />);
    const undo = [...host.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('撤销'),
    ) as HTMLButtonElement;
    expect(host.querySelector('[role="status"]')?.textContent).toContain('已移除商品图片「第 2 张」');
    expect(document.activeElement).toBe(undo);
    act(() => undo.click());
    expect(onChange).toHaveBeenLastCalledWith(['/a', '/b', '/c'], 'undo');
    // Moved by the keyboard's buttons too.
    host.rerender(
      <PictureListUpload label="商品图片" max={10} value={['/a', '/b', '/c']} onChange={onChange} />,
    );
    act(() => button('前移 商品图片 3').click());
    expect(onChange).toHaveBeenLastCalledWith(['/a', '/c', '/b'], 'move');
  });
});
