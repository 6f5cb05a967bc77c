import { z } from 'zod';
import { defineCall, getCalls, loginCalls } from './call.ts';
import { form, id, int, optionalId, optionalText, text, uploadedFile } from './fields.ts';
import { RICH_TEXT_WRITE_BYTES } from './rich-text.ts';

/**
 * A business's documents (issue 37, node screen 2 "edit"; design/training.md "The node screens"):
 * a seat of a role taking part in the current node writes documents there — blank, or from one of
 * the flow's templates (a material of usage 3 given in the node, a Word file read as rich text) —
 * saves them (the server's sanitiser keeps its allow-list; a save made on an older copy is refused),
 * asks other seats of the node to sign (`action_role_request_sign`, a command of
 * `/business/message/push`), and a seat asked signs with its name or refuses
 * (`/business/template/sign`). Every change is a numbered message every page hears, so all members
 * see a document saved, asked and signed at once. A document with a signature is final: it can no
 * longer be changed or deleted. Everyone in the business reads every document; only its seat
 * writes it. Served by modules/business (business-doc.service.ts).
 */

/** The node type whose screen writes documents (design/training.md "The node screens": 2 edit). */
export const EDIT_NODE_TYPE = 2;

export const DOC_SIGN = { waiting: 0, signed: 1, refused: 2 } as const;
export const DOC_SIGN_WORDS: Record<number, string> = { 0: '待签字', 1: '已签字', 2: '已拒签' };

export const BUSINESS_DOC_LIMITS = {
  name: 60,
  /** Characters of a document, its stored (sanitised) HTML counted, as a news article's body. */
  content: 20_000,
  /** A signature: the signer's name as they write it. */
  sign: 20,
  /** Documents one node visit holds. */
  perNode: 50,
  /** Files attached to one document. */
  attachments: 10,
} as const;
/** The bytes a save may send (a form post of 20,000 Chinese characters is 180 kB). */
export const BUSINESS_DOC_WRITE_BYTES = RICH_TEXT_WRITE_BYTES;

/** The messages a document's (or a notice's) changes are heard as (written by the server, not pushed). */
export const BUSINESS_DOC_EVENTS = {
  action_doc_new: '新建文书',
  action_doc_save: '保存文书',
  action_doc_delete: '删除文书',
  action_role_sign: '签字',
  action_doc_attach: '添加附件',
  action_doc_detach: '移除附件',
  action_post_save: '发布公示',
} as const;

export const docSignSchema = z.object({
  role_alloc_id: z.number().int(),
  role_name: z.string(),
  user_name: z.string(),
  /** 0 waiting, 1 signed, 2 refused. */
  sign_status: z.number().int(),
  /** The signature: the name the signer wrote ('' until signed). */
  sign: z.string(),
  sign_time: z.string().nullable(),
});
export type DocSign = z.infer<typeof docSignSchema>;

export const businessDocSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  node_id: z.number().int(),
  node_name: z.string(),
  path_id: z.number().int(),
  /** The seat that writes it, its role and member. */
  role_alloc_id: z.number().int(),
  role_name: z.string(),
  user_name: z.string(),
  /** The template it was started from (a flow material), if any. */
  template_id: z.number().int().nullable(),
  content: z.string(),
  /** Counts its saves: a save names the version it was made on. */
  version: z.number().int(),
  update_time: z.string(),
  signs: z.array(docSignSchema),
  /** Files its writer attached (while it was unsigned). */
  attachments: z.array(
    z.object({ id: z.number().int(), name: z.string(), mime: z.string(), size: z.number().int() }),
  ),
});
export type BusinessDoc = z.infer<typeof businessDocSchema>;

export const docTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  file_name: z.string(),
  /** A Word file is read into the editor; another kind is offered to read only. */
  editable: z.boolean(),
  file_id: z.number().int(),
});
export type DocTemplate = z.infer<typeof docTemplateSchema>;

export const businessTemplatesSchema = z.object({
  /** The flow's templates (usage 3) given in the node. */
  templates: z.array(docTemplateSchema),
  /** The documents written in the node (every visit of it). */
  docs: z.array(businessDocSchema),
});
export type BusinessTemplates = z.infer<typeof businessTemplatesSchema>;

/** A document as a list to choose from names it (`/business/node/role/docs`). */
export const docRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  node_name: z.string(),
  role_name: z.string(),
  user_name: z.string(),
});
export type DocRef = z.infer<typeof docRefSchema>;

export const signRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user_name: z.string(),
});

const at = { business_id: id('业务'), node_id: id('环节'), role_alloc_id: id('席位') };
const docName = text('文书名称', { max: BUSINESS_DOC_LIMITS.name });

export const businessTemplatesBody = form({ business_id: id('业务'), node_id: id('环节') });
export const businessDocNewBody = form({
  ...at,
  name: docName,
  /** Start from this template (a flow material of usage 3); none: a blank document. */
  template_id: optionalId('模板'),
});
export const businessDocSaveBody = form({
  ...at,
  doc_id: id('文书'),
  name: docName,
  content: optionalText('文书内容', { max: BUSINESS_DOC_WRITE_BYTES }),
  /** The version the save was made on. */
  version: int('文书版本', { min: 1, max: 2_147_483_647 }),
});
export const businessDocSignBody = form({
  ...at,
  doc_id: id('文书'),
  /** 1 sign, 2 refuse. */
  status: int('签字结果', { min: DOC_SIGN.signed, max: DOC_SIGN.refused }),
  /** The signature (signing: required). */
  sign: optionalText('签名', { max: BUSINESS_DOC_LIMITS.sign }),
}).superRefine((v, ctx) => {
  if (v.status === DOC_SIGN.signed && !v.sign?.trim())
    ctx.addIssue({ code: 'custom', path: ['sign'], message: '请写上签名' });
});
export const businessDocDeleteBody = form({ ...at, doc_id: id('文书') });
export const signRolesBody = form(at);
export const docAttachBody = form({ ...at, doc_id: id('文书'), file: uploadedFile('请选择要附上的文件') });
export const docDetachBody = form({ ...at, doc_id: id('文书'), attachment_id: id('附件') });

const get = getCalls(['business']);
const post = loginCalls(['business']);

export const businessDocCalls = {
  templates: get(
    '/business/templates',
    '环节的文书：可用的模板（流程素材中用途为模板的）与在这个环节写下的文书及其签字',
    { login: true },
    businessTemplatesBody,
    businessTemplatesSchema,
  ),
  create: post(
    '/business/template/new',
    '在当前环节以自己的席位新建文书（空白或从模板开始），所有成员实时看到',
    businessDocNewBody,
    businessDocSchema,
  ),
  save: post(
    '/business/template/create',
    '保存自己席位的文书（富文本经净化；基于旧版本的保存被拒绝；已有签字的不能再改）',
    businessDocSaveBody,
    businessDocSchema,
  ),
  sign: post(
    '/business/template/sign',
    '被请求签字的席位签字或拒签，所有成员实时看到',
    businessDocSignBody,
    businessDocSchema,
  ),
  remove: post(
    '/business/docs/delete',
    '删除自己席位的文书（已有签字的不能删除）',
    businessDocDeleteBody,
    z.null(),
  ),
  list: get(
    '/business/node/role/docs',
    '业务中写下的全部文书（展示或提交文书时从中选择）',
    { login: true },
    form({ business_id: id('业务') }),
    z.array(docRefSchema),
  ),
  detail: get(
    '/business/doc/detail',
    '业务的一份文书及其签字（业务成员；展示文书时每个人打开它）',
    { login: true },
    form({ business_id: id('业务'), doc_id: id('文书') }),
    businessDocSchema,
  ),
  attach: post(
    '/business/doc/attachment/upload',
    `为自己席位的文书附上一个文件（multipart：file；类型按内容判断；已有签字的不能再改；每份最多${BUSINESS_DOC_LIMITS.attachments}个）`,
    docAttachBody,
    businessDocSchema,
  ),
  detach: post(
    '/business/doc/attachment/delete',
    '从自己席位的文书上移除一个附件（已有签字的不能再改）',
    docDetachBody,
    businessDocSchema,
  ),
  attachment: defineCall({
    method: 'GET',
    path: '/business/doc/attachment/content',
    summary: '文书的附件（业务成员）',
    tags: ['business'],
    access: { login: true },
    input: form({ business_id: id('业务'), attachment_id: id('附件') }),
    output: z.object({}),
    file: true,
  }),
  signRoles: get(
    '/business/request/sign/roles',
    '可以请求签字的席位：参与当前环节的其他席位',
    { login: true },
    signRolesBody,
    z.array(signRoleSchema),
  ),
} as const;
