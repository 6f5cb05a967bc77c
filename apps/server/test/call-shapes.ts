import { consoleCalls, form, getCalls, id, loginCalls, optionalText, text } from '@portal/contract';
import { z } from 'zod';
import { AppError } from '../src/platform/core/errors.ts';
import type { App } from '../src/platform/http/reply.ts';
import { serve } from '../src/platform/http/serve.ts';

/**
 * A test-only module with a call of every shape the declarations allow (ADR 0034): a path
 * parameter in a portal call (the training area's `parallel/{bid}/decide`, a text one in
 * `parallel/code/{code}`), the console's REST
 * family with PUT, DELETE and a 201, a GET by the shorthand. The handlers answer what they were
 * given (id 404 is a row that does not exist, id 403 one the caller may not see), so serve.test.ts can see the merged input and the
 * route walk can walk them like any other.
 */
const tags = ['test'];
const simcardItem = z.object({ id: z.number().int(), iccid: z.string(), remark: z.string() });
const decideBody = form({ bid: id('业务'), nid: id('环节'), remark: optionalText('说明', { max: 20 }) });
const decided = z.object({ bid: z.number().int(), nid: z.number().int(), remark: z.string() });
const simId = id('SIM卡');
const simcardBody = form({ iccid: text('ICCID', { max: 20 }), remark: optionalText('备注', { max: 50 }) });
const simcardIdBody = simcardBody.extend({ id: simId });
const sim = consoleCalls(tags);
const view = { permission: 'view_goods_brand' } as const;
const change = { permission: 'change_goods_brand' } as const;

export const shapeCalls = {
  decide: loginCalls(tags)('/test/parallel/{bid}/decide', '并行分支的选择（测试）', decideBody, decided),
  branches: getCalls(tags)(
    '/test/parallel/{bid}/branches',
    '并行分支（测试）',
    { permission: 'view_goods_brand' },
    form({ bid: id('业务'), page: id('页码').optional() }),
    z.object({ bid: z.number().int(), page: z.number().int() }),
  ),
  byCode: getCalls(tags)(
    '/test/parallel/code/{code}',
    '按编号查并行分支（测试）',
    { permission: 'view_goods_brand' },
    form({ code: text('编号', { max: 20 }) }),
    z.object({ code: z.string() }),
  ),
  simcard: sim.get('/v1/sysadmin/simcard/{id}/', 'SIM 卡详情', view, form({ id: simId }), simcardItem),
  simcardCreate: sim.post('/v1/sysadmin/simcard/', '新增 SIM 卡', change, simcardBody, simcardItem, 201),
  simcardUpdate: sim.put('/v1/sysadmin/simcard/{id}/', '修改 SIM 卡', change, simcardIdBody, simcardItem),
  simcardRemove: sim.delete(
    '/v1/sysadmin/simcard/{id}/',
    '删除 SIM 卡',
    change,
    form({ id: simId }),
    z.null(),
    204,
  ),
};

/** Serves `shapeCalls` (under `/api`, as `testApp(env, { routes: shapeRoutes })` registers it). */
export function shapeRoutes(app: App) {
  const c = shapeCalls;
  const missing = (id: number) => {
    if (id === 404) throw new AppError('NOT_FOUND');
    if (id === 403) throw new AppError('FORBIDDEN');
  };
  serve(app, c.decide, async ({ input }) => {
    missing(input.bid);
    return { ...input, remark: input.remark ?? '' };
  });
  serve(app, c.branches, async ({ input }) => ({ bid: input.bid, page: input.page ?? 1 }));
  serve(app, c.byCode, async ({ input }) => ({ code: input.code }));
  serve(app, c.simcard, async ({ input }) => {
    missing(input.id);
    return { id: input.id, iccid: '8986', remark: '' };
  });
  serve(app, c.simcardCreate, async ({ input }) => ({
    id: 1,
    iccid: input.iccid,
    remark: input.remark ?? '',
  }));
  serve(app, c.simcardUpdate, async ({ input }) => ({ ...input, remark: input.remark ?? '' }));
  serve(app, c.simcardRemove, async () => null);
}
