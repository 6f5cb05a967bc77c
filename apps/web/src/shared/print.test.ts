import { describe, expect, it } from 'vitest';
import { printableClone } from './print.ts';

function section(): HTMLElement {
  const el = document.createElement('section');
  el.innerHTML = `
    <h2>个人信息</h2>
    <button class="no-print">打印</button>
    <table><tr><td>张三</td><td class="no-print">操作</td></tr></table>
    <div class="card"><p>单位：示例公司</p><div class="toolbar no-print"><span>内部</span></div></div>`;
  return el;
}

describe('printableClone', () => {
  it('keeps the content and drops every .no-print element with its children', () => {
    const clone = printableClone(section());
    expect(clone.textContent).toContain('个人信息');
    expect(clone.textContent).toContain('张三');
    expect(clone.textContent).toContain('单位：示例公司');
    expect(clone.textContent).not.toContain('打印');
    expect(clone.textContent).not.toContain('操作');
    expect(clone.textContent).not.toContain('内部');
    expect(clone.querySelectorAll('.no-print')).toHaveLength(0);
  });

  it('leaves the page untouched', () => {
    const el = section();
    printableClone(el);
    expect(el.querySelectorAll('.no-print')).toHaveLength(3);
    expect(el.textContent).toContain('打印');
  });
});
