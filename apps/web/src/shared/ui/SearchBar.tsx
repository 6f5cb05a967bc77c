import { Input } from 'antd';

/**
 * The search box of a public list page (/news, /searchPerson …); it starts from `value` (the text
 * in the address) and shows it again when the address changes. `onSearch` gets the trimmed text.
 * Without `button` the search button is the magnifier icon.
 */
export function SearchBar({
  value,
  label,
  placeholder,
  maxLength,
  button = true,
  size,
  className,
  onSearch,
}: {
  value: string;
  label: string;
  placeholder: string;
  maxLength: number;
  button?: string | true;
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
        allowClear
        enterButton={button}
        size={size}
        onSearch={(v) => onSearch(v.trim())}
      />
    </search>
  );
}
