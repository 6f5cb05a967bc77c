/** Role numbers and landing areas (spec §2), role names (design/architecture.md). */
export const ROLE_NAMES: Record<number, string> = {
  1: '超级管理员',
  2: '集群管理员',
  3: '单位管理员',
  4: '指导者',
  5: '业务人员',
  6: '集群管理员助理',
  7: '单位管理员助理',
  8: '指导者助理',
  9: '学生',
  10: '车贸用户',
  11: '工具用户',
  12: '商城管理员',
  13: '仓库管理员',
  14: '采购员',
  15: '会员',
  18: '财务人员',
  20: '销售人员',
  21: '客服人员',
};

export const ROLE_NUMBERS = Object.keys(ROLE_NAMES).map(Number);
export const SUPER_ADMIN_ROLE = 1;

export type Area = 'manager' | 'car' | 'tool' | 'instructor' | 'business' | 'crm' | 'student';

export function landingArea(role: number): Area {
  if ([1, 2, 3, 6, 7, 8].includes(role)) return 'manager';
  if (role === 10) return 'car';
  if (role === 11) return 'tool';
  if (role === 4) return 'instructor';
  if (role === 5) return 'business';
  if ([12, 13, 14, 18, 20, 21].includes(role)) return 'crm';
  return 'student';
}

/**
 * The screen of its area a role opens on when it holds it, before the area's first screen: the
 * screen of the role's daily work (finance: the orders, their receipts and refunds). A company that
 * takes the screen's permission from the role sends it on to the area's first screen it may open.
 */
const LANDING_SCREENS: Readonly<Record<number, string>> = { 18: 'order_manager' };

export function landingScreen(role: number): string | undefined {
  return LANDING_SCREENS[role];
}

export function roleName(role: number): string {
  return ROLE_NAMES[role] ?? `角色${role}`;
}

/** Who may have assistants, and the role their assistants hold: 2 → 6, 3 → 7, 4 → 8 (assistant.ts). */
export const ASSISTANT_ROLE_OF: Readonly<Record<number, number>> = { 2: 6, 3: 7, 4: 8 };
/** The principal's role of each assistant role (the inverse of ASSISTANT_ROLE_OF). */
export const PRINCIPAL_ROLE_OF: Readonly<Record<number, number>> = { 6: 2, 7: 3, 8: 4 };
/** Most assistants one principal names. */
export const ASSISTANTS_MAX = 20;
