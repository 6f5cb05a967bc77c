import {
  BUSINESS_DISPLAY_LIMITS,
  type BusinessDisplay,
  COME,
  DISPLAY_NODE_TYPE,
  DISPLAY_SOURCE,
  DISPLAY_STEP,
  type DisplayCandidate,
  type DisplayItem,
  type DisplayRead,
  DOC_SIGN_WORDS,
  DOC_USAGE,
  seatInNode,
} from '@portal/contract';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';
import type { IncomingFile } from '#server/platform/files/stored-files.ts';
import { nowIso } from '#server/platform/time.ts';
import { openBusiness, refuseOutsideScreen, refuseStranger } from './business-access.ts';
import type { ActAt, ActContext, BusinessAct } from './business-act.ts';
import { businessDisplayRepository as repo } from './business-display.repository.ts';
import { businessDocRepository } from './business-doc.repository.ts';
import { businessMessageRepository } from './business-message.repository.ts';
import { businessSeatRepository } from './business-seat.repository.ts';
import { type BusinessUploads, withStored } from './business-uploads.ts';

/** The flow materials a display may show: related files, templates, materials, official documents, result references. */
const SHOWABLE_USAGES = [2, 3, 4, 5, 6];

type ItemRow = Awaited<ReturnType<typeof repo.items>>[number];

/**
 * A display node (issue 37, node screen 3; ADR 0043): items gathered in step 1 by seats offered
 * 刷新文档 — an earlier node's document, a flow material, an uploaded file —, shown in step 2 once
 * the host starts it, each counted as read by whoever of the node opens it. Every change is an
 * action (`act`): under the business's lock, heard by every page, only while the business is in
 * the node.
 */
export function businessDisplayService(
  db: Database,
  deps: {
    permissions: PermissionCache;
    act: BusinessAct;
    uploads: BusinessUploads;
  },
) {
  const refuse = (reason: string) => new AppError('BUSINESS_ACTION_REFUSED', reason);

  /** The business and the node's latest visit, for someone who may open the business. */
  async function opened(caller: Caller, input: { business_id: number; node_id: number }) {
    const s = inCompany(db, caller.companyId, { userId: caller.userId });
    const business = await openBusiness(deps.permissions, s, caller, input.business_id);
    if ((await businessSeatRepository.scene(s, input.node_id))?.node_type !== DISPLAY_NODE_TYPE)
      throw new AppError('PARAM_ERROR', '这个环节不是展示环节', 'node_id');
    if (!(await businessDocRepository.inBusiness(s, business.id, input.node_id)))
      throw new AppError('NOT_FOUND', '环节不存在或不属于这个业务', 'node_id');
    return { s, business, visit: await repo.visit(s, business.id, input.node_id) };
  }

  /** A display node; gathering: the seat is offered 刷新文档 there (everyone of the node reads). */
  const onScreen = (s: CompanyScope, ctx: ActContext, gather?: 'gather') =>
    refuseOutsideScreen(s, ctx, {
      type: DISPLAY_NODE_TYPE,
      elsewhere: '这个环节不是展示环节',
      ...(gather && { action: 'docs', unoffered: '你的角色在这个环节不能准备展示材料' }),
    });

  async function gathering(s: CompanyScope, ctx: ActContext) {
    if ((await repo.step(s, ctx.path.id)) !== DISPLAY_STEP.gather)
      throw refuse('展示已经开始，不能再添加或移除材料');
  }

  async function asItems(s: CompanyScope, businessId: number, rows: ItemRow[]): Promise<DisplayItem[]> {
    const docIds = rows.flatMap((r) => (r.doc_id === null ? [] : [r.doc_id]));
    const docs = new Map(
      (docIds.length > 0 ? await businessDocRepository.docsWithSigns(s, businessId, { docIds }) : []).map(
        (d) => [d.id, d],
      ),
    );
    return rows.map((r) => {
      const doc = r.doc_id === null ? undefined : docs.get(r.doc_id);
      return {
        id: r.id,
        name: r.name,
        source: r.source,
        doc_id: r.doc_id,
        file_id: r.file_id,
        mime: r.mime,
        content: doc?.content ?? '',
        signs: (doc?.signs ?? []).map(
          (g) => `${g.role_name} ${g.user_name} ${DOC_SIGN_WORDS[g.sign_status] ?? ''}`,
        ),
        origin: r.origin,
        role_alloc_id: r.seat_id,
        role_name: r.role_name,
        user_name: r.user_name,
        created_at: r.created_at,
        read: r.read_id !== null,
      };
    });
  }

  async function oneItem(s: CompanyScope, ctx: ActContext, itemId: number, userId: number) {
    const [row] = await repo.items(s, { itemId }, userId);
    if (!row || row.path_id !== ctx.path.id)
      throw new AppError('NOT_FOUND', '展示材料不存在或已被移除', 'item_id');
    return row;
  }

  /** Adds an item to the visit being gathered, as the acting seat. */
  async function addItem(
    caller: Caller,
    input: ActAt,
    pick: (
      s: CompanyScope,
      ctx: ActContext,
    ) => Promise<{ name: string; source: number; doc_id?: number; flow_doc_id?: number; file_id?: number }>,
  ) {
    const { result } = await deps.act(caller, input, async (s, ctx) => {
      await onScreen(s, ctx, 'gather');
      await gathering(s, ctx);
      if ((await repo.count(s, ctx.path.id)) >= BUSINESS_DISPLAY_LIMITS.perNode)
        throw refuse(`一次展示最多${BUSINESS_DISPLAY_LIMITS.perNode}项材料`);
      const picked = await pick(s, ctx);
      const id = await repo.insert(s, {
        business_id: ctx.businessId,
        node_id: ctx.nodeId,
        path_id: ctx.path.id,
        seat_id: ctx.seat.id,
        name: picked.name.slice(0, BUSINESS_DISPLAY_LIMITS.name),
        source: picked.source,
        doc_id: picked.doc_id ?? null,
        flow_doc_id: picked.flow_doc_id ?? null,
        file_id: picked.file_id ?? null,
        at: nowIso(),
      });
      const [item] = await asItems(s, ctx.businessId, [await oneItem(s, ctx, id, caller.userId)]);
      return {
        said: {
          type: 'cmd' as const,
          cmd: 'action_display_add',
          msg: `添加展示材料《${picked.name}》`,
          data: { item_id: id },
        },
        result: item as DisplayItem,
      };
    });
    return result;
  }

  /** Who of the node (its seats' people) has read each item of the visit. */
  async function readsOf(
    s: CompanyScope,
    businessId: number,
    nodeId: number,
    pathId: number,
    userId: number,
  ) {
    const [items, seats, states, readers] = await Promise.all([
      repo.items(s, { pathId }, userId),
      businessSeatRepository.seatsInNode(s, businessId, nodeId),
      businessSeatRepository.states(s, pathId),
      repo.readers(s, pathId),
    ]);
    const people = new Map<number, string>();
    // Who should read: the people of the node's seats, a role still waiting outside to be brought in not yet.
    const present = new Set<number>();
    for (const seat of seats) {
      if (seat.user_id === null) continue;
      people.set(seat.user_id, seat.user_name);
      if (seatInNode(seat, states.get(seat.role_alloc_id)).come_status !== COME.waiting)
        present.add(seat.user_id);
    }
    return items.map((item): DisplayRead => {
      const read = new Set(readers.filter((r) => r.item_id === item.id).map((r) => r.user_id));
      return {
        item_id: item.id,
        name: item.name,
        read_names: [...people].filter(([u]) => read.has(u)).map(([, n]) => n),
        unread_names: [...people].filter(([u]) => present.has(u) && !read.has(u)).map(([, n]) => n),
      };
    });
  }

  return {
    async list(caller: Caller, input: { business_id: number; node_id: number }): Promise<BusinessDisplay> {
      const { s, business, visit } = await opened(caller, input);
      if (!visit) return { path_id: 0, step: DISPLAY_STEP.gather, items: [] };
      return {
        path_id: visit.id,
        step: visit.display_step,
        items: await asItems(s, business.id, await repo.items(s, { pathId: visit.id }, caller.userId)),
      };
    },

    async step(caller: Caller, input: { business_id: number; node_id: number }) {
      const { visit } = await opened(caller, input);
      return { path_id: visit?.id ?? 0, step: visit?.display_step ?? DISPLAY_STEP.gather };
    },

    /** The host starts the showing (there must be something to show), or goes back to gathering. */
    async setStep(caller: Caller, input: ActAt & { step: number }) {
      const { result } = await deps.act(caller, input, async (s, ctx) => {
        await onScreen(s, ctx);
        const part = await businessSeatRepository.roleNode(s, ctx.seat.business_role_id, ctx.nodeId);
        if (part?.can_terminate !== 1) throw refuse('只有能结束环节的角色可以开始展示');
        const now = await repo.step(s, ctx.path.id);
        if (now === input.step)
          throw refuse(input.step === DISPLAY_STEP.show ? '已经在展示中' : '已经在准备展示材料');
        if (input.step === DISPLAY_STEP.show && (await repo.count(s, ctx.path.id)) === 0)
          throw refuse('还没有要展示的材料，请先添加');
        await repo.setStep(s, ctx.path.id, input.step);
        return {
          said: {
            type: 'cmd' as const,
            cmd: 'action_display_step',
            msg: input.step === DISPLAY_STEP.show ? '开始展示' : '回到准备展示材料',
            data: { step: input.step },
          },
          result: { path_id: ctx.path.id, step: input.step },
        };
      });
      return result;
    },

    /** What may be shown: the business's documents of other nodes, the flow's showable materials. */
    async candidates(
      caller: Caller,
      input: { business_id: number; node_id: number },
    ): Promise<DisplayCandidate[]> {
      const { s, business, visit } = await opened(caller, input);
      const [docs, materials, shown] = await Promise.all([
        businessDocRepository.docs(s, business.id, { otherThanNode: input.node_id }),
        businessDocRepository.materials(s, input.node_id, SHOWABLE_USAGES),
        visit ? repo.shown(s, visit.id) : Promise.resolve([]),
      ]);
      const shownDocs = new Set(shown.map((x) => x.doc_id));
      const shownMaterials = new Set(shown.map((x) => x.flow_doc_id));
      return [
        ...docs.map((d) => ({
          source: DISPLAY_SOURCE.doc,
          id: d.id,
          name: d.name,
          origin: d.node_name,
          added: shownDocs.has(d.id),
        })),
        ...materials.map((m) => ({
          source: DISPLAY_SOURCE.material,
          id: m.id,
          name: m.name,
          origin: DOC_USAGE[m.usage as keyof typeof DOC_USAGE] ?? '',
          added: shownMaterials.has(m.id),
        })),
      ];
    },

    /** Adds an earlier node's document or a flow material. */
    add(caller: Caller, input: ActAt & { doc_from: 'business_doc' | 'project_doc'; doc_id: number }) {
      return addItem(caller, input, async (s, ctx) => {
        if (input.doc_from === 'business_doc') {
          const [doc] = await businessDocRepository.docs(s, ctx.businessId, {
            docId: input.doc_id,
            otherThanNode: ctx.nodeId,
          });
          if (!doc) throw new AppError('NOT_FOUND', '文书不存在或不是其他环节的文书', 'doc_id');
          if (await repo.has(s, ctx.path.id, { doc_id: doc.id })) throw refuse('这份文书已经在展示中');
          return { name: doc.name, source: DISPLAY_SOURCE.doc, doc_id: doc.id };
        }
        const material = (await businessDocRepository.materials(s, ctx.nodeId, SHOWABLE_USAGES)).find(
          (m) => m.id === input.doc_id,
        );
        if (!material) throw new AppError('NOT_FOUND', '素材不存在或不能在这个环节展示', 'doc_id');
        if (await repo.has(s, ctx.path.id, { flow_doc_id: material.id }))
          throw refuse('这份素材已经在展示中');
        return {
          name: material.name,
          source: DISPLAY_SOURCE.material,
          flow_doc_id: material.id,
          file_id: material.file_id,
        };
      });
    },

    /** Adds an uploaded file (stored first, typed by its content; the act checks the seat under the lock). */
    async upload(caller: Caller, input: ActAt & { file: IncomingFile; name?: string | undefined }) {
      // Only someone who may open the business stores a file in its company's store.
      const s = inCompany(db, caller.companyId, { userId: caller.userId });
      if (!(await businessMessageRepository.isMember(s, input.business_id, caller.userId)))
        throw new AppError('FORBIDDEN', '你不是这个业务的成员');
      // A refused addition leaves no file behind in the store.
      return withStored(deps.uploads, caller, input.file, (file) =>
        addItem(caller, input, async () => ({
          name: input.name?.trim() || file.name,
          source: DISPLAY_SOURCE.upload,
          file_id: file.id,
        })),
      );
    },

    /** Removes an item its seat added, while gathering. */
    async remove(caller: Caller, input: ActAt & { item_id: number }) {
      await deps.act(caller, input, async (s, ctx) => {
        await onScreen(s, ctx, 'gather');
        await gathering(s, ctx);
        const item = await oneItem(s, ctx, input.item_id, caller.userId);
        if (item.seat_id !== ctx.seat.id) throw refuse('只有加入这项材料的席位可以移除它');
        await repo.remove(s, item.id);
        return {
          said: {
            type: 'cmd' as const,
            cmd: 'action_display_remove',
            msg: `移除展示材料《${item.name}》`,
            data: { item_id: item.id },
          },
          result: null,
        };
      });
      return null;
    },

    /** Opening an item while it is shown counts its reader (heard once by every page). */
    async read(caller: Caller, input: ActAt & { item_id: number }) {
      // Opened again: nothing new to hear.
      const s0 = inCompany(db, caller.companyId, { userId: caller.userId });
      const [seen] = await repo.items(s0, { itemId: input.item_id }, caller.userId);
      if (
        seen &&
        seen.read_id !== null &&
        seen.business_id === input.business_id &&
        seen.node_id === input.node_id
      ) {
        const reads = await readsOf(s0, seen.business_id, seen.node_id, seen.path_id, caller.userId);
        const mine = reads.find((r) => r.item_id === seen.id);
        if (mine) return mine;
      }
      const { result } = await deps.act(caller, input, async (s, ctx) => {
        await onScreen(s, ctx);
        if ((await repo.step(s, ctx.path.id)) !== DISPLAY_STEP.show) throw refuse('展示还没有开始');
        const item = await oneItem(s, ctx, input.item_id, caller.userId);
        await repo.markRead(s, item.id, caller.userId, nowIso());
        const reads = await readsOf(s, ctx.businessId, ctx.nodeId, ctx.path.id, caller.userId);
        return {
          said: {
            type: 'cmd' as const,
            cmd: 'action_display_read',
            msg: `已阅《${item.name}》`,
            data: { item_id: item.id },
          },
          result: reads.find((r) => r.item_id === item.id) as DisplayRead,
        };
      });
      return result;
    },

    async reads(caller: Caller, input: { business_id: number; node_id: number }) {
      const { s, business, visit } = await opened(caller, input);
      return visit ? readsOf(s, business.id, input.node_id, visit.id, caller.userId) : [];
    },

    /** A shown file, for someone who may open the business: its id in the company's store. */
    async fileOf(caller: Caller, input: { business_id: number; item_id: number }) {
      const s = inCompany(db, caller.companyId, { userId: caller.userId });
      const [item] = await repo.items(s, { itemId: input.item_id }, caller.userId);
      if (!item || item.business_id !== input.business_id || item.file_id === null)
        throw new AppError('NOT_FOUND', '展示的文件不存在或已被移除', 'item_id');
      await refuseStranger(deps.permissions, s, caller, item.business_id);
      return item.file_id;
    },
  };
}
export type BusinessDisplayService = ReturnType<typeof businessDisplayService>;
