import { z } from 'zod';
import { businessDocSchema } from './business-doc.ts';
import { experienceSchema } from './business-run.ts';
import { defineCall, getCalls } from './call.ts';
import { form, id } from './fields.ts';

/**
 * A business's report (issue 37, node screen 4 "分析与总结"; design/training.md "The node screens"):
 * what the run did, gathered from what it kept — its project, flow, team and dates, and for every
 * node it went through (nested projects' too), in order: when, the documents written there with
 * their signatures, a vote's tally, how many messages; then the members' submitted experiences.
 * `/business/report/generate` reads it; `/business/report/export` gives it as a Word document.
 * Served by modules/business (business-report.service.ts).
 */

export const voteTallySchema = z.object({
  agree: z.number().int(),
  disagree: z.number().int(),
  abstain: z.number().int(),
  none: z.number().int(),
  ended: z.boolean(),
});
export type VoteTally = z.infer<typeof voteTallySchema>;

export const reportNodeSchema = z.object({
  path_id: z.number().int(),
  node_id: z.number().int(),
  name: z.string(),
  node_type: z.number().int().nullable(),
  /** The project a jump or nest went on in (null: the business's own). */
  project_name: z.string().nullable(),
  step: z.number().int(),
  entered_at: z.string(),
  left_at: z.string().nullable(),
  docs: z.array(businessDocSchema),
  /** The node's notice (a post node), if one was posted. */
  post: z.object({ id: z.number().int(), name: z.string(), content: z.string() }).nullable(),
  /** The node's vote, when its seats voted. */
  vote: voteTallySchema.nullable(),
  messages: z.number().int(),
});
export type ReportNode = z.infer<typeof reportNodeSchema>;

export const businessReportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  project_name: z.string(),
  flow_name: z.string(),
  status: z.number().int(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  members: z.array(
    z.object({ role_name: z.string(), project_name: z.string().nullable(), user_name: z.string() }),
  ),
  nodes: z.array(reportNodeSchema),
  experiences: z.array(experienceSchema),
});
export type BusinessReport = z.infer<typeof businessReportSchema>;

/**
 * A run to replay (`/business/replay`; beyond the original): the diagram of each project it ran in
 * and every path row with when it was entered and left, so a page can show the run as it stood at
 * any moment — the messages of each moment are read with `/business/messages`.
 */
export const businessReplaySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.number().int(),
  flows: z.array(
    z.object({ flow_id: z.number().int(), xml: z.string(), project_name: z.string().nullable() }),
  ),
  rows: z.array(
    z.object({
      path_id: z.number().int(),
      task_id: z.string(),
      name: z.string(),
      flow_id: z.number().int(),
      /** A run node, or a merge a branch waited at. */
      kind: z.enum(['node', 'merge']),
      step: z.number().int(),
      entered_at: z.string(),
      left_at: z.string().nullable(),
    }),
  ),
});
export type BusinessReplay = z.infer<typeof businessReplaySchema>;

const body = form({ business_id: id('业务') });
const get = getCalls(['business']);

export const businessReportCalls = {
  generate: get(
    '/business/report/generate',
    '业务报告：项目、流程、成员、起止时间，经过的每个环节的文书与签字、表决结果，以及成员的心得',
    { login: true },
    body,
    businessReportSchema,
  ),
  result: get(
    '/business/result',
    '已结束业务的结果：与业务报告相同的内容，业务结束后才有',
    { login: true },
    body,
    businessReportSchema,
  ),
  replay: get(
    '/business/replay',
    '业务回放：各项目的流程图与经过的每个环节的进入、离开时间',
    { login: true },
    body,
    businessReplaySchema,
  ),
  export: defineCall({
    method: 'GET',
    path: '/business/report/export',
    summary: '业务报告导出为 Word 文档',
    tags: ['business'],
    access: { login: true },
    input: body,
    output: z.object({}),
    file: true,
  }),
} as const;

/** The moments of a replay: each time the run entered nodes (a node ended, a branch waited), in order. */
export function replayMoments(r: Pick<BusinessReplay, 'rows'>): string[] {
  return [...new Set(r.rows.map((x) => x.entered_at))].sort();
}

/**
 * The run as it stood at moment `at` (a time of `replayMoments`), as the live diagram shows a run:
 * the flow of the node entered last among those open then (a nested project while it ran), its
 * nodes current then red, a merge waited at orange, those left by then blue.
 */
export function replayAt(r: BusinessReplay, at: string) {
  const open = (x: BusinessReplay['rows'][number]) =>
    x.entered_at <= at && (x.left_at === null || x.left_at > at);
  const inner = r.rows.filter(open).at(-1);
  const flow = r.flows.find((f) => f.flow_id === inner?.flow_id) ?? r.flows[0];
  const mine = r.rows.filter((x) => x.flow_id === flow?.flow_id && x.entered_at <= at);
  const ids = (rows: BusinessReplay['rows']) => [...new Set(rows.map((x) => x.task_id))];
  const current = ids(mine.filter((x) => open(x) && x.kind === 'node'));
  const waiting = ids(mine.filter((x) => open(x) && x.kind === 'merge'));
  return {
    xml: flow?.xml ?? '',
    current,
    waiting,
    visited: ids(mine.filter((x) => x.left_at !== null && x.left_at <= at)).filter(
      (t) => !current.includes(t) && !waiting.includes(t),
    ),
    project_name: flow?.project_name ?? null,
  };
}
