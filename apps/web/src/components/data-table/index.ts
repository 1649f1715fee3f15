export { DataTable, type DataTableProps } from './data-table.tsx';
export type { Column, ExportCell, Filter, FilterInputProps, ListSource, Row } from './types.ts';
