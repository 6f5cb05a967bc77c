import os from 'node:os';
import path from 'node:path';
import {
  BUSINESS_DOC_LIMITS,
  type BusinessTemplates,
  DOC_SIGN,
  DOCX_MIME,
  EDIT_NODE_TYPE,
} from '@portal/contract';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';
import { docxToHtml } from '#server/platform/files/docx-html.ts';
import { type BlobStore, localCopy } from '#server/platform/files/file-store.ts';
import type { IncomingFile } from '#server/platform/files/stored-files.ts';
import { sanitizeRichText } from '#server/platform/richText.ts';
import { nowIso } from '#server/platform/time.ts';
import { openBusiness, refuseOutsideScreen } from './business-access.ts';
import type { ActAt, ActContext, BusinessAct } from './business-act.ts';
import { businessDocRepository as repo } from './business-doc.repository.ts';
import { businessSeatRepository } from './business-seat.repository.ts';
import { type BusinessUploads, withStored } from './business-uploads.ts';

const isDocx = (mime: string) => mime === DOCX_MIME;

/**
 * A business's documents (issue 37, node screen 2; ADR 0043): written in an edit node by a seat of
 * a role taking part in it, blank or from one of the flow's Word templates; saved as sanitised rich
 * text, a save made on an older version refused; signatures asked of the node's other seats and
 * given or refused by them. Every write is an action (`act`): it takes the business's lock, is
 * heard by every page as a numbered message, and happens only while the business is in the node.
 * A signed document is final.
 */
export function businessDocService(
  db: Database,
  deps: {
    permissions: PermissionCache;
    act: BusinessAct;
    fileStore: BlobStore;
    uploads: BusinessUploads;
    tempDir?: string;
  },
) {
  const tempDir = deps.tempDir ?? path.join(os.tmpdir(), 'portal-docs');
  const refuse = (reason: string) => new AppError('BUSINESS_ACTION_REFUSED', reason);

  /** The business, for someone who may open it. */
  async function opened(caller: Caller, businessId: number) {
    const s = inCompany(db, caller.companyId, { userId: caller.userId });
    return { s, business: await openBusiness(deps.permissions, s, caller, businessId) };
  }

  async function one(s: CompanyScope, businessId: number, docId: number) {
    const [doc] = await repo.docsWithSigns(s, businessId, { docId });
    if (!doc) throw new AppError('NOT_FOUND', '文书不存在或已被删除', 'doc_id');
    return doc;
  }

  /** The document, written by the acting seat, in the node it acts in, with no signature yet. */
  async function ownDoc(s: CompanyScope, ctx: ActContext, docId: number) {
    const doc = await repo.doc(s, ctx.businessId, docId);
    if (!doc || doc.node_id !== ctx.nodeId) throw new AppError('NOT_FOUND', '文书不存在或已被删除', 'doc_id');
    if (doc.seat_id !== ctx.seat.id) throw refuse('只有写这份文书的席位可以修改它');
    if ((await repo.signedCount(s, doc.id)) > 0) throw new AppError('BUSINESS_DOC_SIGNED');
    return doc;
  }

  /** The node writes documents, and the seat's role is offered the action `action` there. */
  const offered = (s: CompanyScope, ctx: ActContext, action: 'docs' | 'sign') =>
    refuseOutsideScreen(s, ctx, {
      type: EDIT_NODE_TYPE,
      elsewhere: '这个环节不编辑文书',
      action,
      unoffered: action === 'sign' ? '你的角色在这个环节不能请求签字' : '你的角色在这个环节不能编辑文书',
    });

  const clean = (content: string, label = '文书内容') =>
    sanitizeRichText(content, { label, field: 'content', max: BUSINESS_DOC_LIMITS.content });

  /** A template's text as a document's content: the Word file read through the bounded reader. */
  async function templateHtml(template: { storage_key: string; mime: string }) {
    if (!isDocx(template.mime)) throw new AppError('BUSINESS_TEMPLATE_UNREADABLE', undefined, 'template_id');
    const copy = await localCopy(deps.fileStore, template.storage_key, tempDir);
    if (!copy) throw new AppError('BUSINESS_TEMPLATE_UNREADABLE', undefined, 'template_id');
    try {
      const html = await docxToHtml(copy.path);
      if (html === undefined) throw new AppError('BUSINESS_TEMPLATE_UNREADABLE', undefined, 'template_id');
      return clean(html, '模板内容');
    } finally {
      await copy.done();
    }
  }

  return {
    /** The node's templates and documents, for any member (or holder of view_business). */
    async templates(
      caller: Caller,
      input: { business_id: number; node_id: number },
    ): Promise<BusinessTemplates> {
      const { s, business } = await opened(caller, input.business_id);
      if (!(await repo.inBusiness(s, business.id, input.node_id)))
        throw new AppError('NOT_FOUND', '环节不存在或不属于这个业务', 'node_id');
      const [templates, docs] = await Promise.all([
        repo.templates(s, input.node_id),
        repo.docsWithSigns(s, business.id, { nodeId: input.node_id }),
      ]);
      return {
        templates: templates.map((t) => ({
          id: t.id,
          name: t.name,
          file_name: t.file_name,
          file_id: t.file_id,
          editable: isDocx(t.mime),
        })),
        docs,
      };
    },

    /** The business's documents, named, for any member (or holder of view_business). */
    async list(caller: Caller, input: { business_id: number }) {
      const { s, business } = await opened(caller, input.business_id);
      return (await repo.docs(s, business.id, {})).map((d) => ({
        id: d.id,
        name: d.name,
        node_name: d.node_name,
        role_name: d.role_name,
        user_name: d.user_name,
      }));
    },

    /** One document of the business with its signatures, for any member (or holder of view_business). */
    async detail(caller: Caller, input: { business_id: number; doc_id: number }) {
      const { s, business } = await opened(caller, input.business_id);
      return one(s, business.id, input.doc_id);
    },

    async create(caller: Caller, input: ActAt & { name: string; template_id?: number | undefined }) {
      // A template is read before the business's lock is taken: reading a Word file takes a while.
      let content = '';
      if (input.template_id !== undefined) {
        // Only a member reads a template (the act below checks the seat again, under the lock).
        const { s, business } = await opened(caller, input.business_id);
        const template = (await repo.inBusiness(s, business.id, input.node_id))
          ? (await repo.templates(s, input.node_id)).find((t) => t.id === input.template_id)
          : undefined;
        if (!template) throw new AppError('NOT_FOUND', '模板不存在或不在这个环节', 'template_id');
        content = await templateHtml(template);
      }
      const { result } = await deps.act(caller, input, async (s, ctx) => {
        await offered(s, ctx, 'docs');
        if ((await repo.countInPath(s, ctx.path.id)) >= BUSINESS_DOC_LIMITS.perNode)
          throw refuse(`这个环节最多写${BUSINESS_DOC_LIMITS.perNode}份文书`);
        const id = await repo.insert(s, {
          business_id: ctx.businessId,
          node_id: ctx.nodeId,
          path_id: ctx.path.id,
          seat_id: ctx.seat.id,
          template_id: input.template_id ?? null,
          name: input.name,
          content,
          at: nowIso(),
        });
        return {
          said: {
            type: 'cmd' as const,
            cmd: 'action_doc_new',
            msg: `新建文书《${input.name}》`,
            data: { doc_id: id },
          },
          result: await one(s, ctx.businessId, id),
        };
      });
      return result;
    },

    async save(
      caller: Caller,
      input: ActAt & { doc_id: number; name: string; content?: string | undefined; version: number },
    ) {
      const content = clean(input.content ?? '');
      const { result } = await deps.act(caller, input, async (s, ctx) => {
        await offered(s, ctx, 'docs');
        const doc = await ownDoc(s, ctx, input.doc_id);
        const saved = await repo.save(s, {
          id: doc.id,
          version: input.version,
          name: input.name,
          content,
          at: nowIso(),
        });
        if (!saved) throw new AppError('BUSINESS_DOC_CHANGED', undefined, 'version');
        return {
          said: {
            type: 'cmd' as const,
            cmd: 'action_doc_save',
            msg: `保存文书《${input.name}》`,
            data: { doc_id: doc.id, version: input.version + 1 },
          },
          result: await one(s, ctx.businessId, doc.id),
        };
      });
      return result;
    },

    async remove(caller: Caller, input: ActAt & { doc_id: number }) {
      await deps.act(caller, input, async (s, ctx) => {
        await offered(s, ctx, 'docs');
        const doc = await ownDoc(s, ctx, input.doc_id);
        await repo.remove(s, doc.id, nowIso());
        return {
          said: {
            type: 'cmd' as const,
            cmd: 'action_doc_delete',
            msg: `删除文书《${doc.name}》`,
            data: { doc_id: doc.id },
          },
          result: null,
        };
      });
      return null;
    },

    /**
     * `action_role_request_sign` (a command of the push, in its transaction): the document's seat
     * asks another seat of the node to sign it — again after a refusal, not while one is waiting or given.
     */
    async requestSign(
      s: CompanyScope,
      ctx: ActContext,
      data: { doc_id?: number | undefined; role_alloc_id?: number | undefined },
    ) {
      if (!data.doc_id) throw new AppError('PARAM_ERROR', '请选择要签字的文书', 'doc_id');
      if (!data.role_alloc_id) throw new AppError('PARAM_ERROR', '请选择请谁签字', 'role_alloc_id');
      await offered(s, ctx, 'sign');
      const doc = await repo.doc(s, ctx.businessId, data.doc_id);
      if (!doc || doc.node_id !== ctx.nodeId)
        throw new AppError('NOT_FOUND', '文书不存在或已被删除', 'doc_id');
      if (doc.seat_id !== ctx.seat.id) throw refuse('只有写这份文书的席位可以请求签字');
      const signer = (await businessSeatRepository.seatsInNode(s, ctx.businessId, ctx.nodeId)).find(
        (x) => x.role_alloc_id === data.role_alloc_id,
      );
      if (!signer || signer.role_alloc_id === ctx.seat.id)
        throw new AppError('NOT_FOUND', '只能请参与这个环节的其他席位签字', 'role_alloc_id');
      const asked = await repo.sign(s, doc.id, signer.role_alloc_id);
      if (asked && asked.status !== DOC_SIGN.refused) throw new AppError('BUSINESS_SIGN_ASKED');
      await repo.ask(s, {
        business_id: ctx.businessId,
        doc_id: doc.id,
        seat_id: signer.role_alloc_id,
        at: nowIso(),
      });
      return {
        msg: `请“${signer.role_name}”签署《${doc.name}》`,
        data: {
          doc_id: doc.id,
          doc_name: doc.name,
          role_alloc_id: signer.role_alloc_id,
          role_name: signer.role_name,
        },
      };
    },

    /** The seat asked signs (with its name) or refuses; a request already answered is not answered again. */
    async sign(caller: Caller, input: ActAt & { doc_id: number; status: number; sign?: string | undefined }) {
      const { result } = await deps.act(caller, input, async (s, ctx) => {
        const doc = await repo.doc(s, ctx.businessId, input.doc_id);
        if (!doc || doc.node_id !== ctx.nodeId)
          throw new AppError('NOT_FOUND', '文书不存在或已被删除', 'doc_id');
        const asked = await repo.sign(s, doc.id, ctx.seat.id);
        if (!asked) throw refuse('没有人请你的席位签署这份文书');
        const sign = input.status === DOC_SIGN.signed ? (input.sign ?? '').trim() : '';
        if (
          !(await repo.answer(s, {
            doc_id: doc.id,
            seat_id: ctx.seat.id,
            status: input.status,
            sign,
            at: nowIso(),
          }))
        )
          throw refuse(asked.status === DOC_SIGN.signed ? '你已经签过字了' : '你已经拒签了');
        return {
          said: {
            type: 'cmd' as const,
            cmd: 'action_role_sign',
            msg: input.status === DOC_SIGN.signed ? `签署《${doc.name}》：${sign}` : `拒签《${doc.name}》`,
            data: { doc_id: doc.id, doc_name: doc.name, result: input.status, sign },
          },
          result: await one(s, ctx.businessId, doc.id),
        };
      });
      return result;
    },

    /**
     * Attaches a file to the seat's own unsigned document (stored first, outside the business's
     * lock; removed again when the attaching is refused).
     */
    async attach(caller: Caller, input: ActAt & { doc_id: number; file: IncomingFile }) {
      // Only someone who may open the business stores a file in its company's store.
      await opened(caller, input.business_id);
      return withStored(deps.uploads, caller, input.file, async (file) => {
        const { result } = await deps.act(caller, input, async (s, ctx) => {
          await offered(s, ctx, 'docs');
          const doc = await ownDoc(s, ctx, input.doc_id);
          if ((await repo.attachmentCount(s, doc.id)) >= BUSINESS_DOC_LIMITS.attachments)
            throw refuse(`每份文书最多附${BUSINESS_DOC_LIMITS.attachments}个文件`);
          await repo.attach(s, {
            business_id: ctx.businessId,
            doc_id: doc.id,
            file_id: file.id,
            name: file.name,
            at: nowIso(),
          });
          return {
            said: {
              type: 'cmd' as const,
              cmd: 'action_doc_attach',
              msg: `为《${doc.name}》附上“${file.name}”`,
              data: { doc_id: doc.id },
            },
            result: await one(s, ctx.businessId, doc.id),
          };
        });
        return result;
      });
    },

    /** Removes an attachment from the seat's own unsigned document (its file removed from the store). */
    async detach(caller: Caller, input: ActAt & { doc_id: number; attachment_id: number }) {
      let dropped: number | undefined;
      const { result } = await deps.act(caller, input, async (s, ctx) => {
        await offered(s, ctx, 'docs');
        const doc = await ownDoc(s, ctx, input.doc_id);
        const found = await repo.attachment(s, ctx.businessId, input.attachment_id);
        if (!found || found.doc_id !== doc.id)
          throw new AppError('NOT_FOUND', '附件不存在或已被移除', 'attachment_id');
        await repo.detach(s, found.id);
        dropped = found.file_id;
        return {
          said: {
            type: 'cmd' as const,
            cmd: 'action_doc_detach',
            msg: `从《${doc.name}》移除附件“${found.name}”`,
            data: { doc_id: doc.id },
          },
          result: await one(s, ctx.businessId, doc.id),
        };
      });
      if (dropped !== undefined) await deps.uploads.drop(caller, dropped);
      return result;
    },

    /** An attachment's file, for anyone who may open the business. */
    async attachmentFile(caller: Caller, input: { business_id: number; attachment_id: number }) {
      const { s, business } = await opened(caller, input.business_id);
      const found = await repo.attachment(s, business.id, input.attachment_id);
      if (!found) throw new AppError('NOT_FOUND', '附件不存在或已被移除', 'attachment_id');
      return found.file_id;
    },

    /** The node's other seats, who may be asked to sign. */
    async signRoles(caller: Caller, input: ActAt) {
      const { s, business } = await opened(caller, input.business_id);
      const seats = await businessSeatRepository.seatsInNode(s, business.id, input.node_id);
      return seats
        .filter((x) => x.role_alloc_id !== input.role_alloc_id && x.user_id !== null)
        .map((x) => ({ id: x.role_alloc_id, name: x.role_name, user_name: x.user_name }));
    },
  };
}
export type BusinessDocService = ReturnType<typeof businessDocService>;
