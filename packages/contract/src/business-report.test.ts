import { describe, expect, it } from 'vitest';
import { type BusinessReplay, replayAt, replayMoments } from './business-report.ts';

const t = (n: number) => `2026-11-29T10:00:0${n}.000Z`;
const row = (
  path_id: number,
  task_id: string,
  flow_id: number,
  entered: number,
  left: number | null,
  kind: 'node' | 'merge' = 'node',
) => ({
  path_id,
  task_id,
  name: task_id,
  flow_id,
  kind,
  step: path_id,
  entered_at: t(entered),
  left_at: left === null ? null : t(left),
});

/** A bill (flow 1) whose nest N ran the hearing (flow 2) between moments 2 and 4, then went on to V. */
const RUN: BusinessReplay = {
  id: 1,
  name: '立法',
  status: 2,
  flows: [
    { flow_id: 1, xml: '<bill/>', project_name: null },
    { flow_id: 2, xml: '<hearing/>', project_name: '听证会' },
  ],
  rows: [row(1, 'D', 1, 1, 2), row(2, 'N', 1, 2, 4), row(3, 'A', 2, 3, 4), row(4, 'V', 1, 4, null)],
};

describe('a replay', () => {
  it('has a moment for each time the run entered nodes', () => {
    expect(replayMoments(RUN)).toEqual([t(1), t(2), t(3), t(4)]);
  });

  it('shows the run as it stood then, on the diagram of the project that ran', () => {
    expect(replayAt(RUN, t(1))).toMatchObject({
      xml: '<bill/>',
      current: ['D'],
      visited: [],
      project_name: null,
    });
    expect(replayAt(RUN, t(2))).toMatchObject({ current: ['N'], visited: ['D'] });
    expect(replayAt(RUN, t(3))).toMatchObject({
      xml: '<hearing/>',
      current: ['A'],
      visited: [],
      project_name: '听证会',
    });
    expect(replayAt(RUN, t(4))).toMatchObject({ xml: '<bill/>', current: ['V'], visited: ['D', 'N'] });
  });

  it('marks a merge waited at', () => {
    const merge: BusinessReplay = {
      ...RUN,
      rows: [row(1, 'B1', 1, 1, 2), row(2, 'B2', 1, 1, null), row(3, 'J', 1, 2, null, 'merge')],
    };
    expect(replayAt(merge, t(2))).toMatchObject({ current: ['B2'], waiting: ['J'], visited: ['B1'] });
  });
});
