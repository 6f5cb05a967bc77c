import type { Assistant, AssistantOption, Assistants } from '@portal/contract';
import {
  ASSISTANT_ROLE_OF,
  ASSISTANTS_MAX,
  PERMISSION_MODULE_NAMES,
  roleName,
} from '@portal/contract/constants';

/**
 * The rules of 我的助理 (assistant-set) the page draws, without React: how people are named, what
 * the picker offers, and the actions an assistant may be given, grouped by module with a 全选 for
 * each. The server decides (modules/assistant): a principal gives only actions they hold that the
 * assistant role may do (`grantable`), and 保存 sends the assistant's whole set.
 */

export type Grantable = Assistants['grantable'][number];
export type Codenames = ReadonlySet<string>;

/** How a person is named on the page: their 姓名, else their user name. */
export const personName = (p: Pick<Assistant, 'real_name' | 'username'>) => p.real_name || p.username;

/** The names of the assistants `ids` among `assistants` (what 添加助理 added), joined by 、. */
export const addedNames = (assistants: readonly Assistant[], ids: readonly number[]) =>
  assistants
    .filter((a) => ids.includes(a.user_id))
    .map(personName)
    .join('、');

/** The role the caller's assistants hold, by name (单位管理员助理); '' for a role without assistants. */
export function assistantRoleName(role: number | undefined): string {
  const assistant = role === undefined ? undefined : ASSISTANT_ROLE_OF[role];
  return assistant === undefined ? '' : roleName(assistant);
}

/** How many more assistants may be named (ASSISTANTS_MAX in all). */
export const slotsLeft = (count: number) => Math.max(0, ASSISTANTS_MAX - count);

/**
 * A person the picker offers: 姓名（用户名）, and 已是某某的助理 — not to be chosen — when they
 * serve another principal already.
 */
export function pickerOption(o: AssistantOption) {
  const name = `${personName(o)}（${o.username}）`;
  return o.serving
    ? { value: o.user_id, label: `${name} · 已是${o.serving}的助理`, disabled: true }
    : { value: o.user_id, label: name, disabled: false };
}

/** A module of the actions that may be given: its name and its actions, in the server's order. */
export interface ActionGroup {
  module: string;
  name: string;
  actions: { codename: string; name: string }[];
}

/** The actions that may be given, grouped by module (each module where its first action is). */
export function actionGroups(grantable: readonly Grantable[]): ActionGroup[] {
  const groups = new Map<string, ActionGroup>();
  for (const g of grantable) {
    let group = groups.get(g.module);
    if (!group) {
      const name = (PERMISSION_MODULE_NAMES as Record<string, string>)[g.module] ?? (g.module || '其他');
      group = { module: g.module, name, actions: [] };
      groups.set(g.module, group);
    }
    group.actions.push({ codename: g.codename, name: g.name });
  }
  return [...groups.values()];
}

/**
 * What an assistant may do of what they were given: the actions the caller may still give (one
 * the caller no longer holds does nothing, and 保存 could not send it back), in `grantable`'s order.
 */
export function effectiveActions(codenames: readonly string[], grantable: readonly Grantable[]): Grantable[] {
  const given = new Set(codenames);
  return grantable.filter((g) => given.has(g.codename));
}

/** The codenames of `selected` in `groups`' order: what 保存 sends (the assistant's whole set). */
export function orderedCodenames(groups: readonly ActionGroup[], selected: Codenames): string[] {
  return groups.flatMap((g) => g.actions.map((a) => a.codename)).filter((c) => selected.has(c));
}

/** `selected` with `codename` ticked (`on`) or not. */
export function toggleAction(selected: Codenames, codename: string, on: boolean): Set<string> {
  const next = new Set(selected);
  if (on) next.add(codename);
  else next.delete(codename);
  return next;
}

/** What a module's 全选 shows: how many of its actions are ticked, all of them, or some. */
export function moduleState(group: ActionGroup, selected: Codenames) {
  const total = group.actions.length;
  const checked = group.actions.filter((a) => selected.has(a.codename)).length;
  const all = total > 0 && checked === total;
  return { checked, total, all, indeterminate: checked > 0 && !all };
}

/** 全选 clicked: every action of the module ticked, or — when all were — none. */
export function toggleModule(group: ActionGroup, selected: Codenames): Set<string> {
  const on = !moduleState(group, selected).all;
  const next = new Set(selected);
  for (const a of group.actions) {
    if (on) next.add(a.codename);
    else next.delete(a.codename);
  }
  return next;
}
