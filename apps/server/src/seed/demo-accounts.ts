import { landingArea, roleName } from '@portal/contract';
import type { PlatformDatabase } from '../platform/db/database.ts';

/** The password of every demo account (README "Demo accounts"). */
export const DEMO_PASSWORD = 'demo123456';

/** One demo account per landing area and role (spec §2), all in the default company 125. */
export const DEMO_USERS: { username: string; role: number; real_name: string; position: string }[] = [
  { username: 'admin', role: 1, real_name: '系统管理员', position: '总经理' },
  { username: 'cluster', role: 2, real_name: '集群管理员', position: '总经理' },
  { username: 'unit', role: 3, real_name: '单位管理员', position: '总经理' },
  { username: 'instructor', role: 4, real_name: '王老师', position: '教师' },
  { username: 'business', role: 5, real_name: '业务员小李', position: '业务专员' },
  { username: 'cluster_asst', role: 6, real_name: '集群助理', position: '行政助理' },
  { username: 'unit_asst', role: 7, real_name: '单位助理', position: '行政助理' },
  { username: 'instructor_asst', role: 8, real_name: '助教小周', position: '教师' },
  { username: 'student', role: 9, real_name: '学生张三', position: '学生' },
  { username: 'car', role: 10, real_name: '车贸专员', position: '业务专员' },
  { username: 'tool', role: 11, real_name: '工具用户', position: '业务专员' },
  { username: 'shop', role: 12, real_name: '商城管理员', position: '商城主管' },
  { username: 'warehouse', role: 13, real_name: '仓库管理员', position: '仓库主管' },
  { username: 'purchaser', role: 14, real_name: '采购员', position: '采购专员' },
  { username: 'finance', role: 18, real_name: '财务人员', position: '财务会计' },
  { username: 'sales', role: 20, real_name: '销售人员', position: '销售代表' },
  { username: 'service', role: 21, real_name: '客服人员', position: '客服专员' },
];

/** 青峰贸易's (company 126) shop administrator. */
export const QF_SHOP = { username: 'qf_shop', role: 12, real_name: '青峰商城管理员' };
/** The /dzc microsite company's shop administrator, who keeps its bulk catalogue (demo-bulk.ts). */
export const DZC_SHOP = { username: 'dzc_shop', role: 12, real_name: '德泽创商城管理员' };

/** Every account the demo seed makes with DEMO_PASSWORD, in the order `npm start` lists them. */
export const DEMO_LOGINS: readonly string[] = [...DEMO_USERS, QF_SHOP, DZC_SHOP].map((u) => u.username);

/**
 * The demo accounts as the database holds them (`npm start` prints them): account, role, company
 * and where a login lands — each one the seed made that is still there and enabled, its role and
 * company as they are now.
 */
export async function demoAccountTable(db: PlatformDatabase) {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select(['u.username', 'u.role', 'c.company_name'])
    .where('u.username', 'in', DEMO_LOGINS)
    .where('u.status', '=', 1)
    .execute();
  const order = (username: string) => DEMO_LOGINS.indexOf(username);
  return rows
    .sort((a, b) => order(a.username) - order(b.username) || a.company_name.localeCompare(b.company_name))
    .map((u) => ({
      账号: u.username,
      角色: `${u.role} ${roleName(u.role)}`,
      公司: u.company_name,
      登录后进入: `/${landingArea(u.role)}/`,
    }));
}

/** Columns a terminal shows twice as wide (CJK, full-width forms). */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
const widthOf = (text: string) => [...text].reduce((n, ch) => n + (WIDE.test(ch) ? 2 : 1), 0);

/** Rows as a plain text table for a terminal: a header, a rule, the rows, columns padded to line up. */
export function textTable(rows: readonly Record<string, string>[]): string {
  const first = rows[0];
  if (!first) return '';
  const heads = Object.keys(first);
  const widths = heads.map((h) => Math.max(widthOf(h), ...rows.map((r) => widthOf(r[h] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c + ' '.repeat((widths[i] ?? 0) - widthOf(c)))
      .join('  ')
      .trimEnd();
  return [
    line(heads),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map((r) => line(heads.map((h) => r[h] ?? ''))),
  ].join('\n');
}
