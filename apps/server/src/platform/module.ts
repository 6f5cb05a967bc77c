import type { App } from './http/reply.ts';
import type { JobHandler, JobQueue } from './jobs/types.ts';

/**
 * Work a module repeats by itself (sweeps, expiries): every `everyMs`, once per period across all
 * the server's processes (the job queue's repeats, ADR 0037). It must still be safe to run beside
 * the module's own writes (conditional updates, idempotent deletes).
 */
export interface Repeat {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/**
 * What a module gives the composition root (app.ts), from its `index.ts`: its calls, its repeats
 * and the kinds of job it runs (`JobHandler`, started with the queue's `add`). Whatever else it
 * offers other modules (a service, a rule) is a named field of the same object.
 */
export interface PortalModule {
  name: string;
  routes?(app: App): void;
  repeats?: readonly Repeat[];
  jobs?: readonly JobHandler[];
}

/** Registers every module's calls under `api`. */
export function registerModules(api: App, modules: readonly PortalModule[]) {
  for (const m of modules) m.routes?.(api);
}

/** Gives the job queue every module's kinds of job and repeats (before it starts). */
export function registerJobs(queue: JobQueue, modules: readonly PortalModule[]) {
  for (const m of modules) {
    for (const handler of m.jobs ?? []) queue.define(handler);
    for (const repeat of m.repeats ?? []) queue.repeat(repeat.name, repeat.everyMs, () => repeat.run());
  }
}

/** Declares a module (typed against `PortalModule`, keeping what else it offers other modules). */
export const defineModule = <M extends PortalModule>(m: M): M => m;
