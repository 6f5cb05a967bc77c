import { PlusOutlined } from '@ant-design/icons';
import { KEYWORD_MAX } from '@portal/contract/constants';
import { Button, Select } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { addedNames, pickerOption } from './assistants.ts';
import { useAddAssistants, useAssistantOptions } from './useAssistants.ts';

/**
 * 添加助理: a picker of the people of the company who hold the assistant role, searched on the
 * server as the user types; someone serving another principal shows 已是某某的助理 and cannot be
 * chosen. Several may be chosen (up to `slots`, the room left) and added at once.
 */
export function AssistantPicker({ slots }: { slots: number }) {
  const [keyword, setKeyword] = useState('');
  const [active, setActive] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const options = useAssistantOptions(keyword, active);
  const add = useAddAssistants();
  const full = slots === 0;

  return (
    <div className="assistant-picker">
      <Select<number[]>
        mode="multiple"
        aria-label="要添加的助理"
        placeholder={full ? '助理已满，请先取消一位' : '按姓名或用户名查找人员'}
        disabled={full}
        showSearch={{
          filterOption: false,
          onSearch: (v) => setKeyword(v.trim().slice(0, KEYWORD_MAX)),
        }}
        onOpenChange={(open) => open && setActive(true)}
        loading={options.isFetching}
        value={picked}
        onChange={setPicked}
        maxCount={slots}
        className="assistant-picker-select"
        notFoundContent={options.isFetching ? '正在查找…' : '没有可添加的人员'}
        options={(options.data?.results ?? []).map(pickerOption)}
      />
      <Button
        type="primary"
        icon={<PlusOutlined aria-hidden />}
        disabled={picked.length === 0}
        loading={add.isPending}
        onClick={() =>
          add.mutate(picked, {
            onSuccess: (result) => {
              toastSuccess(`已添加助理「${addedNames(result.results, picked)}」`);
              setPicked([]);
              setKeyword('');
            },
          })
        }
      >
        添加助理
      </Button>
    </div>
  );
}
