import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';

/** A list's 操作 column: `render(row)` makes a row's buttons; it stays at the right edge while the table scrolls sideways. */
export function actionsColumn<T>(render: (row: T) => ReactNode): TableColumnType<T> {
  return { title: '操作', key: 'actions', fixed: 'right', render: (_: unknown, row: T) => render(row) };
}
