import type { Company } from '@portal/contract';
import { Breadcrumb, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { EnquirySection } from '#web/modules/visitor-forms/index.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useCompany } from '#web/shared/useCompany.ts';
import { ContactCard } from './ContactCard.tsx';
import { textFor } from './i18n.ts';
import { useCompanyProfile } from './useMicrosite.ts';
import './microsite.css';

/** Without a microsite the intro is said from the company record itself. */
function fallbackIntro(c: Company): string[] {
  const first = `${c.company_name}${c.en_name ? `（${c.en_name}）` : ''}${c.address ? `位于${c.address}` : ''}。`;
  const reach = [c.phone && `电话 ${c.phone}`, c.email && `邮箱 ${c.email}`].filter(Boolean).join('，');
  return [first, ...(reach ? [`欢迎来电垂询：${reach}。`] : [])];
}

function CompanyProfileView({ title, enquiries }: { title: string; enquiries?: boolean }) {
  const company = useCompany();
  const profile = useCompanyProfile(company.data?.id ?? undefined, !company.isPending);
  const p = profile.data;
  const text = textFor('zh-CN');
  const name = p?.company.company_name ?? company.data?.company_name ?? '';

  return (
    <ShopLayout title={title} description={name ? `${name}：公司简介与联系方式` : '公司简介与联系方式'}>
      <Breadcrumb className="list-breadcrumb" items={[{ title: <Link to="/">首页</Link> }, { title }]} />
      {p ? (
        <div className="ms-about">
          <section className="ms-panel ms-about-head" aria-labelledby="about-title">
            <Typography.Title level={1} id="about-title" className="ms-about-name">
              {p.company.company_name}
            </Typography.Title>
            {p.company.en_name && <Typography.Text type="secondary">{p.company.en_name}</Typography.Text>}
            {p.slogan && <p className="ms-about-slogan">{p.slogan}</p>}
            <div className="ms-intro ms-intro--indent">
              {(p.intro.length > 0 ? p.intro : fallbackIntro(p.company)).map((para) => (
                <p key={para}>{para}</p>
              ))}
            </div>
            {p.microsite_path && (
              <Link to={p.microsite_path} className="ms-about-link">
                访问企业微站
              </Link>
            )}
          </section>
          <section aria-labelledby="about-contact">
            <h2 id="about-contact" className="ms-section-title">
              {text.contact}
            </h2>
            <ContactCard contact={p.contact} icp={p.company.ICP} icpUrl={p.company.icpUrl} text={text} />
          </section>
        </div>
      ) : profile.isError ? (
        <div className="ms-panel">
          <QueryEmpty query={profile} description="" />
        </div>
      ) : (
        <div className="ms-panel" role="status" aria-busy="true" aria-label="加载中">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      )}
      {enquiries && (
        <div className="ms-about-enquiry">
          <EnquirySection />
        </div>
      )}
    </ShopLayout>
  );
}

/** `/aboutUs`: the site's company, its intro and contact card, and the 合作咨询 forms. */
export function AboutUsPage() {
  return <CompanyProfileView title="关于我们" enquiries />;
}

/** `/company`: the same company record under the name the specification gives it. */
export function CompanyPage() {
  return <CompanyProfileView title="公司简介" />;
}
