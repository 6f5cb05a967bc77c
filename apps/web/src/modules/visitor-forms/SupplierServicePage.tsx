import { FEEDBACK_LIMITS, supplierApplyBody } from '@portal/contract';
import { Button, Col, Form, Input, Result, Row, Steps } from 'antd';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { TextAreaItem } from '#web/shared/ui/TextAreaItem.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { type SupplierApplyValues, useSupplierApply } from './useFeedback.ts';
import { useVisitorForm, VisitorForm, VisitorFormSection } from './VisitorFormSection.tsx';
import './feedback.css';

const rules = supplierApplyBody.shape;
const FIELDS = ['name', 'contact', 'mobile', 'email', 'supply_category', 'description'] as const;

const WANTED: [title: string, text: string][] = [
  ['办公用品', '纸张、文具、打印耗材、办公设备'],
  ['包装材料', '纸箱、缓冲材料、胶带、标签'],
  ['数码电器', '手机、电脑及配件、小家电'],
  ['食品茶叶', '休闲零食、茶叶礼盒、节日福利'],
  ['服饰箱包', '工装定制、礼品箱包'],
  ['物流服务', '城市配送、干线运输、仓储'],
];

const STEPS = [
  { title: '提交申请', content: '在线填写企业信息' },
  { title: '资质审核', content: '采购部 3 个工作日内审核' },
  { title: '洽谈签约', content: '确认品类、价格与账期' },
  { title: '开始供货', content: '纳入合格供应商名录' },
];

/** `/supplierService`: what we buy, how cooperation works, and the application form. */
export function SupplierServicePage() {
  const {
    sent: done,
    clearSent,
    formProps,
    pending,
  } = useVisitorForm(useSupplierApply(), FIELDS, (v) => v.name.trim());

  return (
    <ShopLayout
      title="供应商服务"
      description="成为我们的供应商：了解采购品类与合作流程，在线提交供应商入驻申请。"
    >
      <section className="feedback-hero">
        <h1>供应商服务</h1>
        <p>我们长期面向优质企业征集合作伙伴，欢迎提交入驻申请，共同为客户提供更好的产品与服务。</p>
      </section>

      <section className="shop-section" aria-labelledby="wanted-title">
        <div className="shop-section-head">
          <h2 id="wanted-title">我们采购什么</h2>
        </div>
        <Row gutter={[16, 16]}>
          {WANTED.map(([title, text]) => (
            <Col key={title} xs={12} md={8} lg={4}>
              <div className="feedback-tile">
                <strong>{title}</strong>
                <span>{text}</span>
              </div>
            </Col>
          ))}
        </Row>
      </section>

      <section className="shop-section" aria-labelledby="process-title">
        <div className="shop-section-head">
          <h2 id="process-title">合作流程</h2>
        </div>
        <div className="shop-panel">
          <Steps current={0} items={STEPS} responsive />
        </div>
      </section>

      <VisitorFormSection id="apply-title" title="入驻申请">
        {done ? (
          <Result
            status="success"
            title="申请已提交"
            subTitle={`感谢「${done}」的关注！采购部将在 3 个工作日内完成审核，并通过您留下的手机号与您联系。`}
            extra={
              <Button type="primary" onClick={clearSent}>
                再提交一份申请
              </Button>
            }
          />
        ) : (
          <VisitorForm<SupplierApplyValues>
            formProps={formProps}
            name="supplier-apply"
            label="供应商入驻申请"
            submit="提交申请"
            size="large"
            pending={pending}
          >
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item label="公司名称" name="name" required rules={[zodRule(rules.name)]}>
                  <Input maxLength={FEEDBACK_LIMITS.supplierName} placeholder="营业执照上的企业全称" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  label="供应品类"
                  name="supply_category"
                  required
                  rules={[zodRule(rules.supply_category)]}
                >
                  <Input maxLength={FEEDBACK_LIMITS.supplyCategory} placeholder="如：办公用品、包装材料" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label="联系人" name="contact" required rules={[zodRule(rules.contact)]}>
                  <Input maxLength={FEEDBACK_LIMITS.contact} autoComplete="name" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label="手机号" name="mobile" required rules={[zodRule(rules.mobile)]}>
                  <Input maxLength={11} inputMode="numeric" autoComplete="tel" placeholder="11 位手机号" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label="邮箱（选填）" name="email" rules={[zodRule(rules.email)]}>
                  <Input maxLength={FEEDBACK_LIMITS.email} autoComplete="email" inputMode="email" />
                </Form.Item>
              </Col>
              <Col span={24}>
                <TextAreaItem
                  label="公司简介（选填）"
                  name="description"
                  rule={rules.description}
                  max={FEEDBACK_LIMITS.description}
                  placeholder="主营产品、生产能力、资质认证、服务区域等"
                />
              </Col>
            </Row>
          </VisitorForm>
        )}
      </VisitorFormSection>
    </ShopLayout>
  );
}
