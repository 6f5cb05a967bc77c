import { CaretDownFilled } from '@ant-design/icons';

/**
 * The expand arrow of Tree and TreeSelect (`switcherIcon`), hidden from names: antd's own is named
 * after its icon, so every branch was read as "caret-down 数码电器".
 */
export const TREE_SWITCHER = <CaretDownFilled aria-hidden />;
