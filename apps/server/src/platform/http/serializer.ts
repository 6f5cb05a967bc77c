import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type Json = Record<string, unknown>;

/** `anyOf [X, null]` (how zod writes `.nullable()`) as `type: [X, 'null']`, which fast-json-stringify serializes without a validator. */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!node || typeof node !== 'object') return node;
  const obj = Object.fromEntries(
    Object.entries(node as Json).map(([k, v]) => [k, simplifyNullable(v)]),
  ) as Json;
  const anyOf = obj.anyOf as Json[] | undefined;
  if (anyOf?.length === 2) {
    const nullIdx = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIdx];
    if (nullIdx >= 0 && other && typeof other.type === 'string' && !other.properties && !other.$ref) {
      const { anyOf: _drop, ...rest } = obj;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return obj;
}

/**
 * Response serializer from each route's zod schema, compiled once into fast-json-stringify. It
 * writes only declared properties (so nothing undeclared, such as a password hash, can leak) and
 * costs a fraction of validating every reply with zod (measured: zod was 43% of a 100-row list).
 * Error envelopes do not pass through here: the error handler sends them with plain JSON.
 */
export function serializerCompiler({ schema }: { schema: unknown }) {
  if (!(schema instanceof z.ZodType)) throw new Error('response schemas must be zod schemas');
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(simplifyNullable(json) as Parameters<typeof fastJson>[0]);
}
