import { sizeOf } from '@kovanica/contract';
import { Button, Group, NativeSelect, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowsSort, IconFilter } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../lib/api.ts';
import { DEFAULT_PAGE_SIZE, type ListSearch, listFilters, listSearch, toApiQuery, useListSearch } from '../../lib/list-state.ts';
import { useQueryNow } from '../../lib/query-now.ts';
import { useMaxWidth } from '../../lib/screen.ts';
import type { View } from '../../lib/view.ts';
import cardClasses from './cards.module.css';
import { Td } from './cells.tsx';
import { ColumnChooser } from './column-chooser.tsx';
import { type CompanyColumnProps, useCompanyColumn } from './company-column.tsx';
import classes from './data-table.module.css';
import { DataTableFilters } from './data-table-filters.tsx';
import { ExportMenu } from './export-menu.tsx';
import { PaginationBar } from './pagination-bar.tsx';
import { SelectAllHeader, SelectRowCell, useRowSelection } from './row-selection.tsx';
import { SortHeader } from './sort-header.tsx';
import { TableCard } from './table-card.tsx';
import type { Column, Filter, ListSource, Row } from './types.ts';
import { useColumnVisibility } from './use-column-visibility.ts';
import { useExport } from './use-export.ts';

interface DataTableBaseProps<T extends Row> {
  /** The resource's API (`resourceApi(...)`); its name also keys the remembered columns and the export file. */
  api: ListSource<T>;
  /** The columns, in order. */
  columns: readonly Column<T>[];
  /** Filter inputs above the table; their values live in the URL. */
  filters?: readonly Filter[];
  /** Fixed query parameters under the user's filters, e.g. `{ company: iri }` for one company's list. */
  baseQuery?: Query;
  /**
   * Ask for this company view instead of following the My/All Companies switch. In the All
   * Companies view, rows that carry a `company` get the company column and filter (`companyColumn`).
   */
  view?: View;
  /** The table's accessible name and the sheet name of an XLSX export, already translated. */
  title: string;
  /**
   * Buttons at the end of each row (edit link, delete). Their column stays at the right edge while a
   * wide list scrolls sideways, also on a phone: keep them icon buttons, each with an `aria-label` and a tooltip.
   */
  rowActions?: (row: T) => ReactNode;
  /** Actions of the whole list, shown first in the toolbar (e.g. a "New" button). */
  toolbar?: ReactNode;
  /** Keeps the column choice apart for two differently shaped lists of one resource; `api.name` by default. */
  storageId?: string;
  /** What an empty list says, already translated, where the screen has its own words ("There are no devices."); "No record found" by default. */
  emptyText?: string;
  /**
   * Row selection: given, each row it answers true for gets a checkbox, and the header one selects
   * every such row of the page. The selection is of the page on screen: it starts empty again when the
   * page, filters or order change, and a row that leaves the page or stops being selectable (a deposit
   * once verified) drops out of it.
   */
  selectable?: (row: T) => boolean;
  /** Hears the selected rows, in the page's order, whenever the selection changes; for bulk actions in the toolbar. */
  onSelectionChange?: (rows: T[]) => void;
  /** A row checkbox's accessible name, already translated ("Select Autić 2"); "Select row" by default. */
  selectLabel?: (row: T) => string;
}

export type DataTableProps<T extends Row> = DataTableBaseProps<T> & CompanyColumnProps<T>;

const NO_FILTERS: readonly Filter[] = [];

const SKELETON_ROWS = 5;
/**
 * Below this width per column the table scrolls sideways inside its card rather than squeezing text
 * (a phone). The row actions (two or three icon buttons) and the selection's checkbox need less than a
 * column of words. Headers wrap and figures are narrow, so 80 px a column lets a list of ten columns
 * fit at 1280 px; what its cells need beyond that sets the width.
 */
const MIN_COLUMN_WIDTH = 80;
const ACTIONS_WIDTH = 80;
const SELECTION_WIDTH = 40;

/** Only what this table can honour goes to the API: a stale link's unknown order or filter is dropped. */
function declaredOnly<T>(search: ListSearch, columns: readonly Column<T>[], filters: readonly Filter[]): ListSearch {
  const fields = new Set(filters.flatMap((f) => (f.kind === 'date-range' ? [`${f.field}[after]`, `${f.field}[before]`] : [f.field])));
  const sortable = new Set(columns.flatMap((c) => (c.sortField ? [c.sortField] : [])));
  const next: ListSearch = { page: search.page, itemsPerPage: search.itemsPerPage };
  if (search.sort && sortable.has(search.sort)) Object.assign(next, { sort: search.sort, dir: search.dir });
  for (const field of fields) if (search[field] !== undefined) next[field] = search[field];
  return listSearch(next);
}

/**
 * The order of a list shown as cards (below 48em), where no header row holds the sort buttons: one
 * choice of the sortable columns, each ascending or descending, or the list's own order.
 */
function CardSort<T>({
  columns,
  search,
  setSearch,
}: {
  columns: readonly Column<T>[];
  search: ListSearch;
  setSearch: (next: ListSearch) => void;
}) {
  const { t } = useTranslation();
  const sortable = columns.filter((c) => c.sortField);
  if (sortable.length === 0) return null;
  const data = [
    { value: '', label: t('dataTable.sortDefault') },
    ...sortable.flatMap((c) => [
      { value: `${c.sortField}:asc`, label: t('dataTable.sortAscending', { column: t(c.label) }) },
      { value: `${c.sortField}:desc`, label: t('dataTable.sortDescending', { column: t(c.label) }) },
    ]),
  ];
  const value = search.sort ? `${search.sort}:${search.dir ?? 'asc'}` : '';
  return (
    <NativeSelect
      aria-label={t('dataTable.sortBy')}
      leftSection={<IconArrowsSort size={16} aria-hidden />}
      data={data}
      value={value}
      className={classes.cardSort}
      onChange={(event) => {
        const [field, dir] = event.currentTarget.value.split(':');
        setSearch({ ...search, sort: field || undefined, dir: dir === 'desc' ? 'desc' : undefined, page: undefined });
      }}
    />
  );
}

/**
 * The one list of the product: server-side paging, ordering and filters kept in the URL, a
 * remembered column choice, export of the whole filtered list, and the loading, error and empty states.
 * The route gives it the list state with `validateSearch: listSearch`.
 */
export function DataTable<T extends Row>({
  api,
  columns,
  filters = NO_FILTERS,
  baseQuery,
  view,
  companyColumn,
  title,
  rowActions,
  toolbar,
  storageId,
  emptyText,
  selectable,
  onSelectionChange,
  selectLabel,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const [rawSearch, setSearch] = useListSearch();
  const { columns: allColumns, filters: allFilters } = useCompanyColumn(columns, filters, companyColumn, view);
  const search = useMemo(() => declaredOnly(rawSearch, allColumns, allFilters), [rawSearch, allColumns, allFilters]);
  const query = toApiQuery(search, baseQuery);
  const list = useQueryNow({ ...api.list(query, view), placeholderData: keepPreviousData });
  const visibility = useColumnVisibility(allColumns, storageId ?? api.name);
  const shown = visibility.visibleColumns;
  const exporter = useExport({ api, query, view, columns: shown, title, filters: allFilters, search });
  const selection = useRowSelection(list.data?.member, JSON.stringify([query, view ?? null]), selectable, onSelectionChange);

  // On a phone the filters would push the rows a screen down: there they fold behind a button.
  const compact = useMaxWidth('sm');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const activeFilters = Object.keys(listFilters(search)).length;

  const page = search.page ?? 1;
  const itemsPerPage = search.itemsPerPage ?? DEFAULT_PAGE_SIZE;
  // Below 48em a list whose columns have places on a card is a column of cards (README "Cards").
  const cards = compact && allColumns.some((c) => c.card);
  const span = shown.length + (rowActions ? 1 : 0) + (selection.enabled ? 1 : 0);
  const minWidth = shown.length * MIN_COLUMN_WIDTH + (rowActions ? ACTIONS_WIDTH : 0) + (selection.enabled ? SELECTION_WIDTH : 0);
  // A column's own least width on a phone (the CSS reads it), one style per column for all its cells.
  // A card's figures are drawn under their columns' labels (`data-label`, the CSS reads it).
  const labels = cards ? shown.map((c) => t(c.label)) : [];
  const cellStyles = shown.map((c) => (c.phoneMinWidth ? ({ '--text-min-width': c.phoneMinWidth } as CSSProperties) : undefined));

  // The filters (selects, date inputs) are the table's heaviest part and do not change when rows
  // arrive: kept as they are then, the rows' arrival re-renders the rows and not them (decision 0016).
  const filterInputs = useMemo(
    () => allFilters.length > 0 && <DataTableFilters filters={allFilters} search={search} setSearch={setSearch} />,
    [allFilters, search, setSearch],
  );

  const sortBy = (field: string) => {
    // Ascending, then descending, then back to the resource's own order.
    const next = search.sort !== field ? 'asc' : search.dir === 'desc' ? null : 'desc';
    setSearch({ ...search, sort: next ? field : undefined, dir: next === 'desc' ? 'desc' : undefined, page: undefined });
  };

  return (
    <TableCard
      title={title}
      toolbar={toolbar}
      tools={
        <>
          {cards && <CardSort columns={shown} search={search} setSearch={setSearch} />}
          {compact && allFilters.length > 0 && (
            <Button
              variant="default"
              leftSection={<IconFilter size={16} aria-hidden />}
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              {activeFilters > 0 ? t('dataTable.filtersActive', { count: activeFilters }) : t('dataTable.filters')}
            </Button>
          )}
          <ColumnChooser columns={allColumns} {...visibility} />
          <ExportMenu onExport={(format) => void exporter.run(format)} busy={exporter.busy} />
        </>
      }
      filters={filterInputs}
      filtersId={filtersId}
      filtersHidden={compact && !filtersOpen}
      status={{ isError: list.isError, error: list.error, refetch: list.refetch, hasData: list.data !== undefined }}
      failureTitle={t('dataTable.loadFailed')}
      minWidth={cards ? 0 : minWidth}
      footer={
        list.data && (
          <PaginationBar
            page={page}
            itemsPerPage={itemsPerPage}
            {...sizeOf(list.data)}
            onPage={(next) => setSearch({ ...search, page: next })}
            onItemsPerPage={(size) => setSearch({ ...search, itemsPerPage: size, page: undefined })}
          />
        )
      }
    >
      <Table
        // The skeleton's table is replaced by a new one when the first answer comes, not filled in: its
        // head, sized by the labels alone, would grow as the rows' widths make labels wrap, and move the
        // rows down under the reader (a layout shift). A page change keeps the table (the rows stay).
        key={list.data ? 'rows' : 'skeleton'}
        striped={!cards}
        highlightOnHover={!cards}
        verticalSpacing="sm"
        // 8 px a side, not 10: eleven columns of a list fit at 1280 px in Croatian too.
        horizontalSpacing={8}
        aria-busy={list.isFetching}
        data-stale={list.isPlaceholderData || undefined}
        className={`${classes.table} ${cardClasses.cards}`}
        data-cards={cards || undefined}
      >
        <VisuallyHidden component="caption">{title}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {selection.enabled && <SelectAllHeader selection={selection} />}
            {shown.map((column) => (
              <SortHeader
                key={column.key}
                label={t(column.label)}
                align={column.align}
                direction={column.sortField && search.sort === column.sortField ? (search.dir ?? 'asc') : null}
                onSort={column.sortField ? () => sortBy(column.sortField ?? '') : undefined}
              />
            ))}
            {rowActions && <Table.Th className={classes.actions}>{t('dataTable.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!list.data ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by
              <Table.Tr key={i}>
                <Table.Td colSpan={span}>
                  <Skeleton height={18} radius="sm" />
                </Table.Td>
              </Table.Tr>
            ))
          ) : list.data.member.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={span}>
                <Text ta="center" c="dimmed" py="lg" className={classes.empty}>
                  {emptyText ?? t('dataTable.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            list.data.member.map((row) => (
              <Table.Tr key={row['@id']} data-selected={selection.isSelected(row) || undefined}>
                {selection.enabled && <SelectRowCell row={row} selection={selection} label={selectLabel?.(row)} />}
                {shown.map((column, i) => (
                  <Td
                    key={column.key}
                    // A card lays its figures out itself (under their labels).
                    ta={cards ? undefined : column.align}
                    className={column.align === 'right' ? classes.figure : classes.text}
                    style={cellStyles[i]}
                    data-card={cards ? (column.card ?? 'none') : undefined}
                    data-label={cards && column.card === 'figure' ? labels[i] : undefined}
                  >
                    {column.render(row)}
                  </Td>
                ))}
                {rowActions && (
                  <Td className={classes.actions}>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {rowActions(row)}
                    </Group>
                  </Td>
                )}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </TableCard>
  );
}
