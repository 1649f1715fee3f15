import { Group, Paper, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { FailureAlert } from '../failure-alert.tsx';
import classes from './data-table.module.css';

export interface TableCardProps {
  /** The table's accessible name (of its scrolling region), already translated. */
  title: string;
  /** Actions of the whole table, first in the toolbar (a "New" button, a grouping switch). */
  toolbar?: ReactNode;
  /** The table's own tools at the end of the toolbar: filters button, column chooser, export. */
  tools: ReactNode;
  /** Filter inputs under the toolbar. */
  filters?: ReactNode;
  /** The filters' element id (the phone's "Filters" button controls it) and whether they are folded away. */
  filtersId?: string;
  filtersHidden?: boolean;
  /** The query behind the rows: a failure shows the alert with "Try again"; `hasData` keeps the last rows under it. */
  status: { isError: boolean; error: unknown; refetch: () => unknown; hasData: boolean };
  /** The heading of the failure alert, already translated ("The list could not be loaded."). */
  failureTitle: string;
  /** Below this width the table scrolls sideways inside the card rather than squeezing its cells. */
  minWidth: number;
  /** A class of the scrolling region, for a table's own rules (a report's sticky first column). */
  scrollClassName?: string;
  /** The `<Table>`. */
  children: ReactNode;
  /** Under the table (the pagination bar). */
  footer?: ReactNode;
}

/**
 * The card every table of the product sits in: toolbar, filters, the failure alert, a region that
 * scrolls sideways (reachable by keyboard) and a footer. `DataTable` is the list in it; a report that
 * is not a paged list (revenue) puts its own table in the same card.
 */
export function TableCard({
  title,
  toolbar,
  tools,
  filters,
  filtersId,
  filtersHidden,
  status,
  failureTitle,
  minWidth,
  scrollClassName,
  children,
  footer,
}: TableCardProps) {
  return (
    <Paper withBorder shadow="xs" radius="md" className={classes.card}>
      <div className={classes.toolbar}>
        <Group gap="sm" wrap="wrap">
          {toolbar}
        </Group>
        <Group gap="sm" wrap="wrap" data-no-print>
          {tools}
        </Group>
      </div>
      {filters && (
        <div className={classes.filters} id={filtersId} hidden={filtersHidden}>
          {filters}
        </div>
      )}
      {status.isError && <FailureAlert m="md" title={failureTitle} error={status.error} onRetry={() => void status.refetch()} />}
      {!(status.isError && !status.hasData) && (
        <Table.ScrollContainer
          minWidth={minWidth}
          type="native"
          // A region that scrolls must be reachable by keyboard to be scrolled at all.
          tabIndex={0}
          role="region"
          aria-label={title}
          className={scrollClassName ? `${classes.scroll} ${scrollClassName}` : classes.scroll}
        >
          {children}
        </Table.ScrollContainer>
      )}
      {footer && <div className={classes.footer}>{footer}</div>}
    </Paper>
  );
}
