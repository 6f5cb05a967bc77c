import { CaretRightOutlined } from '@ant-design/icons';
import { Button, Checkbox, Pagination, type PaginationProps, Spin, type TableProps } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import {
  type CardParts,
  cardParts,
  cellContent,
  childRows,
  flattenRows,
  type ListColumns,
  toggledKeys,
} from './listCards.ts';

export interface ListCardsProps<T extends { id: number }> {
  rows: readonly T[];
  columns: ListColumns<T>;
  label: string | undefined;
  loading: boolean;
  /** Shown instead of the cards when there are none (empty, or 加载失败 with 重试). */
  empty: ReactNode;
  pagination: PaginationProps;
  rowSelection: TableProps<T>['rowSelection'];
  expandable: TableProps<T>['expandable'];
  /** The row's name for its checkbox and its 展开 button (else the head's text is not known). */
  rowName: ((row: T) => string) | undefined;
  /** What a tree row's children are called: 展开子分类 (default 子项). */
  childLabel: string;
}

/**
 * A list's rows as cards, for a narrow screen (ListTable decides): each row's head, its fields
 * labelled with their column titles, and its actions as buttons; a tree list's children fold
 * under their parent's card. Selection, expansion and paging are the table's own props.
 */
export function ListCards<T extends { id: number }>(p: ListCardsProps<T>) {
  const parts = cardParts(p.columns);
  const selection = p.rowSelection ?? undefined;
  const selected = selection?.selectedRowKeys ?? [];
  const pageRows = flattenRows(p.rows);

  const expandable = p.expandable ?? undefined;
  const [ownExpanded, setOwnExpanded] = useState<readonly Key[]>(expandable?.defaultExpandedRowKeys ?? []);
  const expanded = expandable?.expandedRowKeys ?? ownExpanded;

  const select = (keys: Key[], type: 'single' | 'all' | 'none') => {
    // Like the table: keys of rows no longer on the page go, unless the list keeps them.
    const onPage = new Set<Key>(pageRows.map((r) => r.id));
    const next = selection?.preserveSelectedRowKeys ? keys : keys.filter((k) => onPage.has(k));
    selection?.onChange?.(
      next,
      pageRows.filter((r) => next.includes(r.id)),
      { type },
    );
  };
  const selectable = pageRows.filter((r) => !selection?.getCheckboxProps?.(r)?.disabled);
  const allOn = selectable.length > 0 && selectable.every((r) => selected.includes(r.id));
  const someOn = selectable.some((r) => selected.includes(r.id));

  const toggle = (row: T) => {
    const open = !expanded.includes(row.id);
    const next = toggledKeys(expanded, row.id, open);
    expandable?.onExpand?.(open, row);
    expandable?.onExpandedRowsChange?.(next);
    if (!expandable?.expandedRowKeys) setOwnExpanded(next);
  };

  const card = (row: T, index: number): ReactNode => {
    const name = p.rowName?.(row) ?? '';
    const children = childRows(row);
    const open = children.length > 0 && expanded.includes(row.id);
    const boxProps = selection?.getCheckboxProps?.(row);
    const toggleText = open ? `收起${p.childLabel}` : `展开${p.childLabel}（${children.length}）`;
    return (
      <li key={row.id} className="list-card-item">
        <div className="list-card" data-row-key={row.id}>
          <CardHead
            parts={parts}
            row={row}
            index={index}
            checkbox={
              selection && (
                <Checkbox
                  className="list-card-check"
                  aria-label={boxProps?.['aria-label'] ?? (name ? `选择 ${name}` : '选择')}
                  disabled={boxProps?.disabled}
                  checked={selected.includes(row.id)}
                  onChange={(e) => select(toggledKeys(selected, row.id, e.target.checked), 'single')}
                />
              )
            }
          />
          <CardFields parts={parts} row={row} index={index} />
          {parts.actions.length > 0 && (
            <div className="list-card-actions">
              {parts.actions.map((c, i) => (
                <span key={String(c.key ?? i)} className="list-card-buttons">
                  {cellContent(c, row, index)}
                </span>
              ))}
            </div>
          )}
          {children.length > 0 && (
            <Button
              block
              type="text"
              className="list-card-toggle"
              aria-expanded={open}
              aria-label={name ? `${toggleText}：${name}` : undefined}
              icon={<CaretRightOutlined aria-hidden rotate={open ? 90 : 0} />}
              onClick={() => toggle(row)}
            >
              {toggleText}
            </Button>
          )}
        </div>
        {open && (
          <ul
            className="list-cards list-cards-nested"
            aria-label={name ? `${name}的${p.childLabel}` : p.childLabel}
          >
            {children.map(card)}
          </ul>
        )}
      </li>
    );
  };

  return (
    <Spin spinning={p.loading}>
      {p.rows.length === 0 ? (
        <div className="list-cards-empty">{p.empty}</div>
      ) : (
        <>
          {selection && (
            <Checkbox
              className="list-cards-all"
              checked={allOn}
              indeterminate={!allOn && someOn}
              onChange={(e) =>
                e.target.checked
                  ? select([...new Set([...selected, ...selectable.map((r) => r.id)])], 'all')
                  : select(
                      selected.filter((k) => !selectable.some((r) => r.id === k)),
                      'none',
                    )
              }
            >
              全选本页
            </Checkbox>
          )}
          <ul className="list-cards" aria-label={p.label}>
            {p.rows.map(card)}
          </ul>
        </>
      )}
      <Pagination {...p.pagination} size="small" className="list-cards-pagination" />
    </Spin>
  );
}

function CardHead<T>({
  parts,
  row,
  index,
  checkbox,
}: {
  parts: CardParts<T>;
  row: T;
  index: number;
  checkbox: ReactNode;
}) {
  const [name, ...badges] = parts.titles;
  return (
    <div className="list-card-head">
      {checkbox}
      <div className="list-card-titles">
        {name && <div className="list-card-title">{cellContent(name, row, index)}</div>}
        {badges.map((c, i) => (
          <div key={String(c.key ?? c.dataIndex ?? i)} className="list-card-badge">
            {cellContent(c, row, index)}
          </div>
        ))}
      </div>
    </div>
  );
}

function CardFields<T>({ parts, row, index }: { parts: CardParts<T>; row: T; index: number }) {
  if (parts.fields.length === 0) return null;
  return (
    <dl className="list-card-fields">
      {parts.fields.map((c, i) => (
        <div key={String(c.key ?? c.dataIndex ?? i)} className="list-card-field">
          <dt>{typeof c.title === 'function' ? null : c.title}</dt>
          <dd>{cellContent(c, row, index)}</dd>
        </div>
      ))}
    </dl>
  );
}
