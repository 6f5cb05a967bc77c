import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { usePeople } from './useWork.ts';

/**
 * A person of the company (负责人, 执行人, the lists' 人员 filter): typing searches the company's
 * active staff by name or user name on the server; `known` names the person already chosen (an
 * edited plan's owner), who may not be among the first answers.
 */
export function PersonSelect({
  id,
  companyId,
  value,
  onChange,
  known,
  placeholder = '输入姓名查找',
  ariaLabel,
  clearable = false,
  width,
}: {
  id?: string;
  companyId: number | undefined;
  value?: number | undefined;
  onChange?: (value: number | undefined) => void;
  known?: { id: number; name: string } | undefined;
  placeholder?: string;
  ariaLabel?: string;
  clearable?: boolean;
  width?: number;
}) {
  const [keyword, setKeyword] = useState('');
  const people = usePeople(companyId, keyword, true);
  const options = useMemo(() => {
    const found = (people.data?.results ?? []).map((p) => ({
      value: p.id,
      label: `${p.real_name || p.username}${p.department_name ? `（${p.department_name}）` : ''}`,
    }));
    if (known && !found.some((o) => o.value === known.id))
      found.unshift({ value: known.id, label: known.name });
    return found;
  }, [people.data, known]);
  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      allowClear={clearable ? CLEARABLE : false}
      placeholder={placeholder}
      loading={people.isFetching}
      notFoundContent={people.isFetching ? '查找中…' : '没有找到人员'}
      options={options}
      value={value}
      onChange={(v) => {
        onChange?.(v);
        setKeyword('');
      }}
      style={width ? { width } : undefined}
    />
  );
}
