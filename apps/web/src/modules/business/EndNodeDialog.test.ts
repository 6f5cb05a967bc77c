import { describe, expect, it } from 'vitest';
import { exitLabel } from './EndNodeDialog.tsx';

const to = (...names: string[]) => names.map((name, i) => ({ node_id: i + 1, name }));

describe('an exit as the one ending a node reads it', () => {
  it('names where it leads', () => {
    expect(exitLabel({ id: 1, name: '归档总结', kind: 'node', to: to('归档总结') }, true)).toBe(
      '进入 归档总结',
    );
    expect(exitLabel({ id: 2, name: '否', kind: 'node', to: to('财务审核') }, true)).toBe('否 → 财务审核');
    expect(exitLabel({ id: 3, name: '是', kind: 'split', to: to('甲方签字', '乙方签字') }, true)).toBe(
      '是 → 并行：甲方签字、乙方签字',
    );
    expect(exitLabel({ id: 4, name: '并行汇合', kind: 'merge', to: to('法庭辩论') }, false)).toBe(
      '并行汇合 → 汇合后进入：法庭辩论',
    );
  });

  it('says whether an end ends the business or only its branch', () => {
    expect(exitLabel({ id: 5, name: '结束', kind: 'end', to: [] }, true)).toBe('结束业务');
    expect(exitLabel({ id: 5, name: '结束', kind: 'end', to: [] }, false)).toBe('结束本分支');
    expect(exitLabel({ id: 6, name: '撤诉', kind: 'end', to: [] }, true)).toBe('撤诉 → 结束业务');
  });
});
