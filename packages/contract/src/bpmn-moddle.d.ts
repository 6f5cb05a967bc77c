/**
 * What this project calls of bpmn-moddle (its package declares element types under
 * `bpmn-moddle/types`, not the reader itself): read a BPMN 2.0 document, write one.
 */
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>, options?: Record<string, unknown>);
    fromXML(
      xml: string,
      typeName?: string,
    ): Promise<{ rootElement: unknown; warnings: { message: string }[]; references: unknown[] }>;
    toXML(element: unknown, options?: { format?: boolean; preamble?: boolean }): Promise<{ xml: string }>;
    create(type: string, attrs?: Record<string, unknown>): unknown;
  }
}
