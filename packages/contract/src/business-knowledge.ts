import { z } from 'zod';
import { defineCall, getCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import { form, id, keyword, optionalId, optionalInt, paging } from './fields.ts';

/**
 * 知识库 (`/business/knowledge_index`; issue 37): the materials the company's flows give their runs
 * — guides, related files, templates, material, official documents, result references, project
 * tips (DOC_USAGE) — of every flow a live project runs on, so that a team can read up before and
 * between its businesses. Found by name, by usage and by project; downloaded by whoever may see the
 * projects (view_project). Served by modules/business (business-knowledge.service.ts).
 */
export const knowledgeItemSchema = z.object({
  /** The flow's material (flow_docs). */
  id: z.number().int(),
  name: z.string(),
  usage: z.number().int(),
  flow_name: z.string(),
  /** The live projects on its flow, by name. */
  projects: z.array(z.string()),
  file_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  update_time: z.string(),
});
export type KnowledgeItem = z.infer<typeof knowledgeItemSchema>;

const get = getCalls(['business']);

export const businessKnowledgeCalls = {
  list: get(
    '/business/knowledge/list',
    '知识库：本单位实训项目的流程素材（操作指南、相关文件、模板、素材、公文、成果参考、项目提示），可按名称、用途、项目查找',
    { permission: 'view_project' },
    form({
      keyword: keyword('素材名称'),
      usage: optionalInt('用途', { min: 0, max: 7 }),
      project_id: optionalId('项目'),
      ...paging,
    }),
    pageOf(knowledgeItemSchema),
  ),
  content: defineCall({
    method: 'GET',
    path: '/business/knowledge/content',
    summary: '下载知识库中的素材',
    tags: ['business'],
    access: { permission: 'view_project' },
    input: form({ id: id('素材') }),
    output: z.object({}),
    file: true,
  }),
} as const;
