import { Table, type TableProps } from 'antd';
import { useKeyboardScroll } from './useKeyboardScroll.ts';

/**
 * A small table of a record's parts, all on one page (a goods' specs, an order's or a purchase's
 * lines, a promotion's goods): rows keyed by `id` unless told, named by `aria-label`, and scrolling
 * sideways when wider than the screen — with the keyboard too (useKeyboardScroll).
 */
export function DetailTable<T extends object>(
  props: Omit<TableProps<T>, 'pagination' | 'size' | 'scroll'> & { 'aria-label'?: string },
) {
  const box = useKeyboardScroll(props['aria-label']);
  return (
    <div ref={box}>
      <Table<T> rowKey="id" {...props} size="small" pagination={false} scroll={{ x: 'max-content' }} />
    </div>
  );
}
