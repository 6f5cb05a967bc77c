import { KEYWORD_MAX } from '@portal/contract/constants';
import { Button, Select } from 'antd';

/**
 * A picker the server searches as the user types (up to KEYWORD_MAX characters) and the button that
 * adds what it holds: the group dialogs' companies and staff, a course's students. `value` is one id, or several with
 * `multiple`; the button waits for a choice.
 */
export function SearchPicker<V extends number | number[]>({
  label,
  placeholder,
  none,
  searching,
  options,
  multiple,
  value,
  onChange,
  onSearch,
  action,
  busy,
  onAdd,
}: {
  label: string;
  placeholder: string;
  /** What the list says when the search finds nothing. */
  none: string;
  searching: boolean;
  options: { value: number; label: string }[];
  multiple?: boolean;
  value: V | undefined;
  onChange: (value: V) => void;
  onSearch: (keyword: string) => void;
  action: string;
  busy: boolean;
  onAdd: (value: V) => void;
}) {
  const chosen = Array.isArray(value) ? value.length > 0 : value !== undefined;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      <Select<V>
        mode={multiple ? 'multiple' : undefined}
        aria-label={label}
        placeholder={placeholder}
        showSearch
        filterOption={false}
        onSearch={(v) => onSearch(v.trim().slice(0, KEYWORD_MAX))}
        loading={searching}
        value={value}
        onChange={onChange}
        style={{ flex: '1 1 240px', minWidth: 0, maxWidth: 420 }}
        notFoundContent={searching ? '正在查找…' : none}
        options={options}
      />
      <Button
        type="primary"
        disabled={!chosen}
        loading={busy}
        onClick={() => value !== undefined && onAdd(value)}
      >
        {action}
      </Button>
    </div>
  );
}
