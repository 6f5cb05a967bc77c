import { z } from 'zod';
import { getCalls } from './call.ts';
import { form } from './fields.ts';

const get = getCalls(['system']);

/** The platform's own calls. */
export const systemCalls = {
  health: get(
    '/health',
    '存活检查（不访问数据库）',
    { public: true },
    form({}),
    z.object({ status: z.string() }),
  ),
};
