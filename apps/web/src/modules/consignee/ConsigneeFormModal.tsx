import { type Consignee, consigneeUpdateBody } from '@portal/contract';
import type { CascadeOption } from '@portal/contract/divisions';
import { Button, Checkbox, Col, Form, Input, Row, Typography } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { isApiError } from '#web/shared/api/client.ts';
import { toastError, toastSuccess } from '#web/shared/api/toast.ts';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useSaveConsignee } from './useConsignees.ts';
import { type Divisions, useDivisions } from './useDivisions.ts';
import './address.css';

const RegionCascader = lazy(() => import('./RegionCascader.tsx'));

/** The region field: the cascade, loaded with the dialog (a plain disabled field until then). */
function RegionField(props: {
  id?: string;
  value?: string[];
  onChange?: (codes: string[]) => void;
  options: CascadeOption[] | undefined;
}) {
  return (
    <Suspense fallback={<Input id={props.id} disabled placeholder="正在加载地区…" />}>
      <RegionCascader {...props} />
    </Suspense>
  );
}

interface Values {
  name: string;
  mobile: string;
  /** Codes: province, prefecture, county. */
  region: string[];
  address: string;
  is_default: boolean;
}

const rules = consigneeUpdateBody.shape;
/** Server fields that are the region here. */
const REGION_FIELDS = ['province', 'city', 'district', 'province_code', 'city_code', 'district_code'];
const OWN_FIELDS = ['name', 'mobile', 'address', 'is_default'];

/** `new` adds an address; a consignee edits it. `first` makes a new address the default. */
export type ConsigneeFormTarget = { mode: 'new'; first: boolean } | { mode: 'edit'; consignee: Consignee };

const codesOf = (c: Consignee) =>
  c.province_code && c.city_code && c.district_code ? [c.province_code, c.city_code, c.district_code] : [];

/**
 * 新增收货地址 / 编辑收货地址. 所在地区 is picked from the national divisions (typed to search, or
 * walked with the arrow keys); 粘贴地址，自动识别 fills the fields from a pasted whole address for
 * the member to check. Enter submits; server field errors land beside their field.
 */
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
  const divisions = useDivisions(target !== null);
  const editing = target?.mode === 'edit' ? target.consignee : null;
  /** An address saved before codes were kept, whose typed names name no one county. */
  const [legacy, setLegacy] = useState<string | null>(null);

  const initialValues = useMemo<Values | undefined>(
    () =>
      !target
        ? undefined
        : target.mode === 'edit'
          ? {
              name: target.consignee.name,
              mobile: target.consignee.mobile,
              region: codesOf(target.consignee),
              address: target.consignee.address,
              is_default: target.consignee.is_default === 1,
            }
          : { name: '', mobile: '', region: [], address: '', is_default: target.first },
    [target],
  );

  // Each opening starts from its target's values. The form's store outlives the dialog's content,
  // and a remounted form keeps what the store holds over its new `initialValues` (the fields of the
  // previous opening, emptied when it closed): set them.
  useEffect(() => {
    if (initialValues) form.setFieldsValue(initialValues);
  }, [initialValues, form]);

  // An old address: its typed names fill the picker when they name one county.
  const data = divisions.data;
  useEffect(() => {
    setLegacy(null);
    if (!editing || codesOf(editing).length > 0 || !data) return;
    const r = data.regionOfNames(editing.province, editing.city, editing.district);
    if (r) form.setFieldValue('region', [r.province_code, r.city_code, r.district_code]);
    else setLegacy(`${editing.province} ${editing.city} ${editing.district}`);
  }, [editing, data, form]);

  const submit = (v: Values) => {
    const [province_code, city_code, district_code] = v.region;
    save.mutate(
      {
        id: editing?.id,
        name: v.name.trim(),
        mobile: v.mobile.trim(),
        province_code,
        city_code,
        district_code,
        address: v.address.trim(),
        is_default: v.is_default ? 1 : 0,
      },
      {
        onSuccess: (c) => {
          toastSuccess(editing ? '收货地址已保存' : '收货地址已新增');
          onSaved?.(c);
          onClose();
        },
        onError: (e) => {
          if (!isApiError(e) || !e.field) return;
          const field = REGION_FIELDS.includes(e.field) ? 'region' : e.field;
          if (field === 'region' || OWN_FIELDS.includes(field))
            form.setFields([{ name: field as keyof Values, errors: [e.m] }]);
          else toastError(e.m);
        },
      },
    );
  };

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
      <PasteBox divisions={data} form={form} />
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
      </Row>
      <Form.Item
        label="所在地区"
        name="region"
        required
        rules={[
          {
            validator: async (_r, value: unknown) => {
              if (!Array.isArray(value) || value.length === 0) throw new Error('请选择所在地区');
              if (value.length < 3) throw new Error('请选择区县');
            },
          },
        ]}
        extra={legacy ? `原填写：${legacy}，请从列表中重新选择` : undefined}
      >
        <RegionField options={data?.options} />
      </Form.Item>
      <Form.Item label="详细地址" name="address" required rules={[zodRule(rules.address)]}>
        <Input.TextArea rows={2} placeholder="街道、门牌号、楼栋、房间号" maxLength={100} showCount />
      </Form.Item>
      <Form.Item name="is_default" valuePropName="checked" style={{ marginBottom: 0 }}>
        <Checkbox>设为默认收货地址</Checkbox>
      </Form.Item>
    </FormModal>
  );
}

/**
 * 粘贴地址，自动识别: a whole address as pasted from a chat or another shop; 识别 fills what it
 * found and says so (read out), the member checks and saves.
 */
function PasteBox({
  divisions,
  form,
}: {
  divisions: Divisions | undefined;
  form: ReturnType<typeof Form.useForm<Values>>[0];
}) {
  const [text, setText] = useState('');
  const [result, setResult] = useState('');

  const recognise = () => {
    if (!divisions) return;
    if (text.trim() === '') {
      setResult('请先粘贴或输入完整地址');
      return;
    }
    const p = divisions.parseAddress(text);
    const filled: string[] = [];
    const set: Partial<Values> = {};
    if (p.name) {
      set.name = p.name.slice(0, 20);
      filled.push('收货人');
    }
    if (p.mobile) {
      set.mobile = p.mobile;
      filled.push('手机号');
    }
    if (p.region) {
      set.region = [p.region.province_code, p.region.city_code, p.region.district_code];
      filled.push('所在地区');
    } else if (p.partial) {
      set.region = [p.partial.province_code, ...(p.partial.city_code ? [p.partial.city_code] : [])];
    }
    if (p.address) {
      set.address = p.address.slice(0, 100);
      filled.push('详细地址');
    }
    form.setFieldsValue(set);
    // Show at once what is still wrong in what was filled (a partial region asks for the county).
    const touched = Object.keys(set) as (keyof Values)[];
    if (touched.length > 0) void form.validateFields(touched).catch(() => {});
    const missing: string[] = [];
    if (!p.region) missing.push(p.partial ? '区县' : '所在地区');
    if (!p.mobile) missing.push(p.phone ? `手机号（识别到固定电话 ${p.phone}）` : '手机号');
    setResult(
      filled.length === 0
        ? '没有识别出地址信息，请手动填写'
        : `已识别${filled.join('、')}，请核对${missing.length > 0 ? `；请补充${missing.join('、')}` : '后保存'}`,
    );
  };

  return (
    <div className="consignee-paste">
      <Form.Item label="粘贴地址，自动识别" htmlFor="consignee_paste" style={{ marginBottom: 8 }}>
        <Input.TextArea
          id="consignee_paste"
          rows={2}
          maxLength={300}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="如：张三 13812345678 浙江省杭州市西湖区文三路100号"
        />
      </Form.Item>
      <div className="consignee-paste-bar">
        <Typography.Text type="secondary" role="status" aria-live="polite" className="consignee-paste-result">
          {result}
        </Typography.Text>
        <Button onClick={recognise} loading={!divisions} htmlType="button">
          识别
        </Button>
      </div>
    </div>
  );
}
