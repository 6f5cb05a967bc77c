import { z } from 'zod';
import { defineCall } from './call.ts';
import { form } from './fields.ts';

/** The platform's own calls. */
export const systemCalls = {
  health: defineCall({
    method: 'GET',
    path: '/health',
    summary: '存活检查（不访问数据库）',
    tags: ['system'],
    access: { public: true },
    input: form({}),
    output: z.object({ status: z.string() }),
  }),
};
