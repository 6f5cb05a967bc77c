import { ENQUIRY_LIMITS, productPlanBody, ventureCapitalBody } from '@portal/contract';
import { Button, Col, Form, Input, InputNumber, Result, Row, Tabs } from 'antd';
import { useState } from 'react';
import { TextAreaItem } from '#web/shared/ui/TextAreaItem.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import {
  type ProductPlanValues,
  useProductPlan,
  useVentureCapital,
  type VentureCapitalValues,
} from './useFeedback.ts';
import { useVisitorForm, VisitorForm, VisitorFormSection } from './VisitorFormSection.tsx';
import './feedback.css';

const plan = productPlanBody.shape;
const venture = ventureCapitalBody.shape;
const PLAN_FIELDS = ['contact', 'mobile', 'email', 'organization', 'subject', 'content'] as const;
const VENTURE_FIELDS = [...PLAN_FIELDS, 'amount'] as const;

/** 联系人, 手机号, 邮箱: the same three fields on both enquiries. */
function ContactFields({ rules }: { rules: typeof plan | typeof venture }) {
  return (
    <>
      <Col xs={24} md={8}>
        <Form.Item label="联系人" name="contact" required rules={[zodRule(rules.contact)]}>
          <Input maxLength={ENQUIRY_LIMITS.contact} autoComplete="name" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="手机号" name="mobile" required rules={[zodRule(rules.mobile)]}>
          <Input maxLength={11} inputMode="numeric" autoComplete="tel" placeholder="11 位手机号" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="邮箱（选填）" name="email" rules={[zodRule(rules.email)]}>
          <Input maxLength={ENQUIRY_LIMITS.email} autoComplete="email" inputMode="email" />
        </Form.Item>
      </Col>
    </>
  );
}

function Sent({ what, onAgain }: { what: string; onAgain: () => void }) {
  return (
    <Result
      status="success"
      title="咨询已提交"
      subTitle={`感谢关注「${what}」！我们将在 3 个工作日内通过您留下的手机号与您联系。`}
      extra={
        <Button type="primary" onClick={onAgain}>
          再提交一份咨询
        </Button>
      }
    />
  );
}

function ProductPlanForm() {
  const { sent, clearSent, formProps, pending } = useVisitorForm(useProductPlan(), PLAN_FIELDS, (v) =>
    v.subject.trim(),
  );
  if (sent) return <Sent what={sent} onAgain={clearSent} />;
  return (
    <VisitorForm<ProductPlanValues>
      formProps={formProps}
      name="product-plan"
      label="产品规划咨询"
      submit="提交咨询"
      pending={pending}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="产品名称" name="subject" required rules={[zodRule(plan.subject)]}>
            <Input maxLength={ENQUIRY_LIMITS.subject} placeholder="想规划或升级的产品" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="单位名称（选填）" name="organization" rules={[zodRule(plan.organization)]}>
            <Input maxLength={ENQUIRY_LIMITS.organization} autoComplete="organization" />
          </Form.Item>
        </Col>
        <ContactFields rules={plan} />
        <Col span={24}>
          <TextAreaItem
            label="规划需求"
            name="content"
            required
            rule={plan.content}
            max={ENQUIRY_LIMITS.content}
            placeholder="目标用户、现状与想解决的问题、期望的时间节点等"
          />
        </Col>
      </Row>
    </VisitorForm>
  );
}

function VentureCapitalForm() {
  const { sent, clearSent, formProps, pending } = useVisitorForm(useVentureCapital(), VENTURE_FIELDS, (v) =>
    v.subject.trim(),
  );
  if (sent) return <Sent what={sent} onAgain={clearSent} />;
  return (
    <VisitorForm<VentureCapitalValues>
      formProps={formProps}
      name="venture-capital"
      label="投融资咨询"
      submit="提交咨询"
      pending={pending}
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label="项目名称" name="subject" required rules={[zodRule(venture.subject)]}>
            <Input maxLength={ENQUIRY_LIMITS.subject} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="公司名称" name="organization" required rules={[zodRule(venture.organization)]}>
            <Input maxLength={ENQUIRY_LIMITS.organization} autoComplete="organization" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="拟融资金额（万元，选填）" name="amount" rules={[zodRule(venture.amount)]}>
            <InputNumber
              min={1}
              max={ENQUIRY_LIMITS.amount}
              precision={0}
              controls={false}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <ContactFields rules={venture} />
        <Col span={24}>
          <TextAreaItem
            label="项目简介"
            name="content"
            required
            rule={venture.content}
            max={ENQUIRY_LIMITS.content}
            placeholder="主营业务、发展阶段、资金用途等"
          />
        </Col>
      </Row>
    </VisitorForm>
  );
}

/**
 * 合作咨询 on 关于我们: a visitor's product-planning (`/account/product/plan`) and investment
 * (`/account/venture/capital`) enquiries, one tab each, listed for staff at /crm/enquiry_index.
 */
export function EnquirySection() {
  const [tab, setTab] = useState('product_plan');
  return (
    <VisitorFormSection id="enquiry-title" title="合作咨询">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'product_plan', label: '产品规划咨询', children: <ProductPlanForm /> },
          { key: 'venture_capital', label: '投融资咨询', children: <VentureCapitalForm /> },
        ]}
      />
    </VisitorFormSection>
  );
}
