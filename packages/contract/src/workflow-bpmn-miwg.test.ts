import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bpmnModdle, decodeBpmn, type ModdleElement, readBpmn } from './workflow-bpmn.ts';

/**
 * Interchange (issue 36, docs/adr/0041-bpmn-designer.md): every reference model of the OMG BPMN MIWG
 * test suite is read as the designer reads a `.bpmn` file (decodeBpmn, readBpmn: bpmn-moddle, which
 * bpmn-js imports with), written out unedited as the designer saves it (bpmn-js's saveXML is
 * bpmn-moddle's toXML of the definitions it imported), read again, and compared with the original:
 * flow nodes, sequence-flow topology, lanes, diagram shapes and edges, labels. The models live
 * outside the project (../shared/conformance, CC BY 3.0; CONFORMANCE_DIR elsewhere): a clone
 * without them skips this file.
 */
const DIR =
  process.env.CONFORMANCE_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/conformance');
const MODELS = path.join(DIR, 'bpmn-miwg');
const CAMUNDA = path.join(DIR, 'bpmn-miwg-camunda-roundtrip');
const present = fs.existsSync(MODELS);
if (!present) console.warn(`MIWG reference models not found at ${MODELS}: interchange test skipped`);

/** Every reference model the designer supports: all 21 (the ADR lists what each holds). */
const SUPPORTED = present ? fs.readdirSync(MODELS).filter((f) => f.endsWith('.bpmn')) : [];

const n = (v: unknown) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v);
const idOf = (e: unknown) => (e as ModdleElement | undefined)?.id ?? null;

/** What must survive a round trip, as sorted lines. */
function summary(definitions: ModdleElement) {
  const nodes: string[] = [];
  const flows: string[] = [];
  const lanes: string[] = [];
  const shapes: string[] = [];
  const edges: string[] = [];
  const visit = (container: ModdleElement) => {
    for (const e of container.flowElements ?? []) {
      if (e.$type === 'bpmn:SequenceFlow')
        flows.push(`${e.id} ${idOf(e.sourceRef)}→${idOf(e.targetRef)} ${e.name ?? ''}`);
      else nodes.push(`${e.$type} ${e.id} ${e.name ?? ''}`);
      if (e.flowElements) visit(e);
      for (const set of e.laneSets ?? []) visitLanes(set);
    }
  };
  const visitLanes = (set: ModdleElement) => {
    for (const lane of set.lanes ?? []) {
      const refs = (lane.flowNodeRef ?? []).map(idOf).sort();
      lanes.push(`${lane.id} ${lane.name ?? ''} [${refs.join(',')}]`);
      if (lane.childLaneSet) visitLanes(lane.childLaneSet);
    }
  };
  for (const root of definitions.rootElements ?? []) {
    if (root.$type === 'bpmn:Process') {
      visit(root);
      for (const set of root.laneSets ?? []) visitLanes(set);
    }
  }
  for (const diagram of (definitions.diagrams as ModdleElement[] | undefined) ?? []) {
    const plane = diagram.plane as ModdleElement;
    for (const el of (plane.planeElement as ModdleElement[] | undefined) ?? []) {
      const label = el.label as { bounds?: Record<string, number> } | undefined;
      const lb = label?.bounds
        ? ` label ${[label.bounds.x, label.bounds.y, label.bounds.width, label.bounds.height].map(n).join(',')}`
        : '';
      if (el.$type === 'bpmndi:BPMNShape') {
        const b = el.bounds as Record<string, number>;
        shapes.push(
          `${diagram.id} ${idOf(el.bpmnElement)} ${[b.x, b.y, b.width, b.height].map(n).join(',')}${lb}`,
        );
      } else if (el.$type === 'bpmndi:BPMNEdge') {
        const points = ((el.waypoint as Record<string, number>[] | undefined) ?? []).map(
          (p) => `${n(p.x)},${n(p.y)}`,
        );
        edges.push(`${diagram.id} ${idOf(el.bpmnElement)} ${points.join(' ')}${lb}`);
      }
    }
  }
  return {
    nodes: nodes.sort(),
    flows: flows.sort(),
    lanes: lanes.sort(),
    shapes: shapes.sort(),
    edges: edges.sort(),
  };
}

async function roundTrip(file: string) {
  const original = await readBpmn(decodeBpmn(fs.readFileSync(path.join(MODELS, file))));
  const { xml } = await bpmnModdle().toXML(original.definitions as never, { format: true });
  const again = await readBpmn(xml);
  return { original, xml, again };
}

describe.skipIf(!present)('MIWG reference models, imported and exported unedited', () => {
  it('are all there', () => {
    expect(SUPPORTED).toHaveLength(21);
  });

  it.each(SUPPORTED)('%s keeps its flow nodes, topology, lanes, shapes and labels', async (file) => {
    const { original, again } = await roundTrip(file);
    const before = summary(original.definitions);
    expect(before.nodes.length, 'the model has flow nodes').toBeGreaterThan(0);
    expect(before.shapes.length, 'the model has a diagram').toBeGreaterThan(0);
    expect(summary(again.definitions)).toEqual(before);
    // What is written is read back without complaint (the original's own dangling references aside).
    expect(again.warnings).toEqual([]);
  });

  it('keep non-ASCII labels, where Camunda Modeler’s round trip of C.1.0 garbles klären', async () => {
    const { xml } = await roundTrip('C.1.0.bpmn');
    expect(xml).toContain('Rechnung klären');
    const camunda = decodeBpmn(fs.readFileSync(path.join(CAMUNDA, 'C.1.0-roundtrip.bpmn')));
    expect(camunda).not.toContain('Rechnung klären');
    expect(camunda).toContain('Rechnung klÃ¤ren');
  });

  it('read the ISO-8859-1 models as declared and write UTF-8', async () => {
    const { xml } = await roundTrip('A.1.0.bpmn');
    expect(fs.readFileSync(path.join(MODELS, 'A.1.0.bpmn'), 'latin1')).toMatch(/encoding="ISO-8859-1"/);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
  });
});
