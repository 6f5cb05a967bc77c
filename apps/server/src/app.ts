import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { envelope, PERSON_SEARCH_PER_MINUTE } from '@portal/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { accountService } from './modules/account/account.service.ts';
import { loginLimiter } from './modules/account/login-limiter.ts';
import { memberRoutes } from './modules/account/member.routes.ts';
import { memberService } from './modules/account/member.service.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { cartService } from './modules/cart/cart.service.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { catalogueService } from './modules/catalogue/catalogue.service.ts';
import { cmsRoutes } from './modules/cms/cms.routes.ts';
import { cmsService } from './modules/cms/cms.service.ts';
import { companyRoutes } from './modules/company/company.routes.ts';
import { companyService } from './modules/company/company.service.ts';
import { consigneeRoutes } from './modules/consignee/consignee.routes.ts';
import { consigneeService } from './modules/consignee/consignee.service.ts';
import { couponRoutes } from './modules/coupon/coupon.routes.ts';
import { couponService } from './modules/coupon/coupon.service.ts';
import { registerFeedback } from './modules/feedback/index.ts';
import { finderRoutes } from './modules/finder/finder.routes.ts';
import { finderService } from './modules/finder/finder.service.ts';
import { goodsCategoryRoutes } from './modules/goods-category/goods-category.routes.ts';
import { goodsCategoryService } from './modules/goods-category/goods-category.service.ts';
import { micrositeRoutes } from './modules/microsite/microsite.routes.ts';
import { micrositeService } from './modules/microsite/microsite.service.ts';
import { orderRoutes } from './modules/order/order.routes.ts';
import { orderService } from './modules/order/order.service.ts';
import { paymentMethods } from './modules/payment/index.ts';
import { paymentRoutes } from './modules/payment/payment.routes.ts';
import { promotionRoutes } from './modules/promotion/promotion.routes.ts';
import { promotionService } from './modules/promotion/promotion.service.ts';
import { reviewRoutes } from './modules/review/review.routes.ts';
import { reviewService } from './modules/review/review.service.ts';
import { gatewaySender, outboxSender, smsCodes } from './modules/sms/index.ts';
import { authPlugin } from './platform/auth/auth.plugin.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { isInfrastructure } from './platform/http/access.ts';
import { DEFAULT_BODY_LIMIT, registerBodyGuards } from './platform/http/body-guards.ts';
import { clientError, registerErrorHandler } from './platform/http/error-handler.ts';
import { incomingDirOf, registerMultipart } from './platform/http/multipart.ts';
import { callLimit } from './platform/http/rate-limit.ts';
import { type App, ok } from './platform/http/reply.ts';
import { serializerCompiler } from './platform/http/serializer.ts';
import { registerWebStatic } from './platform/http/web-static.ts';
import { type Counters, databaseCounters, redisCounters } from './platform/limits/counters.ts';

export interface BuildOptions {
  database: DatabaseHandle;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Collects every registered route (the access test walks them). */
  onRoute?: (route: { method: string | string[]; url: string; access: unknown }) => void;
}

/** The one composition of the server, used by main.ts, the tests and the benchmarks alike. */
export async function buildApp({ database, config, logger = false, onRoute }: BuildOptions) {
  const app = Fastify({
    logger,
    // Every body is bounded before it is read: small unless a route declares its own `bodyLimit`
    // (uploads declare `config.upload`, platform/http/multipart.ts).
    bodyLimit: DEFAULT_BODY_LIMIT,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: process.env.TRUST_PROXY === '1',
    frameworkErrors: clientError,
  }).withTypeProvider<ZodTypeProvider>() as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every route must say who may call it: registration fails otherwise (ADR 0003).
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    onRoute?.({ method: route.method, url: route.url, access });
    if (!access && !isInfrastructure(route.url)) {
      throw new Error(`route ${String(route.method)} ${route.url} declares neither public nor a permission`);
    }
  });
  registerBodyGuards(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('referrer-policy', 'same-origin');
  });

  registerErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  registerMultipart(app, { incomingDir: incomingDirOf(config.dataDir) });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '企业门户 API',
        version: '0.1.0',
        description: '门户接口 {c, d}/{c, m}；控制台接口 DRF 风格',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin, { db: database.db, sessionCacheMs: config.sessionCacheMs });

  // Limits shared by every process: in the database, or in Redis when configured (ADR 0010).
  const inDatabase = databaseCounters(database.db);
  const counters: Counters = config.redisUrl
    ? redisCounters(config.redisUrl, inDatabase, (err) => app.log.warn({ err }, 'redis limit counters'))
    : inDatabase;
  app.addHook('onClose', () => counters.close());
  const account = accountService({
    db: database.db,
    limiter: loginLimiter(counters, config.login),
    counters,
    passwordChecks: { max: config.login.maxFailuresPerAccount, windowMs: config.login.windowMs },
    permissions: app.permissions,
    sessions: app.sessions,
    sessionTtlMs: config.sessionTtlMs,
  });
  // Expired sessions and closed limit windows are swept at start and hourly; lookups ignore them anyway.
  const sweepAll = () => Promise.all([account.sweepExpiredSessions(), counters.sweep()]);
  await sweepAll();
  const sweep = setInterval(() => sweepAll().catch((err) => app.log.warn({ err }, 'sweep failed')), 3600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  const companies = companyService(database.db);
  const categories = goodsCategoryService(database.db, { recheckMs: config.cacheRecheckMs });
  const catalogue = catalogueService(database.db, {
    categoryRows: (companyId) => categories.rows(companyId),
    recheckMs: config.cacheRecheckMs,
  });
  const payments = paymentMethods();
  const shopOf = companies.defaultShop;
  const orders = orderService(database.db, {
    payments,
    payMinutes: config.orderPayMinutes,
    shopOf,
    goodsChanged: (companyId) => catalogue.forgetCounters(companyId),
  });
  const sms = smsCodes(
    database.db,
    counters,
    config.smsGateway ? gatewaySender(config.smsGateway) : outboxSender,
  );
  const members = memberService(database.db, { account, sms, companies, counters });
  // Unpaid orders past their time are cancelled every minute (and once at start).
  const expire = () => orders.expireDue().catch((err) => app.log.warn({ err }, 'order expiry failed'));
  await expire();
  const expiry = setInterval(expire, 60_000);
  expiry.unref();
  app.addHook('onClose', async () => clearInterval(expiry));

  await app.register(
    async (api) => {
      const typed = api as App;
      typed.get(
        '/health',
        {
          config: { access: { public: true } },
          schema: {
            tags: ['system'],
            summary: '存活检查（不访问数据库）',
            response: { 200: envelope(z.object({ status: z.string() })) },
          },
        },
        async () => ok({ status: 'ok' }),
      );
      accountRoutes(typed, account, config.sessionTtlMs);
      companyRoutes(typed, companies);
      goodsCategoryRoutes(typed, categories);
      memberRoutes(typed, members, config.sessionTtlMs);
      catalogueRoutes(typed, catalogue);
      reviewRoutes(typed, reviewService(database.db));
      cmsRoutes(typed, cmsService(database.db));
      cartRoutes(typed, cartService(database.db));
      consigneeRoutes(typed, consigneeService(database.db));
      couponRoutes(typed, couponService(database.db));
      orderRoutes(typed, orders);
      paymentRoutes(typed, payments, shopOf);
      registerFeedback(typed, database.db, companies, counters);
      // Person search: at most PERSON_SEARCH_PER_MINUTE calls per IP and minute.
      const searchLimit = callLimit(counters, {
        name: 'search',
        max: PERSON_SEARCH_PER_MINUTE,
        windowMs: 60_000,
      });
      finderRoutes(typed, finderService(database.db, { searchLimit }));
      micrositeRoutes(typed, micrositeService(database.db, { companies, shopOf }));
      promotionRoutes(typed, promotionService(database.db));
    },
    { prefix: '/api' },
  );

  if (config.webDist) await registerWebStatic(app, config.webDist);
  return app;
}
