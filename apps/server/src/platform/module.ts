import type { FastifyInstance } from 'fastify';
import type { App } from './http/reply.ts';

/**
 * Work a module does by itself (sweeps, expiries): once when the app starts, then every
 * `everyMs`. Each process runs its own; a job must be safe to run in several processes at once
 * (conditional updates, idempotent deletes).
 */
export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/**
 * What a module gives the composition root (app.ts), from its `index.ts`: its calls and its jobs.
 * Whatever else it offers other modules (a service, a rule) is a named field of the same object.
 */
export interface PortalModule {
  name: string;
  routes?(app: App): void;
  jobs?: readonly Job[];
}

/** Registers every module's calls under `api`. */
export function registerModules(api: App, modules: readonly PortalModule[]) {
  for (const m of modules) m.routes?.(api);
}

/** Runs every module's jobs once now and then on their timers, stopped when the app closes. */
export async function startJobs(app: FastifyInstance, modules: readonly PortalModule[]) {
  for (const job of modules.flatMap((m) => m.jobs ?? [])) {
    const run = () =>
      job.run().catch((err) => app.log.warn({ err, job: job.name }, `定时任务失败：${job.name}`));
    await run();
    const timer = setInterval(run, job.everyMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}

/** Declares a module (typed against `PortalModule`, keeping what else it offers other modules). */
export const defineModule = <M extends PortalModule>(m: M): M => m;
