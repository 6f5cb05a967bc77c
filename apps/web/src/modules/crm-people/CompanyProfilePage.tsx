import { type Company, companyProfileBody } from '@portal/contract';
import { Alert, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { useEffect } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { updateUserInfo, useUserInfo } from '#web/shared/session.ts';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useCompanyProfile, useSaveCompanyProfile } from './usePeople.ts';
import './people.css';

type Values = {
  company_name: string;
  en_name?: string;
  mobile?: string;
  phone?: string;
  address?: string;
  email?: string;
  login_path?: string;
  icpCompany?: string;
  ICP?: string;
  icpUrl?: string;
  logo_main?: string;
  logo_centre?: string;
  logo_mobile?: string;
};
const FIELDS = [
  'company_name',
  'en_name',
  'mobile',
  'phone',
  'address',
  'email',
  'login_path',
  'icpCompany',
  'ICP',
  'icpUrl',
  'logo_main',
  'logo_centre',
  'logo_mobile',
] as const;
const rules = companyProfileBody.shape;

const valuesOf = (c: Company): Values => ({
  company_name: c.company_name,
  en_name: c.en_name,
  mobile: c.mobile,
  phone: c.phone,
  address: c.address,
  email: c.email,
  login_path: c.login_path,
  icpCompany: c.icpCompany,
  ICP: c.ICP,
  icpUrl: c.icpUrl,
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
 * footer and the microsites read. Saving is audited; the pages on screen ask for it afresh.
 */
export function CompanyProfilePage() {
  const profile = useCompanyProfile();
  const save = useSaveCompanyProfile();
  const user = useUserInfo();
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
      onSuccess: (c) => {
        if (user?.company_id === c.id) updateUserInfo({ company_name: c.company_name, address: c.address });
        toastSuccess('已保存单位信息');
      },
      onError: (e) => showFieldError(form, e, FIELDS),
    });
  };

  return (
    <Card title="单位信息">
      <Alert
        type="info"
        showIcon
        className="people-note"
        title="这里的名称、联系方式、备案信息和标志会显示在顶栏、登录页页脚和单位网站上，保存后立即生效。"
      />
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
        <Typography.Title level={5}>基本信息</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="单位名称" name="company_name" required rules={[zodRule(rules.company_name)]}>
              <Input maxLength={60} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="英文名称" name="en_name" rules={[zodRule(rules.en_name)]}>
              <Input maxLength={100} placeholder="选填" />
            </Form.Item>
          </Col>
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
          <Col xs={24} md={12}>
            <Form.Item
              label="登录路径"
              name="login_path"
              rules={[zodRule(rules.login_path)]}
              extra="访客从此路径打开时显示本单位（如 /qf），各单位不能相同"
            >
              <Input maxLength={31} placeholder="选填" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="地址" name="address" rules={[zodRule(rules.address)]}>
              <Input maxLength={200} placeholder="选填" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>备案信息</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label="备案主体" name="icpCompany" rules={[zodRule(rules.icpCompany)]}>
              <Input maxLength={60} placeholder="选填" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="ICP 备案号" name="ICP" rules={[zodRule(rules.ICP)]}>
              <Input maxLength={40} placeholder="如：浙ICP备12345678号" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="备案查询地址" name="icpUrl" rules={[zodRule(rules.icpUrl)]}>
              <Input maxLength={300} placeholder="https://beian.miit.gov.cn/" />
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
    </Card>
  );
}
