import { z } from 'zod';
import { defineCall, getCalls, loginCalls } from './call.ts';
import { id } from './fields.ts';

/**
 * Long work as jobs (issue 33, docs/adr/0037-long-work.md): an import, an export over a size, a
 * report. The call that starts one answers the job; the browser follows it with `get` (a progress
 * bar that survives a reload: `list` finds the caller's unfinished jobs again), may `cancel` it, and
 * downloads what it made with `file` (the refused rows, the export). A job is seen only by the user
 * who started it, in the company it was started in.
 */

/** A job's state and its words. */
export const JOB_STATES = {
  queued: '排队中',
  running: '进行中',
  done: '已完成',
  failed: '失败',
  cancelled: '已取消',
} as const;
export type JobState = keyof typeof JOB_STATES;
const jobStates = Object.keys(JOB_STATES) as [JobState, ...JobState[]];
/** States a job does not leave. */
export const JOB_FINISHED: readonly JobState[] = ['done', 'failed', 'cancelled'];

/** A file a job made, to download with `jobCalls.file` (`name`), shown as `label`. */
export const jobFileSchema = z.object({
  /** `refused` (an import's refused rows), `export` (an export's sheet). */
  name: z.string(),
  /** What the download is called: 商品库导入错误行.xlsx. */
  label: z.string(),
});

export const jobSchema = z.object({
  id: z.number().int(),
  /** What the job does, `<kind>:<resource>`: `import:goods`, `export:goods`. */
  kind: z.string(),
  /** What the user started, in words: 导入商品库. */
  title: z.string(),
  state: z.enum(jobStates),
  /** 0–100. */
  progress: z.number().int(),
  /** Where the work is, in words: 已检查 12,000 / 50,000 行. */
  message: z.string(),
  /** A failed job's reason (Chinese), '' otherwise. */
  error: z.string(),
  /** What a finished job answers, by kind (an import: `ImportResult`); null until it finishes. */
  result: z.record(z.string(), z.unknown()).nullable(),
  files: z.array(jobFileSchema),
  create_time: z.string(),
  update_time: z.string(),
  /** When it finished ('' until then). */
  finish_time: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

const call = loginCalls(['job']);
const get = getCalls(['job']);

export const jobCalls = {
  list: call(
    '/job/list',
    '我的任务（最近的在前；kind 只看一种，active=1 只看未结束的）',
    z.object({
      kind: z.string().max(60).optional(),
      active: z.coerce.number().int().min(0).max(1).optional(),
    }),
    z.object({ list: z.array(jobSchema) }),
  ),
  get: get('/job/get', '一个任务的状态与进度', { login: true }, z.object({ id: id('任务') }), jobSchema),
  cancel: call('/job/cancel', '取消排队中或进行中的任务', z.object({ id: id('任务') }), jobSchema),
  file: defineCall({
    method: 'GET',
    path: '/job/file',
    summary: '下载任务生成的文件（导入错误行、导出表格）',
    tags: ['job'],
    access: { login: true },
    input: z.object({ id: id('任务'), name: z.string().max(20) }),
    output: z.object({}),
    file: true,
  }),
};
