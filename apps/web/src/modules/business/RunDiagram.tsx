import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import './run-diagram.css';
import type { TransPath } from '@portal/contract';
import { TRAINING_MODDLE } from '@portal/contract/bpmn';
import { Alert } from 'antd';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useEffect, useRef, useState } from 'react';

type Viewer = InstanceType<typeof NavigatedViewer>;
// biome-ignore lint/suspicious/noExplicitAny: bpmn-js's services are untyped
const service = <T = any>(v: Viewer, name: string) => v.get(name) as T;

const MARKS = [
  ['visited', 'run-visited', '已完成'],
  ['current', 'run-current', '当前'],
  ['waiting', 'run-waiting', '在汇合处等待'],
] as const;

/**
 * A run on its diagram (design/training.md "Moving on": visited blue, current red, a waiting merge
 * orange), read-only — the drawing can be moved and zoomed. Colour is not the only sign: the
 * legend names the nodes of each kind in words.
 */
export default function RunDiagram({ path, title }: { path: TransPath; title: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState('');

  useEffect(() => {
    if (!container.current) return;
    const viewer = new NavigatedViewer({
      container: container.current,
      moddleExtensions: { training: TRAINING_MODDLE },
    });
    let alive = true;
    let loaded = false;
    // The drawing fits its box again when the box changes size (a phone turned, a window narrowed).
    const refit = new ResizeObserver(() => {
      if (!loaded) return;
      const canvas = service(viewer, 'canvas');
      canvas.resized();
      canvas.zoom('fit-viewport', 'auto');
    });
    refit.observe(container.current);
    viewer
      .importXML(path.xml)
      .then(() => {
        if (!alive) return;
        loaded = true;
        service(viewer, 'canvas').zoom('fit-viewport', 'auto');
        const registry = service(viewer, 'elementRegistry');
        const canvas = service(viewer, 'canvas');
        const found: Record<string, string> = {};
        for (const [key, marker] of MARKS)
          for (const id of path[key]) {
            const shape = registry.get(id);
            if (!shape) continue;
            canvas.addMarker(id, marker);
            const element = shape.businessObject;
            found[id] = element?.name || (element?.$type === 'bpmn:ParallelGateway' ? '并行汇合' : id);
          }
        setNames(found);
      })
      .catch((err: Error) => alive && setFailed(`流程图无法显示：${err.message}`));
    return () => {
      alive = false;
      refit.disconnect();
      viewer.destroy();
    };
  }, [path]);

  return (
    // The legend is the drawing's caption: what each colour marks, named in words.
    <figure className="run-figure" aria-label={`${title}的流程图`}>
      {failed && <Alert type="error" showIcon message={failed} />}
      <div ref={container} className="run-canvas" />
      <figcaption>
        <ul className="run-legend" aria-label="图例">
          {MARKS.map(([key, marker, word]) => (
            <li key={key}>
              <span className={`run-swatch ${marker}`} aria-hidden="true" />
              {word}
              {path[key].length > 0 ? `：${path[key].map((id) => names[id] ?? id).join('、')}` : '：无'}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
