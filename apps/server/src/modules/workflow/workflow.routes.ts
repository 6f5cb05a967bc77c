import { workflowCalls as calls, FLOW_LIMITS, workflowSetupCalls as set } from '@portal/contract';
import { ONE_STORED_FILE } from '#server/modules/file/index.ts';
import { pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { WorkflowService } from './workflow.service.ts';
import type { SetupService } from './workflow-setup.service.ts';

/**
 * A drawing's body: the XML form-encoded (markup characters take three bytes, a Chinese character
 * nine) and the flow's id — twice the XML's limit, which a drawing of 1,000 elements (about 0.4 MB,
 * 0.6 MB encoded) is far from. Anything larger is refused before it is read (PAYLOAD_TOO_LARGE).
 */
const DRAW_BODY_LIMIT = FLOW_LIMITS.xml * 2;

/** Routes stay thin: the declaration (packages/contract workflow.ts) gives path, schemas and access. */
export function workflowRoutes(app: App, flows: WorkflowService, setup: SetupService) {
  serve(app, calls.list, ({ input, caller }) => flows.list(caller, input, pageParams(input)));
  serve(app, calls.get, ({ input, caller }) => flows.get(caller, input.flow_id));
  serve(app, calls.create, ({ input, caller }) => flows.create(caller, input));
  serve(app, calls.update, ({ input, caller }) => flows.update(caller, input));
  serve(app, calls.draw, ({ input, caller }) => flows.draw(caller, input), { bodyLimit: DRAW_BODY_LIMIT });
  serve(app, calls.copy, ({ input, caller }) => flows.copy(caller, input.flow_id));
  serve(app, calls.publish, ({ input, caller }) => flows.publish(caller, input.flow_id));
  serve(app, calls.remove, ({ input, caller }) => flows.remove(caller, input.flow_id));

  serve(app, set.get, ({ input, caller }) => setup.get(caller, input.flow_id));
  serve(app, set.setNodes, ({ input, caller }) => setup.setNodes(caller, input));
  serve(
    app,
    set.createDoc,
    ({ input, caller }) =>
      setup.createDoc(caller, { ...input, file: input.file as Exclude<typeof input.file, Blob> }),
    ONE_STORED_FILE,
  );
  serve(app, set.updateDoc, ({ input, caller }) => setup.updateDoc(caller, input));
  serve(app, set.removeDoc, ({ input, caller }) => setup.removeDoc(caller, input.doc_id));
  serve(app, set.setDocs, ({ input, caller }) => setup.setDocs(caller, input.flow_id));
  serve(app, set.setRoles, ({ input, caller }) => setup.setRoles(caller, input));
  serve(app, set.setModules, ({ input, caller }) => setup.setModules(caller, input));
}
