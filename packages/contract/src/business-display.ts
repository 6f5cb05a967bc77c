import { z } from 'zod';
import { defineCall, getCalls, loginCalls } from './call.ts';
import { choice, form, id, int, optionalText, uploadedFile } from './fields.ts';

/**
 * A display node (issue 37, node screen 3 "展示"; design/training.md "The node screens"): in step 1
 * the seats of the node offered 刷新文档 gather what is to be shown — documents written in earlier
 * nodes of the business, the flow's templates and materials, or files they upload —; the host (a
 * seat that can end the node) starts the showing, step 2, in which everyone of the node opens each
 * item and is counted as having read it; ending the node warns while someone has not. The step is
 * kept per visit of the node. Every change is an action every page hears. Served by
 * modules/business (business-display.service.ts).
 */

/** The node type whose screen shows materials. */
export const DISPLAY_NODE_TYPE = 3;
export const DISPLAY_STEP = { gather: 1, show: 2 } as const;
export const DISPLAY_STEP_WORDS: Record<number, string> = { 1: '准备展示材料', 2: '展示中' };
/** Where a shown item comes from: an earlier node's document, a flow material, an upload. */
export const DISPLAY_SOURCE = { doc: 1, material: 2, upload: 3 } as const;
export const DISPLAY_SOURCE_WORDS: Record<number, string> = { 1: '业务文书', 2: '流程素材', 3: '上传文件' };
export const BUSINESS_DISPLAY_LIMITS = {
  /** Items one visit of the node shows. */
  perNode: 30,
  name: 60,
} as const;

/** The messages a display's changes are heard as (written by the server, not pushed). */
export const BUSINESS_DISPLAY_EVENTS = {
  action_display_add: '添加展示材料',
  action_display_remove: '移除展示材料',
  action_display_step: '展示步骤',
  action_display_read: '阅读展示材料',
} as const;

export const displayItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1 an earlier node's document, 2 a flow material, 3 an upload (DISPLAY_SOURCE). */
  source: z.number().int(),
  /** The document shown (source 1): its text and signatures are read from it. */
  doc_id: z.number().int().nullable(),
  /** A stored file (sources 2 and 3): read at `/business/file/display/content`. */
  file_id: z.number().int().nullable(),
  mime: z.string(),
  /** The document's rich text (source 1; '' otherwise). */
  content: z.string(),
  /** The document's signatures, as words: "法官 张三 已签字". */
  signs: z.array(z.string()),
  /** Where it comes from: the node the document was written in, or the file's name. */
  origin: z.string(),
  /** Who added it: the seat, its role and member. */
  role_alloc_id: z.number().int(),
  role_name: z.string(),
  user_name: z.string(),
  created_at: z.string(),
  /** Whether the caller has opened it. */
  read: z.boolean(),
});
export type DisplayItem = z.infer<typeof displayItemSchema>;

export const businessDisplaySchema = z.object({
  /** The visit of the node, its step (DISPLAY_STEP). */
  path_id: z.number().int(),
  step: z.number().int(),
  items: z.array(displayItemSchema),
});
export type BusinessDisplay = z.infer<typeof businessDisplaySchema>;

/** An item of an earlier node, a template or a material that may be shown (`/business/prev/doc/get`). */
export const displayCandidateSchema = z.object({
  /** 1 document, 2 material (DISPLAY_SOURCE). */
  source: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  /** The node it was written in, or the material's usage. */
  origin: z.string(),
  /** Already among the items shown in this visit. */
  added: z.boolean(),
});
export type DisplayCandidate = z.infer<typeof displayCandidateSchema>;

/** Who of the node has read each item (`/business/doc/team/status`). */
export const displayReadSchema = z.object({
  item_id: z.number().int(),
  name: z.string(),
  read_names: z.array(z.string()),
  unread_names: z.array(z.string()),
});
export type DisplayRead = z.infer<typeof displayReadSchema>;

const where = { business_id: id('业务'), node_id: id('环节') };
const at = { ...where, role_alloc_id: id('席位') };

export const displayBody = form(where);
export const displayStepBody = form({
  ...at,
  step: int('展示步骤', { min: DISPLAY_STEP.gather, max: DISPLAY_STEP.show }),
});
export const displayAddBody = form({
  ...at,
  doc_from: choice('材料来源', { business_doc: '业务文书', project_doc: '流程素材' }),
  doc_id: id('材料'),
});
/** Multipart: the file goes into the company's file store (typed by its content, as `/file/upload`). */
export const displayUploadBody = form({
  ...at,
  file: uploadedFile('请选择要展示的文件'),
  name: optionalText('材料名称', { max: BUSINESS_DISPLAY_LIMITS.name }),
});
export const displayItemBody = form({ ...at, item_id: id('展示材料') });
export const displayContentBody = form({ business_id: id('业务'), item_id: id('展示材料') });

const get = getCalls(['business']);
const post = loginCalls(['business']);

export const businessDisplayCalls = {
  list: get(
    '/business/file/display/list',
    '展示环节当前这一次的步骤与展示材料（文书、素材、上传的文件，以及自己是否已阅）',
    { login: true },
    displayBody,
    businessDisplaySchema,
  ),
  step: get(
    '/business/step/status',
    '展示环节当前这一次的步骤：1 准备展示材料，2 展示中',
    { login: true },
    displayBody,
    z.object({ path_id: z.number().int(), step: z.number().int() }),
  ),
  setStep: post(
    '/business/step/status/update',
    '主持人（能结束环节的席位）开始展示或回到准备，所有成员实时看到',
    displayStepBody,
    z.object({ path_id: z.number().int(), step: z.number().int() }),
  ),
  candidates: get(
    '/business/prev/doc/get',
    '可以拿来展示的材料：这个业务在其他环节写下的文书，流程的模板与素材',
    { login: true },
    displayBody,
    z.array(displayCandidateSchema),
  ),
  add: post(
    '/business/doc/create/prev',
    '把之前环节的文书或流程素材加入展示（准备步骤）',
    displayAddBody,
    displayItemSchema,
  ),
  upload: post(
    '/business/file/display/upload',
    '上传一个文件加入展示（准备步骤；multipart：file；类型按内容判断）',
    displayUploadBody,
    displayItemSchema,
  ),
  remove: post(
    '/business/file/display/delete',
    '从展示中移除一项（准备步骤，自己加入的）',
    displayItemBody,
    z.null(),
  ),
  read: post(
    '/business/doc/team/status/update',
    '展示中打开一项材料：记为已阅，所有成员实时看到',
    displayItemBody,
    displayReadSchema,
  ),
  reads: get(
    '/business/doc/team/status',
    '展示材料的阅读情况：环节里每个人是否已阅',
    { login: true },
    displayBody,
    z.array(displayReadSchema),
  ),
  content: defineCall({
    method: 'GET',
    path: '/business/file/display/content',
    summary: '展示的文件（业务成员）',
    tags: ['business'],
    access: { login: true },
    input: displayContentBody,
    output: z.object({}),
    file: true,
  }),
} as const;
