import { Input } from 'antd';

/** Days from … to (`YYYY-MM-DD`, either may be empty). */
export interface Days {
  from: string;
  to: string;
}

/** A list's filter by day: two date boxes named by `labels`; `onChange` gets both (go back to page 1 there). */
export function DayRange({
  labels,
  value,
  onChange,
}: {
  labels: readonly [from: string, to: string];
  value: Days;
  onChange: (days: Days) => void;
}) {
  return (
    <>
      <Input
        type="date"
        aria-label={labels[0]}
        value={value.from}
        style={{ width: 160 }}
        onChange={(e) => onChange({ ...value, from: e.target.value })}
      />
      <Input
        type="date"
        aria-label={labels[1]}
        value={value.to}
        style={{ width: 160 }}
        onChange={(e) => onChange({ ...value, to: e.target.value })}
      />
    </>
  );
}
