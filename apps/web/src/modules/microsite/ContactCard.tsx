import { EnvironmentOutlined, MailOutlined, MobileOutlined, PhoneOutlined } from '@ant-design/icons';
import type { MicrositeContact } from '@portal/contract';
import type { ComponentType, ReactNode } from 'react';
import type { MicrositeText } from './i18n.ts';

interface Row {
  key: string;
  Icon: ComponentType | null;
  label: string;
  value: ReactNode;
}

/** Address, phones, e-mail and the ICP record: the company's contact card (also /aboutUs). */
export function ContactCard({
  contact,
  icp,
  icpUrl,
  text,
}: {
  contact: MicrositeContact;
  icp: string;
  icpUrl: string;
  text: MicrositeText;
}) {
  const rows: Row[] = [];
  if (contact.address)
    rows.push({ key: 'address', Icon: EnvironmentOutlined, label: text.address, value: contact.address });
  if (contact.phone)
    rows.push({
      key: 'phone',
      Icon: PhoneOutlined,
      label: text.phone,
      value: <a href={`tel:${contact.phone}`}>{contact.phone}</a>,
    });
  if (contact.mobile)
    rows.push({
      key: 'mobile',
      Icon: MobileOutlined,
      label: text.mobile,
      value: <a href={`tel:${contact.mobile}`}>{contact.mobile}</a>,
    });
  if (contact.email)
    rows.push({
      key: 'email',
      Icon: MailOutlined,
      label: text.email,
      value: <a href={`mailto:${contact.email}`}>{contact.email}</a>,
    });
  if (icp)
    rows.push({
      key: 'icp',
      Icon: null,
      label: text.icp,
      value: icpUrl ? (
        <a href={icpUrl} target="_blank" rel="noreferrer noopener">
          {icp}
        </a>
      ) : (
        icp
      ),
    });
  return (
    <dl className="ms-panel ms-contact">
      {rows.map(({ key, Icon, label, value }) => (
        <div className="ms-contact-row" key={key}>
          <dt>
            {Icon && <Icon />} {label}
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
