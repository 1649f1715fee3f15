import { type FieldSpec, type FieldsDescription, formatDate, formatDateTime, formatMoney, wordsKey } from '@kovanica/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { exportMoney } from '../../lib/export/table.ts';
import { dash } from './cells.tsx';
import type { Column, ExportCell, Filter } from './types.ts';

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

/**
 * What a column of a described field may change: how its cell is drawn, its width on a phone, its place on a phone's card, the
 * file's columns after it, its alignment (a figure the item computes, drawn by the list), a shorter
 * header than the field's label (an i18n key of the list's own: the articles' prices), the order it
 * sorts by when that is another field's (a card's balance, by its paid credit).
 */
export type ColumnOverride<T> = Partial<
  Pick<Column<T>, 'render' | 'exportValue' | 'phoneMinWidth' | 'exportAlso' | 'align' | 'label' | 'sortField' | 'card'>
>;

/**
 * The list's columns of a resource whose fields the contract describes (docs/architecture.md "A field,
 * described once"): its `column` fields in order, each drawn and exported by its kind (money as euros,
 * an instant in Zagreb's time, a flag as yes or no, a stored word in the user's language). `custom`
 * draws a column the kind cannot (a badge, the state): by the field's name.
 */
export function describedColumns<T>(
  { resource, fields }: FieldsDescription,
  t: TFunction,
  custom: Readonly<Record<string, ColumnOverride<T>>> = {},
): Column<T>[] {
  return Object.entries<FieldSpec>(fields).flatMap(([field, spec]) => {
    const column = spec.column;
    if (!column) return [];
    const path = (column.from ?? field).split('.');
    const value = (row: T) => path.reduce<unknown>((node, key) => (node as Record<string, unknown> | null)?.[key], row);
    const { render, exportValue } = cellOf(spec, resource, t);
    const described: Column<T> = {
      key: column.key ?? field,
      label: `resources.${resource}.fields.${field}`,
      render: (row) => {
        const v = value(row);
        if (v === null || v === undefined) return dash;
        return column.day && spec.kind === 'instant' ? formatDate(String(v)) : render(v);
      },
      exportValue: (row) => {
        const v = value(row);
        return v === null || v === undefined ? null : exportValue(v);
      },
      ...(column.sort ? { sortField: field } : {}),
      ...(column.hidden ? { defaultHidden: true } : {}),
      ...(['money', 'count', 'decimal'].includes(spec.kind) ? { align: 'right' as const } : {}),
    };
    return [{ ...described, ...custom[field] }];
  });
}

/** A value of a kind on screen and in a file (a file keeps numbers as numbers: euros, counts). */
function cellOf(
  spec: FieldSpec,
  resource: string,
  t: TFunction,
): { render: (v: unknown) => ReactNode; exportValue: (v: unknown) => ExportCell } {
  switch (spec.kind) {
    case 'money':
      return { render: (v) => formatMoney(Number(v)), exportValue: (v) => exportMoney(Number(v)) };
    case 'count':
    case 'decimal':
      return { render: (v) => String(v), exportValue: (v) => Number(v) };
    case 'instant':
      return { render: (v) => formatDateTime(String(v)), exportValue: (v) => formatDateTime(String(v)) };
    case 'date':
      return { render: (v) => formatDate(String(v)), exportValue: (v) => formatDate(String(v)) };
    case 'flag': {
      const word = (v: unknown) => t(v ? 'dataTable.yes' : 'dataTable.no');
      return { render: word, exportValue: word };
    }
    case 'words': {
      const set = wordsKey(resource, spec.words ?? '');
      const word = (v: unknown) => t(`${set}.${String(v)}`);
      return { render: word, exportValue: word };
    }
    default:
      return { render: (v) => String(v), exportValue: (v) => String(v) };
  }
}

/**
 * What a filter of a described field may change: its label, its input; `text`: an exact match typed
 * in a text box (an OIB); `options`: a choice among words the app's texts hold, not a set of the
 * resource's (a user's role, `roles.*`).
 */
export type FilterOverride = Partial<Pick<Filter & { kind: 'custom' }, 'label' | 'render'>> &
  Partial<Pick<Filter & { kind: 'select' }, 'options'>> & { text?: true };

/**
 * The list's filters of a described resource, in the description's order: a partial match as a text
 * box, a word of a set as a choice among its words, a flag as yes/no/any. A filter the kind cannot
 * draw (a relation, picked from its own list) is drawn by `custom`, by the field's name; a filter
 * with neither is left to the table (the company, in the All Companies view).
 */
export function describedFilters(
  { resource, fields, words }: FieldsDescription,
  custom: Readonly<Record<string, FilterOverride>> = {},
): Filter[] {
  return Object.entries<FieldSpec>(fields).flatMap(([field, spec]): Filter[] => {
    if (!spec.filter) return [];
    const label = custom[field]?.label ?? `resources.${resource}.fields.${field}`;
    const render = custom[field]?.render;
    if (render) return [{ field, label, kind: 'custom', render }];
    if (spec.filter === 'partial' || custom[field]?.text) return [{ field, label, kind: 'text' }];
    const choices = custom[field]?.options;
    if (choices) return [{ field, label, kind: 'select', options: choices }];
    if (spec.filter === 'boolean') return [{ field, label, kind: 'boolean' }];
    if (spec.kind === 'words' && spec.words) {
      const set = spec.words;
      const options = Object.keys(words[set] ?? {}).map((value) => ({ value, label: `resources.${resource}.${set}.${value}` }));
      return [{ field, label, kind: 'select', options }];
    }
    return [];
  });
}
