import type { Codename } from '@portal/contract';

/**
 * What a route needs, declared on every route (ADR 0003):
 * - `{ public: true }` anyone; a session is read when present;
 * - `{ login: true }` any logged-in user;
 * - `{ permission }` a logged-in user whose role holds that codename.
 * The route's `config.family` (platform/http/serve.ts) picks the error form: portal `{c, m}`
 * (default) or console (DRF style, ADR 0034).
 */
export type Access = { public: true } | { login: true } | { permission: Codename };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Routes that infrastructure plugins register themselves (OpenAPI UI). */
const INFRASTRUCTURE_PREFIXES = ['/api/docs'];

export function isInfrastructure(url: string) {
  return INFRASTRUCTURE_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));
}
