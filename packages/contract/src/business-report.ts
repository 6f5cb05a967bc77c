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
