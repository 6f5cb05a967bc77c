import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { systemCalls } from '@portal/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { accountModule } from './modules/account/index.ts';
import { adminLogModule } from './modules/admin-log/index.ts';
import { assistantModule } from './modules/assistant/index.ts';
import { brandModule } from './modules/brand/index.ts';
import { bulkCatalogueModule } from './modules/bulk-catalogue/index.ts';
import { businessModule } from './modules/business/index.ts';
import { cartModule } from './modules/cart/index.ts';
import { catalogueModule } from './modules/catalogue/index.ts';
import { cmsModule } from './modules/cms/index.ts';
import { companyModule } from './modules/company/index.ts';
import { companySettingsModule } from './modules/company-settings/index.ts';
import { consigneeModule } from './modules/consignee/index.ts';
import { couponModule } from './modules/coupon/index.ts';
import { courseModule } from './modules/course/index.ts';
import { crmPeopleModule } from './modules/crm-people/index.ts';
import { departmentModule } from './modules/department/index.ts';
import { fileModule } from './modules/file/index.ts';
import { finderModule } from './modules/finder/index.ts';
import { goodsCategoryModule } from './modules/goods-category/index.ts';
import { goodsLibraryModule } from './modules/goods-library/index.ts';
import { groupModule } from './modules/group/index.ts';
import { guestModule } from './modules/guest/index.ts';
import { inboxModule } from './modules/inbox/index.ts';
import { jobModule } from './modules/job/index.ts';
import { micrositeModule } from './modules/microsite/index.ts';
import { orderModule } from './modules/order/index.ts';
import { paymentModule } from './modules/payment/index.ts';
import { pmcModule, productsPlanned } from './modules/pmc/index.ts';
import { productModule } from './modules/product/index.ts';
import { projectModule } from './modules/project/index.ts';
import { promotionModule } from './modules/promotion/index.ts';
import { purchaseModule, purchaseStocked } from './modules/purchase/index.ts';
import { reviewModule, reviewRepository } from './modules/review/index.ts';
import { rolePermissionModule } from './modules/role-permission/index.ts';
import { gatewaySender, outboxSender, smsCodes } from './modules/sms/index.ts';
import { stockModule } from './modules/stock/index.ts';
import { transferModule } from './modules/transfer/index.ts';
import { usersModule } from './modules/users/index.ts';
import { visitorFormsModule } from './modules/visitor-forms/index.ts';
import { workPlanModule } from './modules/work-plan/index.ts';
import { workflowModule } from './modules/workflow/index.ts';
import { authPlugin } from './platform/auth/auth.plugin.ts';
import { type DatabaseHandle, modulesDatabase } from './platform/db/database.ts';
import { fileStoreOf } from './platform/files/file-store.ts';
import { isInfrastructure } from './platform/http/access.ts';
import { DEFAULT_BODY_LIMIT, registerBodyGuards } from './platform/http/body-guards.ts';
import { clientError, registerErrorHandler } from './platform/http/error-handler.ts';
import { incomingDirOf, registerMultipart } from './platform/http/multipart.ts';
import type { App } from './platform/http/reply.ts';
import { serializerCompiler } from './platform/http/serializer.ts';
import { serve } from './platform/http/serve.ts';
import { registerWebStatic } from './platform/http/web-static.ts';
import { openJobQueue } from './platform/jobs/job-queue.ts';
import type { JobQueue } from './platform/jobs/types.ts';
import { type Counters, databaseCounters, redisCounters } from './platform/limits/counters.ts';
import { liveHub } from './platform/live/live.ts';
import { type PortalModule, registerJobs, registerModules } from './platform/module.ts';
import { localPushHub, redisPushHub } from './platform/push/push.ts';
import { sweepEndedImports } from './platform/resource/import-staging.ts';
import type { ZoneOf } from './platform/time.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The portal's job queue (ADR 0037): modules start jobs with it; tests define kinds of their own. */
    jobs: JobQueue;
    /** A company's time zone (its `time_zone` setting): the platform's exports write dates on it. */
    zoneOf: ZoneOf;
  }
}

export interface BuildOptions {
  database: DatabaseHandle;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Collects every registered route (the access test walks them). */
  onRoute?: (route: {
    method: string | string[];
    url: string;
    access: unknown;
    file?: unknown;
    family?: unknown;
  }) => void;
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
    const { file, family } = route.config ?? {};
    onRoute?.({ method: route.method, url: route.url, access, file, family });
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
  // What a module tells open pages at once (issue 35's 新订单): across processes through Redis
  // pub/sub when configured, else within this process (platform/push).
  const push = config.redisUrl
    ? redisPushHub(config.redisUrl, config.jobsPrefix, (err) => app.log.warn({ err }, 'redis push'))
    : localPushHub();
  app.addHook('onClose', () => push.close());
  // A running business's live messages: socket.io on this server, shared through Redis when
  // configured (platform/live, ADR 0043).
  const live = liveHub(app, {
    redisUrl: config.redisUrl,
    prefix: config.jobsPrefix,
    recheckMs: config.liveRecheckMs,
    warn: (err) => app.log.warn({ err }, 'live'),
  });
  const fileStore = fileStoreOf(config);
  // Long work as jobs, on the engine the configuration names (ADR 0037); stopped before the
  // database closes (a running job is given back).
  const jobs = await openJobQueue({
    db: modulesDatabase(database.db),
    store: fileStore,
    log: app.log,
    settings: config,
    // A job's `ctx.zone()`: its company's, from the settings (made below; jobs start after them).
    zoneOf: (companyId) => settings.zoneOf(companyId),
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  // The modules, in the order they need each other (each from its index.ts; docs/ARCHITECTURE.md),
  // on the handle that offers company tables only through the scope helper (ADR 0012).
  const db = modulesDatabase(database.db);
  // The site's company answers its time zone: read from the settings (made below) when asked.
  const company = companyModule(db, { zoneOf: (companyId) => settings.zoneOf(companyId) });
  const { companies } = company;
  const shopOf = companies.defaultShop;
  const sms = smsCodes(db, counters, config.smsGateway ? gatewaySender(config.smsGateway) : outboxSender);
  const categories = goodsCategoryModule(db, { recheckMs: config.cacheRecheckMs });
  const catalogue = catalogueModule(db, {
    categoryRows: categories.rows,
    // Half the recheck time: another process's write shows within half a second.
    answerMaxAgeMs: config.cacheRecheckMs / 2,
    reviewStats: (companyId, goodsId) => reviewRepository.stats(db, companyId, goodsId),
  });
  const goodsLibrary = goodsLibraryModule(db, {
    goodsChanged: catalogue.goodsChanged,
    answerMaxAgeMs: config.cacheRecheckMs / 2,
  });
  /** After another module's commit that changed goods (an order, stock): the lists forget the company's answers. */
  const goodsChanged = (companyId: number) => {
    catalogue.goodsChanged(companyId);
    goodsLibrary.forget(companyId);
  };
  // A company's settings (system-set, crm-set): the environment's values are the defaults of those
  // that were environment variables, so a company that set none behaves as before.
  const settings = companySettingsModule(db, {
    recheckMs: config.cacheRecheckMs,
    defaults: {
      session_hours: config.sessionTtlMs / 3600_000,
      online_pay_minutes: config.payMinutes.sandbox,
      transfer_pay_hours: config.payMinutes.bank_transfer / 60,
      cod_confirm_hours: config.payMinutes.cod / 60,
    },
  });
  const { settingsOf, checkPassword, zoneOf } = settings;
  app.decorate('zoneOf', zoneOf);
  const payment = paymentModule(db, {
    shopOf,
    payMinutes: async (companyId) => {
      const s = await settingsOf(companyId);
      return {
        sandbox: s.online_pay_minutes,
        bank_transfer: s.transfer_pay_hours * 60,
        cod: s.cod_confirm_hours * 60,
      };
    },
    sandbox: config.paymentSandbox,
  });
  const modules: PortalModule[] = [
    accountModule(db, {
      counters,
      login: config.login,
      permissions: app.permissions,
      sessions: app.sessions,
      settingsOf,
      checkPassword,
      sms,
      companies,
    }),
    company,
    settings,
    categories,
    catalogue,
    reviewModule(db),
    bulkCatalogueModule(db, { recheckMs: config.cacheRecheckMs }),
    cmsModule(db),
    cartModule(db),
    consigneeModule(db),
    couponModule(db),
    orderModule(db, {
      payments: payment.payments,
      accounts: payment.accounts,
      shopOf,
      goodsChanged,
      notices: {
        permissions: app.permissions,
        push,
        sms: (m) => sms.notice({ ...m, purpose: 'order' }),
        shopName: async (companyId) => (await shopOf(companyId))?.ShopName ?? '商城',
        log: (err, what) => app.log.warn({ err }, what),
      },
      streamMaxMs: config.pushStreamMs,
      zoneOf,
    }),
    payment,
    visitorFormsModule(db, { companies, counters }),
    guestModule(db, { companies, counters, zoneOf }),
    finderModule(db, { counters }),
    groupModule(db, { checkPassword }),
    departmentModule(db),
    usersModule(db, { forgetSessions: (userId) => app.sessions.forgetUser(userId), checkPassword, zoneOf }),
    rolePermissionModule(db, { permissions: app.permissions }),
    assistantModule(db, { permissions: app.permissions }),
    inboxModule(db),
    transferModule(db, {
      permissions: app.permissions,
      forgetSessions: (userId) => app.sessions.forgetUser(userId),
    }),
    workPlanModule(db, { permissions: app.permissions, zoneOf }),
    workflowModule(db, { fileStore }),
    projectModule(db),
    courseModule(db),
    businessModule(db, { zoneOf, permissions: app.permissions, live, fileStore }),
    adminLogModule(db, { zoneOf }),
    micrositeModule(db, { companies, shopOf }),
    promotionModule(db),
    purchaseModule(db, { goodsChanged, zoneOf }),
    brandModule(db),
    fileModule(db, fileStore),
    pmcModule(db, { goodsChanged, zoneOf }),
    goodsLibrary,
    stockModule(db, { goodsChanged, settingsOf, purchaseStocked, zoneOf }),
    productModule(db, { goodsChanged, productInUse: productsPlanned }),
    crmPeopleModule(db, { forgetSessions: (userId) => app.sessions.forgetUser(userId), zoneOf }),
    jobModule(jobs),
    // The platform's own sweeps: closed limit windows (lookups ignore them anyway), and the staged
    // rows of import jobs that ended without deleting them (ADR 0037).
    {
      name: 'limits',
      repeats: [{ name: '清理过期限流计数', everyMs: 3600_000, run: () => counters.sweep() }],
    },
    {
      name: 'import-staging',
      repeats: [{ name: '清理已结束导入任务的暂存行', everyMs: 3600_000, run: () => sweepEndedImports(db) }],
    },
  ];
  registerJobs(jobs, modules);
  await jobs.start();

  await app.register(
    async (api) => {
      const typed = api as App;
      serve(typed, systemCalls.health, async () => ({ status: 'ok' }));
      registerModules(typed, modules);
    },
    { prefix: '/api' },
  );

  if (config.webDist) await registerWebStatic(app, config.webDist);
  return app;
}
