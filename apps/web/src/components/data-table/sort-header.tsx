import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { SortDirection } from '../../lib/list-state.ts';
import classes from './data-table.module.css';

interface SortHeaderProps {
  label: ReactNode;
  /** The direction this column sorts in now, or null when the list is sorted by something else. */
  direction: SortDirection | null;
  /** Absent for a column the API cannot order by. */
  onSort?: () => void;
  align?: 'left' | 'center' | 'right';
}

/** A column header; a sortable one is a button and tells assistive technology its order (aria-sort). */
export function SortHeader({ label, direction, onSort, align }: SortHeaderProps) {
  if (!onSort) return <Table.Th ta={align}>{label}</Table.Th>;
  const Icon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th ta={align} aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton onClick={onSort} className={classes.sortButton} data-sorted={direction !== null || undefined}>
        <span>{label}</span>
        <Icon size={14} aria-hidden className={classes.sortIcon} />
      </UnstyledButton>
    </Table.Th>
  );
}
