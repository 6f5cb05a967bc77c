import { Input } from 'antd';
import { CLEARABLE } from './clearable.tsx';

/**
 * The search box of a public list page (/news, /searchPerson …); it starts from `value` (the text
 * in the address) and shows it again when the address changes. `onSearch` gets the trimmed text.
 * The search button says 搜索 unless `button` names it otherwise.
 */
export function SearchBar({
  value,
  label,
  placeholder,
  maxLength,
  button = '搜索',
  size,
  className,
  onSearch,
}: {
  value: string;
  label: string;
  placeholder: string;
  maxLength: number;
  button?: string;
  size?: 'large';
  className: string;
  onSearch: (value: string) => void;
}) {
  return (
    <search className={className}>
      <Input.Search
        key={value}
        defaultValue={value}
        placeholder={placeholder}
        aria-label={label}
        maxLength={maxLength}
        allowClear={CLEARABLE}
        enterButton={button}
        size={size}
        onSearch={(v) => onSearch(v.trim())}
      />
    </search>
  );
}
