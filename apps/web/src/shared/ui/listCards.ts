import type { TableColumnType } from 'antd';
import { isValidElement, type Key, type ReactNode } from 'react';

/**
 * How a list's column shows on a narrow screen, where ListTable shows each row as a card:
 * - `title`: the card's head, without a label (the first is the row's name; the others, a status
 *   tag say, sit at the head's end);
 * - `field` (the default): a labelled line of the card, the column's title as the label;
 * - `hidden`: left out of the card (still in the row's detail or the wide table);
 * - `actions`: the card's buttons (actionsColumn sets it).
 * Without any `title` column the first column that shows is the head.
 */
export type PhoneRole = 'title' | 'field' | 'hidden' | 'actions';

/** A column of a ListTable: antd's column and its place on a phone. */
export type ListColumn<T> = TableColumnType<T> & { phone?: PhoneRole };
export type ListColumns<T> = ListColumn<T>[];

/** The columns of a card: its head, its labelled fields, its buttons. */
export interface CardParts<T> {
  titles: ListColumn<T>[];
  fields: ListColumn<T>[];
  actions: ListColumn<T>[];
}

export function phoneRole<T>(column: ListColumn<T>): PhoneRole {
  return column.phone ?? (column.key === 'actions' ? 'actions' : 'field');
}

/** Sorts the columns into a card's parts, in column order. */
export function cardParts<T>(columns: readonly ListColumn<T>[]): CardParts<T> {
  const parts: CardParts<T> = { titles: [], fields: [], actions: [] };
  for (const c of columns) {
    const role = phoneRole(c);
    if (role === 'title') parts.titles.push(c);
    else if (role === 'field') parts.fields.push(c);
    else if (role === 'actions') parts.actions.push(c);
  }
  if (parts.titles.length === 0 && parts.fields.length > 0)
    parts.titles.push(parts.fields.shift() as ListColumn<T>);
  return parts;
}

/** The column without its phone hint, for antd's Table. */
export function tableColumn<T>({ phone: _phone, ...column }: ListColumn<T>): TableColumnType<T> {
  return column;
}

/** The value a column's `dataIndex` names in a row (a path for an array). */
export function valueAt(row: unknown, dataIndex: TableColumnType<unknown>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let at: unknown = row;
  for (const step of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[step as string | number];
  }
  return at;
}

/** What a column shows for a row, as its table cell does; blank values show as —. */
export function cellContent<T>(column: ListColumn<T>, row: T, index: number): ReactNode {
  const value = valueAt(row, column.dataIndex as TableColumnType<unknown>['dataIndex']);
  const out: unknown = column.render ? column.render(value, row, index) : value;
  // antd's render may answer { children, props } (a cell with its own attributes).
  const node =
    out !== null &&
    typeof out === 'object' &&
    !isValidElement(out) &&
    !Array.isArray(out) &&
    'children' in out
      ? (out as { children: ReactNode }).children
      : (out as ReactNode);
  return node === null || node === undefined || node === '' ? '—' : node;
}

/** The key list after a row's checkbox changed: added or taken out, order kept. */
export function toggledKeys(keys: readonly Key[], key: Key, checked: boolean): Key[] {
  const rest = keys.filter((k) => k !== key);
  return checked ? [...rest, key] : rest;
}

/** Every row of a page with the nested rows under them (a tree list), parents first. */
export function flattenRows<T>(rows: readonly T[]): T[] {
  return rows.flatMap((r) => [r, ...flattenRows(childRows(r))]);
}

/** A tree row's children (antd's `children` field); none for a leaf or a flat list. */
export function childRows<T>(row: T): T[] {
  const children = (row as { children?: unknown }).children;
  return Array.isArray(children) ? (children as T[]) : [];
}
