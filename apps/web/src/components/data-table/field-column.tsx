import type { ReactNode } from 'react';
import type { Column, ExportCell } from './types.ts';

/**
 * The common column: a field of the item shown and exported as it is (text or number), labelled
 * `resources.<resource>.fields.<field>`. `options` override any part (a bold name, right-aligned
 * counts, a sort field).
 */
export function fieldColumn<T, K extends keyof T & string>(resource: string, field: K, options: Partial<Column<T>> = {}): Column<T> {
  const value = (row: T) => row[field] as ExportCell;
  return {
    key: field,
    label: `resources.${resource}.fields.${field}`,
    render: (row) => value(row) as ReactNode,
    exportValue: value,
    ...options,
  };
}
