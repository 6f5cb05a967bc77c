import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useFocusReturn } from './useFocusReturn.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
/** The `closed` of the last render: what the dialog calls when its closing animation has ended. */
let closed: () => void = () => {};

/** A list page: 新增 opens the dialog, a search box beside it; the dialog's 保存 while open. */
function Page({ open, saveShown = open }: { open: boolean; saveShown?: boolean }) {
  const focusReturn = useFocusReturn(open);
  closed = focusReturn.closed;
  return (
    <main>
      <button type="button" id="add">
        新增
      </button>
      <input id="search" aria-label="搜索" />
      {saveShown && (
        <div role="dialog">
          <input id="name" aria-label="名称" />
          <button type="button" id="save">
            保存
          </button>
        </div>
      )}
    </main>
  );
}

/** A page that drops its dialog as it closes (no closing animation). */
function Dialog() {
  useFocusReturn(true);
  return (
    <div role="dialog">
      <button type="button" id="ok">
        确定
      </button>
    </div>
  );
}
function DroppingPage({ editing }: { editing: boolean }) {
  return (
    <main>
      <button type="button" id="edit">
        编辑
      </button>
      {editing && <Dialog />}
    </main>
  );
}

const el = (id: string) => document.getElementById(id) as HTMLElement;
const render = (open: boolean, saveShown?: boolean) =>
  act(() => root.render(<Page open={open} saveShown={saveShown} />));

beforeEach(async () => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await render(false);
  // The user opens the dialog from 新增 and works in it.
  el('add').focus();
  await render(true);
  el('save').focus();
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('useFocusReturn', () => {
  it('gives focus back to the opening button when the dialog has gone', async () => {
    // Closing: the dialog is still on screen (its animation) with focus on 保存.
    await render(false, true);
    closed();
    expect(document.activeElement).toBe(el('add'));
  });

  it('gives it back when focus fell to the page as the dialog’s content went', async () => {
    await render(false, true);
    await render(false, false);
    expect(document.activeElement).toBe(document.body);
    closed();
    expect(document.activeElement).toBe(el('add'));
  });

  it('gives it back from another field of the dialog', async () => {
    await render(false, true);
    el('name').focus();
    closed();
    expect(document.activeElement).toBe(el('add'));
  });

  it('gives it back from a region the page focused when the dialog’s button it was on left', async () => {
    await render(false, true);
    // What focusRescue does once 保存 is gone (focusRegion marks the region).
    const main = document.querySelector('main') as HTMLElement;
    main.setAttribute('tabindex', '-1');
    main.setAttribute('data-focus-region', '');
    main.focus();
    closed();
    expect(document.activeElement).toBe(el('add'));
  });

  it('leaves focus where the user put it while the dialog was closing', async () => {
    await render(false, true);
    el('search').focus();
    closed();
    expect(document.activeElement).toBe(el('search'));
  });

  it('does nothing once the opening button has gone', async () => {
    await render(false, true);
    el('add').remove();
    closed();
    expect(document.activeElement).toBe(el('save'));
  });
});

describe('useFocusReturn of a dialog dropped from the page', () => {
  it('gives focus back once the dialog has left', async () => {
    await act(() => root.render(<DroppingPage editing={false} />));
    el('edit').focus();
    await act(() => root.render(<DroppingPage editing />));
    el('ok').focus();
    await act(() => root.render(<DroppingPage editing={false} />));
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(document.activeElement).toBe(el('edit'));
  });
});
