import { CloseCircleFilled } from '@ant-design/icons';

/**
 * `allowClear` for every clearable field (Input, Input.Search, Select, TreeSelect): the clear button
 * is named 清除 (antd names it "Clear" or after its icon, "close-circle"). global.css draws it while
 * it has keyboard focus, so a keyboard user sees what Enter will do.
 */
export const CLEARABLE = {
  clearIcon: <CloseCircleFilled aria-label="清除" />,
  label: '清除',
};
