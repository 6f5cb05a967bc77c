import { type Company, companyProfileBody } from '@portal/contract';
import { Alert, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { useEffect } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { CompanyChangeHistory, CompanyIdentity } from './CompanyIdentity.tsx';
import { useCompanyProfile, useSaveCompanyProfile } from './usePeople.ts';
import './people.css';

type Values = {
  mobile?: string;
  phone?: string;
  address?: string;
  email?: string;
  logo_main?: string;
  logo_centre?: string;
  logo_mobile?: string;
};
const FIELDS = ['mobile', 'phone', 'address', 'email', 'logo_main', 'logo_centre', 'logo_mobile'] as const;
const rules = companyProfileBody.shape;

const valuesOf = (c: Company): Values => ({
  mobile: c.mobile,
  phone: c.phone,
  address: c.address,
  email: c.email,
  logo_main: c.logos.main,
  logo_centre: c.logos.centre,
  logo_mobile: c.logos.mobile,
});

/** A picture field with its preview (the address as the public pages will load it). */
function LogoField({ name, label }: { name: 'logo_main' | 'logo_centre' | 'logo_mobile'; label: string }) {
  const value = Form.useWatch(name);
  return (
    <Form.Item
      label={label}
      name={name}
      rules={[zodRule(rules[name])]}
      extra={
        <span className="people-logo-extra">
          本站路径（如 /demo/logo.svg）或 https 地址
          {value && /^(\/|https?:\/\/)/.test(value) && (
            <img src={value} alt={`${label}预览`} className="people-logo" />
          )}
        </span>
      }
    >
      <Input maxLength={300} placeholder="选填" />
    </Form.Item>
  );
}

/**
 * 单位信息 (/crm/company): the company profile of spec §3 that the top bar, the landing page's
 * footer and the microsites read. Contacts, address and logos are saved here (audited; the pages on
 * screen ask for them afresh); names, login path and ICP record change by a request the platform
 * approves (CompanyIdentity, ADR 0029).
 */
export function CompanyProfilePage() {
  const profile = useCompanyProfile();
  const save = useSaveCompanyProfile();
  const [form] = Form.useForm<Values>();
  const company = profile.data;
  useEffect(() => {
    if (company) form.setFieldsValue(valuesOf(company));
  }, [company, form]);

  if (!company)
    return (
      <Card title="单位信息">
        {profile.isLoading ? <PageSpin /> : <QueryEmpty query={profile} description="单位不存在" />}
      </Card>
    );

  const submit = (v: Values) => {
    const trimmed = Object.fromEntries(FIELDS.map((k) => [k, (v[k] ?? '').trim()])) as Required<Values>;
    save.mutate(trimmed, {
      onSuccess: () => toastSuccess('已保存单位信息'),
      onError: (e) => showFieldError(form, e, FIELDS),
    });
  };

  return (
    <Card title="单位信息">
      <Alert
        type="info"
        showIcon
        className="people-note"
        title="单位信息会显示在顶栏、登录页页脚和单位网站上：联系方式、地址和标志保存后立即生效；名称、登录路径和备案信息须申请变更，经平台审核通过后生效。"
      />
      <CompanyIdentity company={company} />
      <Form<Values>
        form={form}
        name="company-profile"
        aria-label="单位信息"
        layout="vertical"
        initialValues={valuesOf(company)}
        onFinish={submit}
        scrollToFirstError
        className="people-form"
      >
        <Typography.Title level={5}>联系方式</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="手机号" name="mobile" rules={[zodRule(rules.mobile)]}>
              <Input maxLength={11} inputMode="numeric" placeholder="选填" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="联系电话" name="phone" rules={[zodRule(rules.phone)]}>
              <Input maxLength={30} placeholder="如：0571-88886666" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="邮箱" name="email" rules={[zodRule(rules.email)]}>
              <Input maxLength={100} placeholder="选填" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="地址" name="address" rules={[zodRule(rules.address)]}>
              <Input maxLength={200} placeholder="选填" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>标志</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <LogoField name="logo_main" label="主标志" />
          </Col>
          <Col xs={24} md={8}>
            <LogoField name="logo_centre" label="居中标志" />
          </Col>
          <Col xs={24} md={8}>
            <LogoField name="logo_mobile" label="手机标志" />
          </Col>
        </Row>
        <div className="people-form-foot">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button onClick={() => form.setFieldsValue(valuesOf(company))}>还原</Button>
          <Typography.Text type="secondary">单位编码 {company.code}</Typography.Text>
        </div>
      </Form>
      <CompanyChangeHistory />
    </Card>
  );
}
