import { landingArea, roleName } from '@portal/contract';

/** One demo account per landing area and role (spec §2), all in the default company 125. */
export const DEMO_PASSWORD = 'demo123456';

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

export function demoAccountTable() {
  return DEMO_USERS.map((u) => ({
    账号: u.username,
    角色: `${u.role} ${roleName(u.role)}`,
    登录后进入: `/${landingArea(u.role)}/`,
  }));
}
