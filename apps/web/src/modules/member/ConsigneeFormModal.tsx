import { type Consignee, consigneeUpdateBody } from '@portal/contract';
import { Checkbox, Col, Form, Input, Row } from 'antd';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useSaveConsignee } from './useConsignees.ts';

interface Values {
  name: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  address: string;
  is_default: boolean;
}

const FIELDS = ['name', 'mobile', 'province', 'city', 'district', 'address', 'is_default'] as const;
const rules = consigneeUpdateBody.shape;

/** `new` adds an address; a consignee edits it. `first` makes a new address the default. */
export type ConsigneeFormTarget = { mode: 'new'; first: boolean } | { mode: 'edit'; consignee: Consignee };

/** 新增收货地址 / 编辑收货地址. Enter submits; server field errors land beside their field. */
export function ConsigneeFormModal({
  target,
  onClose,
  onSaved,
}: {
  target: ConsigneeFormTarget | null;
  onClose: () => void;
  onSaved?: (c: Consignee) => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveConsignee();
  const editing = target?.mode === 'edit' ? target.consignee : null;

  const initialValues: Values | undefined = !target
    ? undefined
    : target.mode === 'edit'
      ? { ...target.consignee, is_default: target.consignee.is_default === 1 }
      : { name: '', mobile: '', province: '', city: '', district: '', address: '', is_default: target.first };

  const submit = (v: Values) =>
    save.mutate(
      {
        id: editing?.id,
        name: v.name.trim(),
        mobile: v.mobile.trim(),
        province: v.province.trim(),
        city: v.city.trim(),
        district: v.district.trim(),
        address: v.address.trim(),
        is_default: v.is_default ? 1 : 0,
      },
      savedWithToast<Consignee>(form, FIELDS, editing ? '收货地址已保存' : '收货地址已新增', (c) => {
        onSaved?.(c);
        onClose();
      }),
    );

  return (
    <FormModal<Values>
      form={form}
      name="consignee"
      label="收货地址"
      onFinish={submit}
      // Each opening starts from the target's values (the form is destroyed when hidden).
      formProps={{ initialValues, preserve: false }}
      title={editing ? '编辑收货地址' : '新增收货地址'}
      open={target !== null}
      onCancel={onClose}
      okText="保存"
      ok={{ loading: save.isPending }}
      width={560}
    >
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item label="收货人" name="name" required rules={[zodRule(rules.name)]}>
            <Input placeholder="姓名" maxLength={20} autoComplete="name" autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="手机号" name="mobile" required rules={[zodRule(rules.mobile)]}>
            <Input placeholder="11 位手机号" maxLength={11} inputMode="numeric" autoComplete="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item label="省份" name="province" required rules={[zodRule(rules.province)]}>
            <Input placeholder="如：广东省" maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item label="城市" name="city" required rules={[zodRule(rules.city)]}>
            <Input placeholder="如：深圳市" maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item label="区县" name="district" required rules={[zodRule(rules.district)]}>
            <Input placeholder="如：南山区" maxLength={20} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="详细地址" name="address" required rules={[zodRule(rules.address)]}>
        <Input.TextArea rows={2} placeholder="街道、门牌号等" maxLength={100} showCount />
      </Form.Item>
      <Form.Item name="is_default" valuePropName="checked" style={{ marginBottom: 0 }}>
        <Checkbox>设为默认收货地址</Checkbox>
      </Form.Item>
    </FormModal>
  );
}
