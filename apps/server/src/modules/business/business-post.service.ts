import {
  BUSINESS_POST_LIMITS,
  type BusinessPost,
  POST_BOARD_MAX,
  POST_NODE_TYPE,
  type PostRef,
} from '@portal/contract';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { sanitizeRichText } from '#server/platform/richText.ts';
import { nowIso } from '#server/platform/time.ts';
import { mayOpen, refuseOutsideScreen } from './business-access.ts';
import type { ActAt, BusinessAct } from './business-act.ts';
import { businessPostRepository as repo } from './business-post.repository.ts';
import type { BusinessWatchService } from './business-watch.service.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.byId>>>;
const asPost = ({ path_id: _, ...r }: Row, watcher = false): BusinessPost => ({
  ...r,
  user_name: watcher ? '' : r.user_name,
});

/**
 * A post node's notice (issue 37, node screen 7; ADR 0043): posted — and rewritten — by a seat of
 * the node offered 刷新文档, as an action every page hears; read by the members, and by anyone
 * where the node may be watched (without the member's name, as watchers read everything).
 */
export function businessPostService(
  db: Database,
  deps: { permissions: PermissionCache; act: BusinessAct; sight: BusinessWatchService['sight'] },
) {
  return {
    async create(caller: Caller, input: ActAt & { post_name: string; post_content: string }) {
      const content = sanitizeRichText(input.post_content, {
        label: '公示内容',
        field: 'post_content',
        max: BUSINESS_POST_LIMITS.content,
      });
      if (!content) throw new AppError('PARAM_ERROR', '请输入公示内容', 'post_content');
      const { result } = await deps.act(caller, input, async (s, ctx) => {
        await refuseOutsideScreen(s, ctx, {
          type: POST_NODE_TYPE,
          elsewhere: '这个环节不发布公示',
          action: 'docs',
          unoffered: '你的角色在这个环节不能发布公示',
        });
        const id = await repo.save(s, {
          business_id: ctx.businessId,
          node_id: ctx.nodeId,
          path_id: ctx.path.id,
          seat_id: ctx.seat.id,
          name: input.post_name,
          content,
          at: nowIso(),
        });
        return {
          said: {
            type: 'cmd' as const,
            cmd: 'action_post_save',
            msg: `发布公示《${input.post_name}》`,
            data: { post_id: id },
          },
          result: asPost((await repo.byId(s, id)) as Row),
        };
      });
      return result;
    },

    /** The node's notice now (null when none); a watcher reads it where the node may be watched. */
    async current(caller: Caller | null, companyId: number, input: { business_id: number; node_id: number }) {
      const { s, business, as } = await deps.sight(caller, companyId, input.business_id, input.node_id);
      const row = await repo.ofNode(s, business.id, input.node_id);
      return row ? asPost(row, as === 'watcher') : null;
    },

    /** The company's notice board (公示栏): a notice is public by nature, so any of its staff reads it. */
    async board(caller: Caller): Promise<PostRef[]> {
      const rows = await repo.latest(
        inCompany(db, caller.companyId, { userId: caller.userId }),
        POST_BOARD_MAX,
      );
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        business_name: r.business_name,
        node_name: r.node_name,
        update_time: r.update_time,
      }));
    },

    async detail(caller: Caller, id: number) {
      const s = inCompany(db, caller.companyId, { userId: caller.userId });
      const row = await repo.byId(s, id);
      if (!row) throw new AppError('NOT_FOUND', '公示不存在', 'id');
      // A notice is public by nature: the company's staff read it, a member's name only those who may open the business.
      return asPost(row, !(await mayOpen(deps.permissions, s, caller, row.business_id)));
    },
  };
}
export type BusinessPostService = ReturnType<typeof businessPostService>;
