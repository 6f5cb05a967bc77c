import { describe, expect, it } from 'vitest';
import { exitLabel } from './EndNodeDialog.tsx';

const to = (...names: string[]) => names.map((name, i) => ({ node_id: i + 1, name }));

describe('an exit as the one ending a node reads it', () => {
  it('names where it leads', () => {
    expect(exitLabel({ id: 1, name: '归档总结', kind: 'node', to: to('归档总结') }, 'business')).toBe(
      '进入 归档总结',
    );
    expect(exitLabel({ id: 2, name: '否', kind: 'node', to: to('财务审核') }, 'business')).toBe(
      '否 → 财务审核',
    );
    expect(exitLabel({ id: 3, name: '是', kind: 'split', to: to('甲方签字', '乙方签字') }, 'business')).toBe(
      '是 → 并行：甲方签字、乙方签字',
    );
    expect(exitLabel({ id: 4, name: '并行汇合', kind: 'merge', to: to('法庭辩论') }, 'branch')).toBe(
      '并行汇合 → 汇合后进入：法庭辩论',
    );
    // Into a merge whose way on the last branch chooses: this one only waits there.
    expect(exitLabel({ id: 8, name: '进入“会签汇合”，等待其他分支', kind: 'wait', to: [] }, 'branch')).toBe(
      '进入“会签汇合”，等待其他分支',
    );
  });

  it('says whether an end ends the business, only its branch, or its nested project', () => {
    expect(exitLabel({ id: 5, name: '结束', kind: 'end', to: [] }, 'business')).toBe('结束业务');
    expect(exitLabel({ id: 5, name: '结束', kind: 'end', to: [] }, 'branch')).toBe('结束本分支');
    expect(exitLabel({ id: 6, name: '撤诉', kind: 'end', to: [] }, 'business')).toBe('撤诉 → 结束业务');
    expect(exitLabel({ id: 7, name: '结束', kind: 'end', to: [] }, 'back')).toBe(
      '结束嵌套项目，回到上级项目',
    );
  });
});
