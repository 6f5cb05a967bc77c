import { z } from 'zod';
import { getCalls, loginCalls } from './call.ts';
import { form, id, optionalId, text } from './fields.ts';

/**
 * A member's private notes (issue 37, design/training.md "Around the runs"): one per node of a
 * business, written while the business is in it and rewritten at will; only their writer reads
 * them. Served by modules/business (business-note.service.ts).
 */
export const BUSINESS_NOTE_LIMITS = { content: 2000 } as const;

export const businessNoteSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  node_id: z.number().int(),
  node_name: z.string(),
  content: z.string(),
  update_time: z.string(),
});
export type BusinessNote = z.infer<typeof businessNoteSchema>;

export const businessNoteCreateBody = form({
  business_id: id('业务'),
  node_id: id('环节'),
  content: text('笔记', { max: BUSINESS_NOTE_LIMITS.content }),
});
export const businessNoteListBody = form({ business_id: id('业务'), node_id: optionalId('环节') });

export const businessNoteCalls = {
  create: loginCalls(['business'])(
    '/business/note/create',
    '写下（或改写）自己在业务当前环节的笔记，只有自己看得到',
    businessNoteCreateBody,
    businessNoteSchema,
  ),
  list: getCalls(['business'])(
    '/business/note/list',
    '自己在业务中的笔记（可按环节）',
    { login: true },
    businessNoteListBody,
    z.array(businessNoteSchema),
  ),
} as const;
