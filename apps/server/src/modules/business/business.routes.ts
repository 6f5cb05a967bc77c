import {
  BUSINESS_DOC_WRITE_BYTES,
  businessBoardCalls,
  businessDisplayCalls,
  businessDocCalls,
  businessKnowledgeCalls,
  businessMessageCalls,
  businessNoteCalls,
  businessPostCalls,
  businessReportCalls,
  businessRunCalls,
  businessSeatCalls,
  businessWatchCalls,
  type Call,
  businessCalls as calls,
  DOCX_MIME,
  JUMP_NODE_TYPE,
  NEST_NODE_TYPE,
} from '@portal/contract';
import { ONE_STORED_FILE, sendStored } from '#server/modules/file/index.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { pageParams } from '#server/platform/core/paging.ts';
import { type App, publicReadCompanyOf, sendDownload } from '#server/platform/http/reply.ts';
import { type CallContext, serve } from '#server/platform/http/serve.ts';
import type { BusinessServices } from './index.ts';

/** Routes stay thin: the declaration (packages/contract business.ts) gives path, schemas and access. */
export function businessRoutes(app: App, services: BusinessServices) {
  const {
    businesses,
    team,
    messages,
    run,
    seats,
    watch,
    board,
    docs,
    report,
    posts,
    notes,
    knowledge,
    jumps,
    display,
    files,
  } = services;
  /** A file of the company's store behind a business call (`fileOf` checks who may read it). */
  const storedFile = <C extends Call>(
    call: C,
    fileOf: (caller: Caller, input: CallContext<C>['input']) => Promise<number>,
  ) =>
    serve(app, call, async ({ input, caller, request, reply }) => {
      // Every such call is for a logged-in caller (the declarations say so); never a visitor.
      if (!caller) throw new AppError('NOT_LOGGED_IN');
      const fileId = await fileOf(caller, input);
      return sendStored(request, reply, await files.content(caller, fileId, false), 'private, max-age=300');
    });
  const company = (caller: Parameters<typeof publicReadCompanyOf>[0]['caller'], given?: number) =>
    publicReadCompanyOf({ caller }, given);
  serve(app, businessDisplayCalls.list, ({ input, caller }) => display.list(caller, input));
  serve(app, businessDisplayCalls.step, ({ input, caller }) => display.step(caller, input));
  serve(app, businessDisplayCalls.setStep, ({ input, caller }) => display.setStep(caller, input));
  serve(app, businessDisplayCalls.candidates, ({ input, caller }) => display.candidates(caller, input));
  serve(app, businessDisplayCalls.add, ({ input, caller }) => display.add(caller, input));
  serve(
    app,
    businessDisplayCalls.upload,
    ({ input, caller }) =>
      display.upload(caller, { ...input, file: input.file as Exclude<typeof input.file, Blob> }),
    ONE_STORED_FILE,
  );
  serve(app, businessDisplayCalls.remove, ({ input, caller }) => display.remove(caller, input));
  serve(app, businessDisplayCalls.read, ({ input, caller }) => display.read(caller, input));
  serve(app, businessDisplayCalls.reads, ({ input, caller }) => display.reads(caller, input));
  storedFile(businessDisplayCalls.content, (caller, input) => display.fileOf(caller, input));
  serve(app, businessKnowledgeCalls.list, ({ input, caller }) =>
    knowledge.list(caller, input, pageParams(input)),
  );
  storedFile(businessKnowledgeCalls.content, (caller, input) => knowledge.fileOf(caller, input.id));
  serve(app, businessNoteCalls.create, ({ input, caller }) => notes.create(caller, input));
  serve(app, businessNoteCalls.list, ({ input, caller }) => notes.list(caller, input));
  // A notice's rich text: a larger body than the default (ADR 0030).
  serve(app, businessPostCalls.create, ({ input, caller }) => posts.create(caller, input), {
    bodyLimit: BUSINESS_DOC_WRITE_BYTES,
  });
  serve(app, businessPostCalls.current, ({ input, caller }) =>
    posts.current(caller, company(caller, input.company_id), input),
  );
  serve(app, businessPostCalls.list, ({ caller }) => posts.board(caller));
  serve(app, businessPostCalls.detail, ({ input, caller }) => posts.detail(caller, input.id));
  serve(app, businessReportCalls.generate, ({ input, caller }) => report.generate(caller, input.business_id));
  serve(app, businessReportCalls.result, ({ input, caller }) => report.result(caller, input.business_id));
  serve(app, businessReportCalls.replay, ({ input, caller }) => report.replay(caller, input.business_id));
  serve(app, businessReportCalls.export, async ({ input, caller, reply }) => {
    const { filename, body } = await report.export(caller, input.business_id);
    return sendDownload(reply, filename, DOCX_MIME, body);
  });
  serve(app, businessDocCalls.templates, ({ input, caller }) => docs.templates(caller, input));
  serve(app, businessDocCalls.create, ({ input, caller }) => docs.create(caller, input));
  // A document's rich text: a larger body than the default (ADR 0030).
  serve(app, businessDocCalls.save, ({ input, caller }) => docs.save(caller, input), {
    bodyLimit: BUSINESS_DOC_WRITE_BYTES,
  });
  serve(app, businessDocCalls.sign, ({ input, caller }) => docs.sign(caller, input));
  serve(app, businessDocCalls.remove, ({ input, caller }) => docs.remove(caller, input));
  serve(app, businessDocCalls.list, ({ input, caller }) => docs.list(caller, input));
  serve(app, businessDocCalls.detail, ({ input, caller }) => docs.detail(caller, input));
  serve(
    app,
    businessDocCalls.attach,
    ({ input, caller }) =>
      docs.attach(caller, { ...input, file: input.file as Exclude<typeof input.file, Blob> }),
    ONE_STORED_FILE,
  );
  serve(app, businessDocCalls.detach, ({ input, caller }) => docs.detach(caller, input));
  storedFile(businessDocCalls.attachment, (caller, input) => docs.attachmentFile(caller, input));
  serve(app, businessDocCalls.signRoles, ({ input, caller }) => docs.signRoles(caller, input));
  serve(app, businessBoardCalls.courses, ({ caller }) => board.courses(caller));
  serve(app, businessBoardCalls.summaries, ({ caller }) => board.summaries(caller));
  serve(app, businessBoardCalls.people, ({ input, caller }) => board.people(caller, input.course_id));
  serve(app, businessBoardCalls.runDetail, ({ input, caller }) => board.runDetail(caller, input.business_id));
  serve(app, businessBoardCalls.board, ({ input, caller }) => board.board(caller, input.course_id));
  serve(app, businessWatchCalls.observables, ({ input, caller }) =>
    watch.observables(company(caller, input.company_id), input.size),
  );
  serve(app, businessWatchCalls.nodeDetail, ({ input, caller }) =>
    watch.nodeDetail(caller, company(caller, input.company_id), input),
  );
  serve(app, businessWatchCalls.nodeMessages, ({ input, caller }) =>
    watch.nodeMessages(caller, company(caller, input.company_id), input),
  );
  serve(app, businessSeatCalls.nodeFunction, ({ input, caller }) => seats.nodeFunction(caller, input));
  serve(app, businessSeatCalls.reportList, ({ input, caller }) => seats.reportable(caller, input));
  serve(app, businessSeatCalls.inList, ({ input, caller }) => seats.bringable(caller, input, 'in'));
  serve(app, businessSeatCalls.outList, ({ input, caller }) => seats.bringable(caller, input, 'out'));
  serve(app, businessSeatCalls.sceneType, ({ input, caller }) => seats.sceneType(caller, input));
  serve(app, businessSeatCalls.roleStatus, ({ input, caller }) => seats.roleStatus(caller, input));
  serve(app, businessRunCalls.transQuery, ({ input, caller }) => run.transQuery(caller, input));
  serve(app, businessRunCalls.transPath, ({ input, caller }) =>
    run.transPath(caller, company(caller, input.company_id), input.business_id),
  );
  serve(app, businessRunCalls.experiences, ({ input, caller }) => run.experiences(caller, input.business_id));
  serve(app, businessRunCalls.saveExperience, ({ input, caller }) => run.saveExperience(caller, input));
  serve(app, businessRunCalls.endCommit, ({ input, caller }) => run.endCommit(caller, input));
  serve(app, businessMessageCalls.push, ({ input, caller }) => messages.push(caller, input));
  serve(app, businessMessageCalls.save, ({ input, caller }) =>
    messages.push(caller, { ...input, type: 'txt' }),
  );
  serve(app, businessMessageCalls.projectPush, ({ input, caller }) => messages.push(caller, input));
  serve(app, businessMessageCalls.list, ({ input, caller }) => messages.list(caller, input));
  serve(app, calls.list, ({ input, caller }) => businesses.list(caller, input, pageParams(input)));
  serve(app, calls.mine, ({ input, caller }) => businesses.mine(caller, input, pageParams(input)));
  serve(app, calls.choices, ({ input, caller }) => businesses.choices(caller, input));
  serve(app, calls.deleted, ({ input, caller }) => businesses.deleted(caller, input, pageParams(input)));
  serve(app, calls.preview, ({ input, caller }) => businesses.preview(caller, input.project_id));
  serve(app, calls.create, ({ input, caller }) => businesses.create(caller, input));
  serve(app, calls.detail, ({ input, caller }) => team.open(caller, input.business_id));
  serve(app, calls.state, ({ input, caller }) => team.state(caller, input.business_id));
  serve(app, calls.team, ({ input, caller }) => businesses.team(caller, input.business_id));
  serve(app, calls.unitUsers, ({ input, caller }) => team.unitUsers(caller, input.business_id));
  serve(app, calls.addMoreTeammates, ({ input, caller }) =>
    team.addMoreTeammates(caller, input.business_id, input.data),
  );
  serve(app, calls.setNoneUser, ({ input, caller }) =>
    team.setNoneUser(caller, input.role_alloc_id, input.user_id),
  );
  serve(app, calls.jumpSetup, ({ input, caller }) => jumps.setup(caller, input));
  serve(app, calls.jumpTeam, ({ input, caller }) => jumps.team(caller, input, JUMP_NODE_TYPE));
  serve(app, calls.nestTeam, ({ input, caller }) => jumps.team(caller, input, NEST_NODE_TYPE));
  serve(app, calls.remove, ({ input, caller }) => businesses.setDeleted(caller, input.business_id, true));
  serve(app, calls.withdraw, ({ input, caller }) => businesses.withdraw(caller, input.business_id));
  serve(app, calls.recover, ({ input, caller }) => businesses.setDeleted(caller, input.business_id, false));
}
