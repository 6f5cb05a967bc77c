import type { Company } from '@portal/contract';
import { Space, Typography } from 'antd';

/** Address, contact and the ICP record of the company, as the server gives them. */
export function CompanyFooter({ company }: { company: Company | null | undefined }) {
  if (!company) return null;
  const contact = [
    company.address && `地址：${company.address}`,
    company.phone && `电话：${company.phone}`,
    company.email && `邮箱：${company.email}`,
  ].filter(Boolean);
  return (
    <footer className="landing-footer">
      <Space orientation="vertical" size={4} align="center" style={{ width: '100%' }}>
        {contact.length > 0 && <Typography.Text type="secondary">{contact.join('　')}</Typography.Text>}
        <Space size="middle">
          {company.icpCompany && (
            <Typography.Text type="secondary">
              © {new Date().getFullYear()} {company.icpCompany}
            </Typography.Text>
          )}
          {company.ICP &&
            (company.icpUrl ? (
              <Typography.Link
                href={company.icpUrl}
                target="_blank"
                rel="noreferrer noopener"
                type="secondary"
              >
                {company.ICP}
              </Typography.Link>
            ) : (
              <Typography.Text type="secondary">{company.ICP}</Typography.Text>
            ))}
        </Space>
      </Space>
    </footer>
  );
}
