import { afterEach, describe, expect, it } from 'vitest';
import { installFocusRescue } from './focusRescue.ts';

let uninstall: () => void = () => {};
afterEach(() => {
  uninstall();
  document.body.innerHTML = '';
});

/** Lets the MutationObserver run. */
const flush = () => new Promise((r) => setTimeout(r, 0));

function page(html: string) {
  document.body.innerHTML = html;
  uninstall = installFocusRescue(document);
}

describe('focus rescue', () => {
  it('moves focus to the list around a deleted row’s button', async () => {
    page(`<main><div data-focus-home aria-label="分类列表"><table><tbody>
      <tr id="r1"><td><button id="del">删除</button></td></tr></tbody></table></div></main>`);
    (document.getElementById('del') as HTMLButtonElement).focus();
    document.getElementById('r1')?.remove();
    await flush();
    expect(document.activeElement).toBe(document.querySelector('[data-focus-home]'));
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('falls back to the main region when no home is marked', async () => {
    page('<main><form id="f"><button id="submit">提交订单</button></form></main>');
    (document.getElementById('submit') as HTMLButtonElement).focus();
    document.getElementById('f')?.remove();
    await flush();
    expect(document.activeElement).toBe(document.querySelector('main'));
  });

  it('leaves focus alone when something else took it', async () => {
    page('<main><button id="a">删除</button><input id="field" /></main>');
    (document.getElementById('a') as HTMLButtonElement).focus();
    const field = document.getElementById('field') as HTMLInputElement;
    document.getElementById('a')?.remove();
    field.focus();
    await flush();
    expect(document.activeElement).toBe(field);
  });
});
