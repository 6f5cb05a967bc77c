import { LandingPage } from './LandingPage.tsx';

/** `/loginIndex`: the general login (members land on the workbench, staff in their area). */
export function LoginIndexPage() {
  return <LandingPage login={{ title: '用户登录' }} />;
}

/** `/loginOa`: 办公登录 for staff; they land in their role's area. */
export function LoginOaPage() {
  return (
    <LandingPage
      heading="办公登录"
      subheading="员工使用工作账号登录，进入所在岗位的管理中心。"
      login={{ title: '办公登录', memberLinks: false }}
    />
  );
}

/** `/loginPurchase`: 采购登录 for purchasers and suppliers; purchasers (role 14) land in the shop back office. */
export function LoginPurchasePage() {
  return (
    <LandingPage
      heading="采购登录"
      subheading="采购员与供应商在此登录，处理采购、商品与订单业务。"
      login={{ title: '采购登录', memberLinks: false }}
    />
  );
}
