import {
  BUSINESS_FINISHED,
  BUSINESS_STATUS,
  type BusinessReplay,
  type BusinessReport,
  DOC_SIGN_WORDS,
  type ReportNode,
  richTextPlain,
  VOTE,
} from '@portal/contract';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { type WordBlock, wordDocument } from '#server/platform/files/docx-html.ts';
import { refuseStranger } from './business-access.ts';
import { businessDocRepository } from './business-doc.repository.ts';
import { businessPostRepository } from './business-post.repository.ts';
import { businessReportRepository as repo } from './business-report.repository.ts';
import { businessRunRepository } from './business-run.repository.ts';

/** A stored rich text as the paragraphs of its text (its block elements' ends and line breaks split it). */
export function richTextParagraphs(html: string): string[] {
  return html
    .split(/<\/(?:p|h[2-4]|li|blockquote)>|<br\s*\/?>/i)
    .map((part) => richTextPlain(part))
    .filter((text) => text !== '');
}

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');

/**
 * A business's report (issue 37, node screen 4; ADR 0043): gathered from what the run kept — its
 * path, the documents written on it and their signatures, the votes cast, the messages sent, the
 * experiences submitted — for its members and holders of view_business, readable on the page and
 * as a Word document (written with the Word writer the demo's templates use).
 */
export function businessReportService(db: Database, deps: { permissions: PermissionCache }) {
  async function report(caller: Caller, businessId: number): Promise<BusinessReport> {
    const s = inCompany(db, caller.companyId, { userId: caller.userId });
    const b = await repo.business(s, businessId);
    if (!b) throw new AppError('NOT_FOUND', '业务不存在或已被删除', 'business_id');
    await refuseStranger(deps.permissions, s, caller, b.id);
    const [members, rows, votes, seats, counts, docs, experiences, posts] = await Promise.all([
      repo.members(s, b.id, b.project_id),
      repo.nodes(s, b.id, b.project_id),
      repo.votes(s, b.id),
      repo.seatsByNode(s, b.id),
      repo.messageCounts(s, b.id),
      businessDocRepository.docsWithSigns(s, b.id, {}),
      businessRunRepository.submitted(s, b.id),
      businessPostRepository.ofBusiness(s, b.id),
    ]);
    const postOf = new Map(posts.map((x) => [x.path_id, { id: x.id, name: x.name, content: x.content }]));
    const nodes: ReportNode[] = rows
      // A gateway's rows (a merge waited at) are no node of the run.
      .filter((r) => r.node_type !== null)
      .map((r) => {
        const cast = votes.get(r.path_id);
        const count = (v: number) => cast?.get(v) ?? 0;
        const voted = count(VOTE.agree) + count(VOTE.disagree) + count(VOTE.abstain);
        return {
          path_id: r.path_id,
          node_id: r.node_id,
          name: r.name,
          node_type: r.node_type,
          project_name: r.project_name,
          step: r.step,
          entered_at: r.entered_at,
          left_at: r.left_at,
          docs: docs.filter((d) => d.path_id === r.path_id),
          post: postOf.get(r.path_id) ?? null,
          vote:
            voted > 0 || r.end_vote === 1
              ? {
                  agree: count(VOTE.agree),
                  disagree: count(VOTE.disagree),
                  abstain: count(VOTE.abstain),
                  none: Math.max(0, (seats.get(r.node_id) ?? 0) - voted),
                  ended: r.end_vote === 1,
                }
              : null,
          messages: counts.get(r.path_id) ?? 0,
        };
      });
    return {
      id: b.id,
      name: b.name,
      project_name: b.project_name,
      flow_name: b.flow_name,
      status: b.status,
      started_at: b.started_at,
      ended_at: b.ended_at,
      members,
      nodes,
      experiences: experiences.map((e) => ({
        id: e.id,
        content: e.content,
        status: e.status,
        create_time: e.create_time,
        update_time: e.update_time,
        created_by: { id: e.user_id, username: e.username, name: e.name },
      })),
    };
  }

  return {
    generate: report,

    /** The result of an ended business (`/business/result`): its report, once it has ended. */
    async result(caller: Caller, businessId: number): Promise<BusinessReport> {
      const r = await report(caller, businessId);
      if (r.status !== BUSINESS_FINISHED)
        throw new AppError('BUSINESS_NOT_FINISHED', undefined, 'business_id');
      return r;
    },

    /** The run to replay: each project's drawing and every path row's times. */
    async replay(caller: Caller, businessId: number): Promise<BusinessReplay> {
      const s = inCompany(db, caller.companyId, { userId: caller.userId });
      const b = await repo.business(s, businessId);
      if (!b) throw new AppError('NOT_FOUND', '业务不存在或已被删除', 'business_id');
      await refuseStranger(deps.permissions, s, caller, b.id);
      const rows = await repo.replayRows(s, b.id);
      // Each flow once, in the order the run first entered it, with the project it ran as.
      const order = new Map<number, number | null>();
      for (const r of rows) if (!order.has(r.flow_id)) order.set(r.flow_id, r.project_id);
      const [drawings, names] = await Promise.all([
        repo.drawings(s, [...order.keys()]),
        repo.projectNames(
          s,
          [...order.values()].filter((p): p is number => p !== null && p !== b.project_id),
        ),
      ]);
      return {
        id: b.id,
        name: b.name,
        status: b.status,
        flows: [...order].map(([flowId, projectId]) => ({
          flow_id: flowId,
          xml: drawings.find((d) => d.id === flowId)?.xml ?? '',
          project_name:
            projectId !== null && projectId !== b.project_id ? (names.get(projectId) ?? null) : null,
        })),
        rows: rows.map((r) => ({
          path_id: r.path_id,
          task_id: r.task_id,
          name: r.name,
          flow_id: r.flow_id,
          kind: r.node_type === null ? ('merge' as const) : ('node' as const),
          step: r.step,
          entered_at: r.entered_at,
          left_at: r.left_at,
        })),
      };
    },

    /** The report as a Word document: its file name and bytes. */
    async export(caller: Caller, businessId: number) {
      const r = await report(caller, businessId);
      const h = (text: string): WordBlock => ({ heading: true, runs: [text] });
      const p = (...runs: WordBlock['runs']): WordBlock => ({ runs });
      const blocks: WordBlock[] = [
        h(`${r.name} 业务报告`),
        p({ bold: '项目：' }, r.project_name, { bold: '　流程：' }, r.flow_name),
        p(
          { bold: '状态：' },
          BUSINESS_STATUS[r.status as keyof typeof BUSINESS_STATUS] ?? '',
          { bold: '　开始：' },
          when(r.started_at),
          { bold: '　结束：' },
          when(r.ended_at),
        ),
        h('成员'),
        ...r.members.map((m) =>
          p(
            { bold: `${m.role_name}${m.project_name ? `（${m.project_name}）` : ''}：` },
            m.user_name || '（空缺）',
          ),
        ),
      ];
      for (const n of r.nodes) {
        blocks.push(h(`第${n.step}步　${n.name}${n.project_name ? `（${n.project_name}）` : ''}`));
        blocks.push(p(`进入：${when(n.entered_at)}　离开：${when(n.left_at)}　消息：${n.messages}条`));
        if (n.vote)
          blocks.push(
            p(
              { bold: `表决${n.vote.ended ? '（已结束）' : ''}：` },
              `赞成${n.vote.agree}，反对${n.vote.disagree}，弃权${n.vote.abstain}，未表决${n.vote.none}`,
            ),
          );
        if (n.post) {
          blocks.push(p({ bold: `公示《${n.post.name}》` }));
          for (const text of richTextParagraphs(n.post.content)) blocks.push(p(text));
        }
        for (const d of n.docs) {
          blocks.push(
            p(
              { bold: `文书《${d.name}》` },
              `（${d.role_name}${d.user_name ? `·${d.user_name}` : ''}，第${d.version}版）`,
            ),
          );
          for (const text of richTextParagraphs(d.content)) blocks.push(p(text));
          for (const g of d.signs)
            blocks.push(
              p(
                `签字：${g.role_name} ${DOC_SIGN_WORDS[g.sign_status] ?? ''}${g.sign ? `（${g.sign}）` : ''}`,
              ),
            );
          if (d.attachments.length > 0)
            blocks.push(p(`附件：${d.attachments.map((a) => a.name).join('、')}`));
        }
      }
      blocks.push(h('心得'));
      if (r.experiences.length === 0) blocks.push(p('还没有成员提交心得。'));
      for (const e of r.experiences) {
        blocks.push(p({ bold: `${e.created_by.name}：` }));
        for (const text of e.content.split(/\n+/).filter((x) => x.trim())) blocks.push(p(text));
      }
      return { filename: `${r.name}-业务报告.docx`, body: wordDocument(blocks) };
    },
  };
}
export type BusinessReportService = ReturnType<typeof businessReportService>;
