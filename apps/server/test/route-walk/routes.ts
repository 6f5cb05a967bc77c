import { isInfrastructure } from '#server/platform/http/access.ts';

/** A JSON schema as @fastify/swagger publishes it (only what the walk reads). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

export interface Field {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface RouteAccess {
  public?: true;
  login?: true;
  permission?: string;
}

/** One method and path of the route table, with what the OpenAPI document says it reads. */
export interface WalkRoute {
  method: string;
  url: string;
  /** `METHOD url`, how a failure names the route. */
  label: string;
  access: RouteAccess;
  /** The reply family (`Call.family`): console routes answer with HTTP statuses and DRF bodies. */
  family: 'portal' | 'console';
  /** Where the declared fields travel: a POST/PUT/PATCH body or a GET/HEAD/DELETE querystring. */
  carrier: 'body' | 'query';
  fields: Field[];
  /** The `:name` segments of the path, with the schema the document gives each. */
  pathFields: Field[];
  /** False when the OpenAPI document has no operation for it (hidden routes such as the web catch-all). */
  documented: boolean;
  /** A body route that declares a body schema (one without reads no body, so any body shape passes). */
  bodySchema: boolean;
  /** Answers a file or a page on success (an export, a receipt), the envelope only on a refusal. */
  file: boolean;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

export interface RegisteredRoute {
  method: string | string[];
  url: string;
  access: unknown;
  /** Declared to answer a file or a page on success (`Call.file`). */
  file?: unknown;
  family?: unknown;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

function fieldsOf(op: OpenApiOperation | undefined, carrier: 'body' | 'query' | 'path'): Field[] {
  if (!op) return [];
  if (carrier !== 'body') {
    return (op.parameters ?? [])
      .filter((p) => p.in === carrier)
      .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true }));
  }
  const content = op.requestBody?.content ?? {};
  const schema = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([name, s]) => ({
    name,
    schema: s,
    required: required.has(name),
  }));
}

/**
 * The route table as the walk sees it: every registered method and path except the infrastructure
 * routes (OpenAPI UI), each with its access declaration and the fields its schema declares.
 * HEAD routes share their GET's schema (Fastify adds them and the document leaves them out).
 */
export function walkRoutes(registered: RegisteredRoute[], doc: OpenApiDocument): WalkRoute[] {
  const out: WalkRoute[] = [];
  const seen = new Set<string>();
  for (const r of registered) {
    if (isInfrastructure(r.url)) continue;
    for (const method of Array.isArray(r.method) ? r.method : [r.method]) {
      const label = `${method} ${r.url}`;
      if (seen.has(label)) continue;
      seen.add(label);
      const ops = doc.paths?.[r.url.replace(/:(\w+)/g, '{$1}')];
      const op = ops?.[method.toLowerCase()] ?? (method === 'HEAD' ? ops?.get : undefined);
      const carrier = BODY_METHODS.has(method) ? 'body' : 'query';
      out.push({
        method,
        url: r.url,
        label,
        access: (r.access ?? {}) as RouteAccess,
        family: r.family === 'console' ? 'console' : 'portal',
        carrier,
        fields: fieldsOf(op, carrier),
        pathFields: fieldsOf(op, 'path'),
        documented: op !== undefined,
        bodySchema: carrier === 'body' && op?.requestBody !== undefined,
        file: r.file === true,
      });
    }
  }
  return out;
}

export const isPublic = (r: WalkRoute) => r.access.public === true;
export const isConsole = (r: WalkRoute) => r.family === 'console' || r.url.startsWith('/api/v1/');
