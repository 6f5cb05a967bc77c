import type { BusinessMessage } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { heardKeys, runKeys } from './useBusinessRun.ts';

const heard = (cmd: string, node_id = 7): BusinessMessage => ({
  seq: 1,
  business_id: 3,
  node_id,
  path_id: 1,
  role_alloc_id: 1,
  role_name: '财务',
  user_id: 1,
  user_name: '王老师',
  type: 'cmd',
  cmd,
  msg: '',
  data: {},
  create_time: '2026-11-30 12:00:00',
});

describe('what a page reads again for the commands it hears', () => {
  it('an item read: only who has read the node’s items, once per node', () => {
    expect(heardKeys([heard('action_display_read'), heard('action_display_read')])).toEqual([
      runKeys.displayReads(3, 7),
    ]);
    expect(heardKeys([heard('action_display_read', 7), heard('action_display_read', 8)])).toEqual([
      runKeys.displayReads(3, 7),
      runKeys.displayReads(3, 8),
    ]);
  });

  it('any other command among them: the whole business', () => {
    expect(heardKeys([heard('action_display_read'), heard('action_display_step')])).toEqual([runKeys.all]);
    expect(heardKeys([heard('next')])).toEqual([runKeys.all]);
  });
});
