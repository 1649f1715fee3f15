export { ColumnChooser } from './column-chooser.tsx';
export type { CompanyColumnOption } from './company-column.tsx';
export { DataTable, type DataTableProps } from './data-table.tsx';
export { type ExportFormat, ExportMenu } from './export-menu.tsx';
export { toExportTable } from './export-rows.ts';
export { SortHeader } from './sort-header.tsx';
export { TableCard, type TableCardProps } from './table-card.tsx';
export type { Column, ExportCell, Filter, FilterInputProps, ListSource, Row } from './types.ts';
export { useColumnVisibility } from './use-column-visibility.ts';
