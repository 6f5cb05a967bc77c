import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Harness, testApp } from './harness.ts';

/**
 * `serve()` of a declared call whose handler sends the reply itself (a pre-serialized page): the
 * reply is sent once, and nothing is logged. (A second send made Fastify build an error and log a
 * warning on every category list: a quarter of that route's rate in bench/category-list.bench.ts.)
 */
describe('serve', () => {
  let h: Harness;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const log: string[] = [];
  beforeAll(async () => {
    h = await testApp();
    app = await buildApp({
      database: h.database,
      config: { ...loadConfig({ DATA_DIR: '/tmp/portal-test' }), webDist: undefined },
      logger: {
        level: 'warn',
        stream: new Writable({
          write(chunk, _enc, cb) {
            log.push(String(chunk));
            cb();
          },
        }),
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await h.close();
  });

  it('answers a handler that sent the page itself once, without a warning', async () => {
    const shop = await h.as(12);
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/shop/goods/category/list',
        headers: shop.headers,
        payload: { page_size: 10 },
      });
      expect(res.json()).toMatchObject({ c: 0, d: { results: [], paging: { count: 0 } } });
    }
    expect(log).toEqual([]);
  });
});
