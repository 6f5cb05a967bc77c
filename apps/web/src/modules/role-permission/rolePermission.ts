import type { RolePermissionMatrix, RolePermissionRole } from '@portal/contract';

/**
 * The rules of 角色权限 (inner-permission) the page draws, without React: which actions a role may
 * be given, what differs from its defaults and from what is saved, and what a module's 全选 shows
 * and does. The server decides (modules/role-permission): a caller may give a role only actions it
 * already has, its own defaults, or actions the caller holds (`grantable`); any may be taken away.
 */

export type PermissionModuleItem = RolePermissionMatrix['modules'][number];
export type Codenames = ReadonlySet<string>;

/** Whether two sets hold the same codenames. */
export function sameSet(a: Codenames, b: Codenames): boolean {
  if (a.size !== b.size) return false;
  for (const c of a) if (!b.has(c)) return false;
  return true;
}

/**
 * Whether the caller may tick `codename` for `role`: the role has it now (saved), it is one of the
 * role's defaults (恢复默认 gives them back), or the caller holds it (`grantable`).
 */
export function canGrant(codename: string, role: RolePermissionRole, grantable: Codenames): boolean {
  return grantable.has(codename) || role.codenames.includes(codename) || role.defaults.includes(codename);
}

/**
 * Whether an action the role has could not be given back once taken away (the caller lacks it and
 * it is not one of the role's defaults): the page says so beside it.
 */
export function lostOnceRemoved(codename: string, role: RolePermissionRole, grantable: Codenames): boolean {
  return !grantable.has(codename) && !role.defaults.includes(codename);
}

/** Whether `codename` in `selected` differs from the role's defaults (ticked but not a default, or the reverse). */
export function differsFromDefault(codename: string, selected: Codenames, defaults: Codenames): boolean {
  return selected.has(codename) !== defaults.has(codename);
}

/** The codenames on which `a` and `b` differ (in either), in `modules`' order. */
export function differences(modules: readonly PermissionModuleItem[], a: Codenames, b: Codenames): string[] {
  return allCodenames(modules).filter((c) => a.has(c) !== b.has(c));
}

/** Every action's codename, in the matrix's order. */
export function allCodenames(modules: readonly PermissionModuleItem[]): string[] {
  return modules.flatMap((m) => m.actions.map((a) => a.codename));
}

/** `selected` in the matrix's order (what 保存 sends: the role's whole new set). */
export function orderedCodenames(modules: readonly PermissionModuleItem[], selected: Codenames): string[] {
  return allCodenames(modules).filter((c) => selected.has(c));
}

/** `selected` with `codename` ticked (`on`) or not. */
export function toggleAction(selected: Codenames, codename: string, on: boolean): Set<string> {
  const next = new Set(selected);
  if (on) next.add(codename);
  else next.delete(codename);
  return next;
}

/** The actions whose box may be used: ticked ones (any may be unticked) and those the caller may tick. */
const usable = (codes: readonly string[], selected: Codenames, grantable: (codename: string) => boolean) =>
  codes.filter((c) => selected.has(c) || grantable(c));

export interface ModuleState {
  /** The module's actions ticked. */
  checked: number;
  total: number;
  /** 全选 ticked: every action whose box may be used is ticked (and there is one). */
  all: boolean;
  /** 全选 half-ticked: some are, not all. */
  indeterminate: boolean;
  /** 全选 unusable: no action of the module is ticked or may be. */
  disabled: boolean;
  /** Actions that differ from the role's defaults. */
  adjusted: number;
}

/** What a module's 全选 shows for `selected` (`grantable`: may the caller tick this one). */
export function moduleState(
  module: PermissionModuleItem,
  selected: Codenames,
  defaults: Codenames,
  grantable: (codename: string) => boolean,
): ModuleState {
  const codes = module.actions.map((a) => a.codename);
  const checked = codes.filter((c) => selected.has(c)).length;
  const open = usable(codes, selected, grantable);
  const all = open.length > 0 && open.every((c) => selected.has(c));
  return {
    checked,
    total: codes.length,
    all,
    indeterminate: !all && checked > 0,
    disabled: open.length === 0,
    adjusted: codes.filter((c) => differsFromDefault(c, selected, defaults)).length,
  };
}

/**
 * 全选 clicked: when every usable action is ticked, the module's actions are all unticked;
 * otherwise each one the caller may tick is ticked (those they may not stay unticked).
 */
export function toggleModule(
  module: PermissionModuleItem,
  selected: Codenames,
  grantable: (codename: string) => boolean,
): Set<string> {
  const codes = module.actions.map((a) => a.codename);
  const open = usable(codes, selected, grantable);
  const next = new Set(selected);
  if (open.length > 0 && open.every((c) => selected.has(c))) for (const c of codes) next.delete(c);
  else for (const c of open) next.add(c);
  return next;
}
