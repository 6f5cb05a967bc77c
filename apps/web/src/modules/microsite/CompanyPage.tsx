import type { Company, CompanyProfile } from '@portal/contract';
import { Breadcrumb, Descriptions, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
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

/**
 * A page of the site's company (its profile: `/microsite/company`), in ShopLayout: `body` draws
 * the loaded profile; a skeleton while it loads, the failure with a retry.
 */
function CompanyProfileView({
  title,
  enquiries,
  body,
}: {
  title: string;
  enquiries?: boolean;
  body: (p: CompanyProfile) => ReactNode;
}) {
  const company = useCompany();
  const profile = useCompanyProfile(company.data?.id ?? undefined, !company.isPending);
  const p = profile.data;
  const name = p?.company.company_name ?? company.data?.company_name ?? '';

  return (
    <ShopLayout title={title} description={name ? `${name}：${title}与联系方式` : `${title}与联系方式`}>
      <Breadcrumb className="list-breadcrumb" items={[{ title: <Link to="/">首页</Link> }, { title }]} />
      {p ? (
        body(p)
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

/** `/aboutUs` 关于我们: who the company is — its name, slogan and whole intro, contact card, 合作咨询. */
export function AboutUsPage() {
  const text = textFor('zh-CN');
  return (
    <CompanyProfileView
      title="关于我们"
      enquiries
      body={(p) => (
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
      )}
    />
  );
}

/**
 * `/company` 公司简介: the company's facts at a glance (issue 35: not a copy of 关于我们) — a short
 * summary (the intro's first paragraph) and its registered record: names, address, phones, e-mail,
 * ICP record and microsite, each from the company's own data; 关于我们 tells the rest.
 */
export function CompanyPage() {
  return (
    <CompanyProfileView
      title="公司简介"
      body={(p) => {
        const c = p.company;
        const summary = (p.intro.length > 0 ? p.intro : fallbackIntro(c))[0];
        const facts = [
          { key: 'name', label: '公司名称', children: c.company_name },
          ...(c.en_name ? [{ key: 'en', label: '英文名称', children: c.en_name }] : []),
          ...(p.slogan ? [{ key: 'slogan', label: '企业理念', children: p.slogan }] : []),
          ...(p.contact.address || c.address
            ? [{ key: 'address', label: '公司地址', children: p.contact.address || c.address }]
            : []),
          ...(p.contact.phone ? [{ key: 'phone', label: '联系电话', children: p.contact.phone }] : []),
          ...(p.contact.mobile ? [{ key: 'mobile', label: '手机', children: p.contact.mobile }] : []),
          ...(p.contact.email ? [{ key: 'email', label: '电子邮箱', children: p.contact.email }] : []),
          ...(c.ICP
            ? [
                {
                  key: 'icp',
                  label: 'ICP 备案',
                  children: `${c.icpCompany ? `${c.icpCompany} ` : ''}${c.ICP}`,
                },
              ]
            : []),
          ...(p.microsite_path
            ? [
                {
                  key: 'site',
                  label: '企业微站',
                  children: <Link to={p.microsite_path}>{p.microsite_path}</Link>,
                },
              ]
            : []),
        ];
        return (
          <div className="ms-about">
            <section className="ms-panel ms-about-head" aria-labelledby="company-title">
              <Typography.Title level={1} id="company-title" className="ms-about-name">
                {c.company_name}
              </Typography.Title>
              {summary && <p className="ms-company-summary">{summary}</p>}
              <Link to="/aboutUs" className="ms-about-link">
                了解更多：关于我们
              </Link>
            </section>
            <section className="ms-panel" aria-labelledby="company-facts">
              <h2 id="company-facts" className="ms-section-title">
                公司信息
              </h2>
              <Descriptions
                column={1}
                size="small"
                bordered
                styles={{ label: { width: 112, whiteSpace: 'nowrap' } }}
                items={facts}
              />
            </section>
          </div>
        );
      }}
    />
  );
}
