import { Link } from 'react-router';

/** Every public page, grouped as a shopper looks for them (the footer of the shop pages). */
const GROUPS: readonly { title: string; links: readonly (readonly [to: string, label: string])[] }[] = [
  {
    title: '购物',
    links: [
      ['/product', '全部商品'],
      ['/promotion', '汽车促销'],
      ['/cart', '购物车'],
      ['/Workbench', '个人中心'],
    ],
  },
  {
    title: '资讯',
    links: [
      ['/news', '新闻资讯'],
      ['/technology', '技术服务'],
      ['/goodsService', '商品服务'],
      ['/documentary', '纪录片'],
      ['/advertisings', '活动广告'],
    ],
  },
  {
    title: '服务',
    links: [
      ['/online', '在线咨询'],
      ['/messages', '留言板'],
      ['/supplierService', '供应商服务'],
      ['/app', 'App 下载'],
      ['/qrcode', '扫码访问'],
    ],
  },
  {
    title: '关于',
    links: [
      ['/aboutUs', '关于我们'],
      ['/company', '公司简介'],
      ['/searchPerson', '查找人员'],
      ['/searchExperiment', '实训项目'],
    ],
  },
];

export function SiteLinks() {
  return (
    <nav className="site-links" aria-label="网站导航">
      {GROUPS.map((g) => (
        <section key={g.title} aria-label={g.title}>
          <h2>{g.title}</h2>
          <ul>
            {g.links.map(([to, label]) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
