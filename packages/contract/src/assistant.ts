import { z } from 'zod';
import { getCalls, postCalls } from './call.ts';
import { codenameList, form, id, idList, keyword } from './fields.ts';
import { ASSISTANTS_MAX } from './roles.ts';

/**
 * Assistants (spec §2 personal `assistant-set`; issue 34, docs/adr/0038 decision 6): a manager or
 * an instructor names people of their company who hold the matching assistant role as their
 * assistants, and the actions each may do on their behalf. An assistant then does exactly those:
 * its role's actions in the company ∩ the principal's ∩ the ones given. Spec 001 §7:
 * `/account/set/assistants`, `/account/unset/assistant`, `/account/set/assistant/actions`,
 * `/account/get/assistants`. Served by modules/assistant.
 */

export const assistantSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  role: z.number().int(),
  /** The actions given to the assistant (what they may do, within their role's). */
  codenames: z.array(z.string()),
  create_time: z.string(),
});
export type Assistant = z.infer<typeof assistantSchema>;

export const assistantsSchema = z.object({
  /** The caller's assistants. */
  results: z.array(assistantSchema),
  /** The actions the caller may give: their own, within the assistant role's. */
  grantable: z.array(z.object({ codename: z.string(), name: z.string(), module: z.string() })),
});
export type Assistants = z.infer<typeof assistantsSchema>;

/** A person of the caller's company who may be named an assistant (holds the assistant role). */
export const assistantOptionSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  /** Another principal's assistant already ('' when free). */
  serving: z.string(),
});
export type AssistantOption = z.infer<typeof assistantOptionSchema>;

const codenames = codenameList();

const get = getCalls(['assistant']);
const post = postCalls(['assistant']);

export const assistantCalls = {
  list: get(
    '/account/get/assistants',
    '我的助理及其可做的操作',
    { permission: 'set_assistant' },
    form({}),
    assistantsSchema,
  ),
  options: get(
    '/account/assistant/options',
    '可设为助理的人员（本单位、担任相应助理角色）',
    { permission: 'set_assistant' },
    form({ keyword: keyword('姓名或用户名') }),
    z.object({ results: z.array(assistantOptionSchema) }),
  ),
  set: post(
    '/account/set/assistants',
    '设为我的助理',
    'set_assistant',
    form({ user_ids: idList('助理', ASSISTANTS_MAX) }),
    assistantsSchema,
  ),
  unset: post(
    '/account/unset/assistant',
    '取消助理',
    'set_assistant',
    form({ user_id: id('助理') }),
    assistantsSchema,
  ),
  setActions: post(
    '/account/set/assistant/actions',
    '设置助理可代我做的操作',
    'set_assistant',
    form({ user_id: id('助理'), codenames }),
    assistantSchema,
  ),
};
