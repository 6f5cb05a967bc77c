import { ALL_CODENAMES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInfrastructure } from '../src/platform/http/access.ts';
import { type Harness, testApp } from './harness.ts';

describe('every route declares who may call it', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await testApp();
  });
  afterAll(() => h.close());

  it('walks every registered route: public, login or a known permission', () => {
    const api = h.routes.filter((r) => !isInfrastructure(r.url));
    expect(api.length).toBeGreaterThan(10);
    for (const route of api) {
      const access = route.access as Record<string, unknown> | undefined;
      expect(access, `${route.method} ${route.url}`).toBeDefined();
      const kinds = ['public', 'login', 'permission'].filter((k) => access && k in access);
      expect(kinds, `${route.method} ${route.url}`).toHaveLength(1);
      if (access && 'permission' in access) expect(ALL_CODENAMES).toContain(access.permission);
    }
  });

  it('refuses to register a route without an access declaration', async () => {
    const { buildApp } = await import('../src/app.ts');
    const app = await buildApp({
      database: h.database,
      config: { ...(await import('../src/config.ts')).loadConfig({}), webDist: undefined },
    });
    expect(() => app.get('/api/naked', async () => 'x')).toThrow(/neither public nor a permission/);
    await app.close();
  });
});
