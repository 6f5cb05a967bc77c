/**
 * The production plans' words (PMC, ADR 0024), zod-free so that the web's screens read them
 * without zod. A plan's state: 计划中 until its first progress report, 生产中 while reported,
 * 已完成 once finished (its output and materials booked), 已取消 when called off.
 */
export const PMC_STATUS = { 0: '计划中', 1: '生产中', 2: '已完成', 3: '已取消' } as const;
export type PmcStatus = keyof typeof PMC_STATUS;
/** States a plan may be set to by a save (完成 only by `/pmc/finish`). */
export const PMC_SETTABLE_STATUS = { 0: '计划中', 1: '生产中', 3: '已取消' } as const;
/** Open plans (progress, warnings, finishing): 计划中 and 生产中. */
export const PMC_OPEN_STATUS = [0, 1] as const;
export const PMC_FINISHED = 2;
export const PMC_CANCELLED = 3;

/** A warning's kind: late against its plan, or short of a material. */
export const PMC_WARN_KINDS = { late: '延期', short: '缺料' } as const;
export type PmcWarnKind = keyof typeof PMC_WARN_KINDS;

/** The largest quantity one plan makes (and one report or material line holds). */
export const PMC_QUANTITY_MAX = 1_000_000;
/** Material lines of one plan. */
export const PMC_MATERIALS_MAX = 200;
