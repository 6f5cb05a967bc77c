/**
 * What the designer offers (issue 36): only the elements the engine runs — start and end events,
 * tasks, exclusive and parallel gateways, a sub-process or call activity for nest. bpmn-js's own
 * palette, context pad and replace menu are kept and narrowed by updaters (diagram-js providers may
 * answer a function that receives the entries gathered so far), so its behaviour stays its own.
 * A model imported with other elements keeps and shows them (they are refused for publishing).
 */
type Entries = Record<string, unknown>;
type Updater = (entries: Entries) => Entries;

const keep =
  (allowed: ReadonlySet<string>): Updater =>
  (entries) =>
    Object.fromEntries(Object.entries(entries).filter(([key]) => allowed.has(key)));

const PALETTE = new Set([
  'hand-tool',
  'lasso-tool',
  'space-tool',
  'global-connect-tool',
  'tool-separator',
  'create.start-event',
  'create.end-event',
  'create.exclusive-gateway',
  'create.parallel-gateway',
  'create.task',
  'create.subprocess-expanded',
]);
const CONTEXT_PAD = new Set([
  'append.end-event',
  'append.gateway',
  'append.append-task',
  'replace',
  'connect',
  'delete',
]);
const REPLACE = new Set(
  [
    'task',
    'user-task',
    'manual-task',
    'call-activity',
    'subprocess',
    'collapsed-subprocess',
    'expanded-subprocess',
    'exclusive-gateway',
    'parallel-gateway',
    'none-start',
    'none-end',
    'sequence-flow',
  ].map((id) => `replace-with-${id}`),
);

interface Palette {
  registerProvider(priority: number, provider: { getPaletteEntries(): Updater }): void;
}
interface ContextPad {
  registerProvider(priority: number, provider: { getContextPadEntries(): Updater }): void;
}
interface PopupMenu {
  registerProvider(
    id: string,
    priority: number,
    provider: { getPopupMenuEntries(): Updater; getPopupMenuHeaderEntries(): Updater },
  ): void;
}
interface ElementFactory {
  createShape(attrs: { type: string }): unknown;
}
interface Create {
  start(event: unknown, shape: unknown): void;
}
type Translate = (s: string) => string;

function Restrict(
  palette: Palette,
  contextPad: ContextPad,
  popupMenu: PopupMenu,
  elementFactory: ElementFactory,
  create: Create,
  translate: Translate,
) {
  // Priority below bpmn-js's own (1000): these run after its entries are gathered.
  palette.registerProvider(500, {
    getPaletteEntries: () => (entries) => {
      const start = (event: unknown) =>
        create.start(event, elementFactory.createShape({ type: 'bpmn:ParallelGateway' }));
      return keep(PALETTE)({
        ...entries,
        'create.parallel-gateway': {
          group: 'gateway',
          className: 'bpmn-icon-gateway-parallel',
          title: translate('Create parallel gateway'),
          action: { dragstart: start, click: start },
        },
      });
    },
  });
  contextPad.registerProvider(500, { getContextPadEntries: () => keep(CONTEXT_PAD) });
  popupMenu.registerProvider('bpmn-replace', 500, {
    getPopupMenuEntries: () => keep(REPLACE),
    // Loop, multi-instance, compensation and ad-hoc markers: the engine runs none of them.
    getPopupMenuHeaderEntries: () => () => ({}),
  });
}
Restrict.$inject = ['palette', 'contextPad', 'popupMenu', 'elementFactory', 'create', 'translate'];

export const restrictModule = { __init__: ['restrict'], restrict: ['type', Restrict] };
