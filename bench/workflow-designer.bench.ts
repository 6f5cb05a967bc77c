// Issue 36's budgets for the BPMN designer, in one run (bpmn-js is reported sluggish from ~800
// elements: camunda-modeler #2803, bpmn-js #1405):
// 1. the designer opens and renders a 1,000-element flow — time until it is ready (drawing imported,
//    fitted, 保存 enabled) and from a click on an element to its selection — beside a 10-element flow;
// 2. saving a 1,000-element flow (parse, checks, nodes and transitions written) under 1 s on the
//    server: the first save (every node inserted) and a save of the same drawing again (every node
//    kept and rewritten), beside a 10-element flow.
// Sizes are run alternately, run by run, so a change of the machine's load falls on all of them.
//
//   npm run build && npm run designer -w @portal/bench    (BENCH_RUNS, default 5; medians shown)
import path from 'node:path';
import { TRAINING_NAMESPACE } from '@portal/contract/bpmn';
import { chromium } from 'playwright-core';
import { loginAs, sessionContext, startServer } from './web-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const SIZES = [10, 1000] as const;
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A flow of about `elements` elements (nodes and sequence flows) with its diagram: a start, tasks
 * (编辑, the last 分析与总结) and an end in a chain laid out in rows of 20, as a manager's long flow
 * would be drawn.
 */
export function chainFlow(elements: number): { xml: string; elements: number } {
  const nodes = Math.max(3, Math.ceil((elements + 1) / 2));
  const ids = Array.from({ length: nodes }, (_, i) =>
    i === 0 ? 'StartEvent_1' : i === nodes - 1 ? 'EndEvent_1' : `Task_${i}`,
  );
  const at = (i: number) => {
    const row = Math.floor(i / 20);
    const col = row % 2 === 0 ? i % 20 : 19 - (i % 20);
    return { x: 100 + col * 160, y: 100 + row * 140 };
  };
  const size = (i: number) => (i === 0 || i === nodes - 1 ? { w: 36, h: 36 } : { w: 100, h: 80 });
  /** A shape's box as drawn (events are smaller, centred in the cell). */
  const box = (i: number) => {
    const p = at(i);
    const s = size(i);
    return { x: p.x + (100 - s.w) / 2, y: p.y + (80 - s.h) / 2, w: s.w, h: s.h };
  };
  /** A flow from the border of one shape to the border of the next: beside it, or below it. */
  const waypoints = (i: number) => {
    const a = box(i - 1);
    const b = box(i);
    if (a.y + a.h / 2 === b.y + b.h / 2) {
      const y = a.y + a.h / 2;
      return a.x < b.x
        ? [
            { x: a.x + a.w, y },
            { x: b.x, y },
          ]
        : [
            { x: a.x, y },
            { x: b.x + b.w, y },
          ];
    }
    const x = a.x + a.w / 2;
    return [
      { x, y: a.y + a.h },
      { x, y: b.y },
    ];
  };
  const semantic: string[] = [];
  const di: string[] = [];
  for (const [i, id] of ids.entries()) {
    const tag = i === 0 ? 'startEvent' : i === nodes - 1 ? 'endEvent' : 'task';
    const type = tag === 'task' ? ` training:nodeType="${i === nodes - 2 ? 4 : 2}"` : '';
    semantic.push(`<bpmn:${tag} id="${id}" name="环节${i}"${type} />`);
    const shape = box(i);
    di.push(
      `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${shape.x}" y="${shape.y}" width="${shape.w}" height="${shape.h}" /></bpmndi:BPMNShape>`,
    );
    if (i === 0) continue;
    const flow = `Flow_${i}`;
    semantic.push(`<bpmn:sequenceFlow id="${flow}" sourceRef="${ids[i - 1]}" targetRef="${id}" />`);
    const points = waypoints(i)
      .map((p) => `<di:waypoint x="${p.x}" y="${p.y}" />`)
      .join('');
    di.push(`<bpmndi:BPMNEdge id="${flow}_di" bpmnElement="${flow}">${points}</bpmndi:BPMNEdge>`);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:training="${TRAINING_NAMESPACE}" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
<bpmn:process id="Process_1" isExecutable="false">
${semantic.join('\n')}
</bpmn:process>
<bpmndi:BPMNDiagram id="BPMNDiagram_1"><bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="Process_1">
${di.join('\n')}
</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
  return { xml, elements: nodes * 2 - 1 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const server = await startServer(root, dist);
const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
try {
  const login = await loginAs(server.base, 'unit');
  const headers = { authorization: `Token ${login.token}` };
  const post = async (url: string, form: Record<string, string>) => {
    const res = await fetch(`${server.base}/api${url}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    const body = (await res.json()) as { c: number; m: string; d: { id: number } };
    if (body.c !== 0) throw new Error(`${url}: ${body.m}`);
    return body.d;
  };
  const flows = SIZES.map((n) => ({ n, ...chainFlow(n) }));
  const timed = new Map<number, { first: number[]; again: number[]; ready: number[]; click: number[] }>(
    SIZES.map((n) => [n, { first: [], again: [], ready: [], click: [] }]),
  );

  /** One save of a new flow and one of the same drawing again: each request's time. */
  async function save(xml: string) {
    const flow = await post('/workflow/create', { name: `基准流程${Date.now()}` });
    const t0 = performance.now();
    await post('/workflow/flow/draw', { flow_id: String(flow.id), xml });
    const t1 = performance.now();
    await post('/workflow/flow/draw', { flow_id: String(flow.id), xml });
    return { id: flow.id, first: t1 - t0, again: performance.now() - t1 };
  }

  /** The designer opened cold on a flow: until it is ready, then a click until the element is selected. */
  async function open(id: number) {
    const context = await sessionContext(browser, server.base, login);
    try {
      const page = await context.newPage();
      await page.goto(`${server.base}/workflow/draw/${id}`);
      await page
        .locator('.djs-element[data-element-id="EndEvent_1"]')
        .waitFor({ state: 'attached', timeout: 120_000 });
      await page.getByRole('button', { name: '保存', exact: true }).and(page.locator(':enabled')).waitFor();
      const ready = await page.evaluate(() => performance.now());
      const box = await page.locator('.djs-element[data-element-id="StartEvent_1"]').first().boundingBox();
      if (!box) throw new Error('the start event is not on screen');
      const t0 = await page.evaluate(() => performance.now());
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page
        .locator('.djs-shape.selected[data-element-id="StartEvent_1"]')
        .waitFor({ state: 'attached' });
      const t1 = await page.evaluate(() => performance.now());
      return { ready, click: t1 - t0 };
    } finally {
      await context.close();
    }
  }

  // One uncounted round (the server's and the browser's first answers).
  for (const f of flows) await open((await save(f.xml)).id);
  for (let run = 0; run < RUNS; run++)
    for (const f of flows) {
      const saved = await save(f.xml);
      const opened = await open(saved.id);
      const t = timed.get(f.n);
      if (!t) continue;
      t.first.push(saved.first);
      t.again.push(saved.again);
      t.ready.push(opened.ready);
      t.click.push(opened.click);
    }

  const ms = (x: number) => `${Math.round(x)} ms`;
  console.log(
    `\nBPMN designer and flow saves (${RUNS} runs, medians; Chromium ${CHROME}, 1366 × 768, cold context)`,
  );
  console.table(
    flows.map((f) => {
      const t = timed.get(f.n);
      return {
        flow: `${f.elements} elements (${Math.round(f.xml.length / 1000)} kB XML)`,
        'save, first': ms(median(t?.first ?? [])),
        'save, again': ms(median(t?.again ?? [])),
        'designer ready': ms(median(t?.ready ?? [])),
        'click → selected': ms(median(t?.click ?? [])),
      };
    }),
  );
  const big = timed.get(1000);
  const worst = Math.max(median(big?.first ?? []), median(big?.again ?? []));
  console.log(`${worst < 1000 ? '✓' : '✗'} saving a 1,000-element flow: ${ms(worst)} of the 1 s budget`);
} finally {
  await browser.close();
  server.child.kill();
}
