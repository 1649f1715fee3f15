import { Checkbox, Table } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './data-table.module.css';
import type { Row } from './types.ts';

const NONE: ReadonlySet<string> = new Set();

export interface RowSelection<T extends Row> {
  /** Whether the table has selection at all (a `selectable` was given). */
  enabled: boolean;
  isSelectable: (row: T) => boolean;
  isSelected: (row: T) => boolean;
  toggle: (row: T) => void;
  /** The header checkbox: all selectable rows of the page, or none. */
  allSelected: boolean;
  someSelected: boolean;
  toggleAll: () => void;
  /** Nothing on this page can be selected (the header checkbox is disabled). */
  noneSelectable: boolean;
}

/**
 * The selection of the page on screen, by row IRI. `pageKey` names the page (query and view): when it
 * changes the selection starts empty. Rows that leave the page or stop being selectable drop out, and
 * `onChange` hears of every change, with the selected rows in the page's order.
 */
export function useRowSelection<T extends Row>(
  rows: readonly T[] | undefined,
  pageKey: string,
  selectable: ((row: T) => boolean) | undefined,
  onChange: ((rows: T[]) => void) | undefined,
): RowSelection<T> {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: pageKey, ids: NONE });
  const ids = state.key === pageKey ? state.ids : NONE;
  const candidates = selectable && rows ? rows.filter(selectable) : [];
  const selected = candidates.filter((row) => ids.has(row['@id']));

  // The parent may pass a new callback each render: the latest is called, and only on a real change.
  const callback = useRef(onChange);
  const reported = useRef<readonly T[]>([]);
  useEffect(() => {
    callback.current = onChange;
  });
  useEffect(() => {
    const last = reported.current;
    if (last.length === selected.length && last.every((row, i) => row === selected[i])) return;
    reported.current = selected;
    callback.current?.(selected);
  });

  const set = (next: ReadonlySet<string>) => setState({ key: pageKey, ids: next });
  const allSelected = candidates.length > 0 && selected.length === candidates.length;
  return {
    enabled: selectable !== undefined,
    isSelectable: (row) => selectable?.(row) ?? false,
    isSelected: (row) => ids.has(row['@id']) && (selectable?.(row) ?? false),
    toggle: (row) => {
      const next = new Set(ids);
      if (next.has(row['@id'])) next.delete(row['@id']);
      else next.add(row['@id']);
      set(next);
    },
    allSelected,
    someSelected: selected.length > 0 && !allSelected,
    toggleAll: () => set(allSelected ? NONE : new Set(candidates.map((row) => row['@id']))),
    noneSelectable: candidates.length === 0,
  };
}

/** The header cell: selects or clears every selectable row of the page. */
export function SelectAllHeader<T extends Row>({ selection }: { selection: RowSelection<T> }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Table.Th className={classes.selectCell} data-card="select">
      <label className={classes.selectTarget} htmlFor={id}>
        <Checkbox
          id={id}
          aria-label={t('dataTable.selectAll')}
          checked={selection.allSelected}
          indeterminate={selection.someSelected}
          disabled={selection.noneSelectable}
          onChange={selection.toggleAll}
        />
        {/* Over a phone's cards, where no header row names the column, the box says what it does. */}
        <span className={classes.cardsOnly} aria-hidden>
          {t('dataTable.selectAll')}
        </span>
      </label>
    </Table.Th>
  );
}

/**
 * A row's cell: its checkbox, or nothing for a row that cannot be selected. The checkbox sits in a
 * label, so on a phone's card (below 48em) the whole 44 px square around it takes the tap.
 */
export function SelectRowCell<T extends Row>({ row, selection, label }: { row: T; selection: RowSelection<T>; label?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Table.Td className={classes.selectCell} data-card="select">
      {selection.isSelectable(row) && (
        <label className={classes.selectTarget} htmlFor={id}>
          <Checkbox
            id={id}
            aria-label={label ?? t('dataTable.selectRow')}
            checked={selection.isSelected(row)}
            onChange={() => selection.toggle(row)}
          />
        </label>
      )}
    </Table.Td>
  );
}
