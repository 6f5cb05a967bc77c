import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space } from 'antd';

/**
 * A quantity with − and + buttons (the shop habit on phones, and buttons a keyboard reaches and a
 * screen reader names: 减少<label> / 增加<label>; antd's own arrows are mouse-only and named in
 * English). `onChange` follows every change; `onCommit` gets the quantity when the shopper is done
 * with it: a step, Enter or leaving the field.
 */
export function QuantityStepper({
  value,
  min = 1,
  max,
  label,
  inputLabel,
  labelledBy,
  disabled,
  size,
  className,
  onChange,
  onCommit,
}: {
  value: number | null;
  min?: number;
  max: number;
  /** What the buttons change (数量 → 减少数量). */
  label: string;
  /** The field's own name, when not `labelledBy`. */
  inputLabel?: string;
  labelledBy?: string;
  disabled?: boolean;
  size?: 'small';
  className?: string;
  onChange: (value: number | null) => void;
  onCommit?: (value: number | null) => void;
}) {
  const current = value ?? min;
  const step = (delta: number) => {
    const next = Math.min(Math.max(current + delta, min), max);
    onChange(next);
    onCommit?.(next);
  };
  return (
    <Space.Compact className={className}>
      <Button
        size={size}
        icon={<MinusOutlined aria-hidden />}
        aria-label={`减少${label}`}
        disabled={disabled || current <= min}
        onClick={() => step(-1)}
      />
      <InputNumber
        size={size}
        controls={false}
        inputMode="numeric"
        min={min}
        max={max}
        precision={0}
        value={value}
        onChange={onChange}
        onBlur={() => onCommit?.(value)}
        onPressEnter={() => onCommit?.(value)}
        disabled={disabled}
        aria-label={inputLabel}
        aria-labelledby={labelledBy}
        className="quantity-stepper-input"
      />
      <Button
        size={size}
        icon={<PlusOutlined aria-hidden />}
        aria-label={`增加${label}`}
        disabled={disabled || current >= max}
        onClick={() => step(1)}
      />
    </Space.Compact>
  );
}
