import type { ReactNode } from 'react';
import type { ListColumn } from './listCards.ts';

/**
 * A list's 操作 column: `render(row)` makes a row's buttons; it stays at the right edge while the
 * table scrolls sideways, and on a phone's card the buttons are the card's foot (ListTable).
 */
export function actionsColumn<T>(render: (row: T) => ReactNode): ListColumn<T> {
  return {
    title: '操作',
    key: 'actions',
    fixed: 'right',
    phone: 'actions',
    render: (_: unknown, row: T) => render(row),
  };
}
