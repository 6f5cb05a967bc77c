/** bpmn-auto-layout (bpmn-io) ships no types: what demo-flows.ts calls of it. */
declare module 'bpmn-auto-layout' {
  /** The document with a diagram drawn for its process (shapes left to right, edges routed). */
  export function layoutProcess(xml: string): Promise<string>;
}
