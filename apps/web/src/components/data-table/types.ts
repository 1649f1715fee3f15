import type { ReactNode } from 'react';
import type { ExportCell } from '../../lib/export/table.ts';
import type { ResourceApi } from '../../lib/resource-api.ts';

export type { ExportCell };

/** Every row the table shows is an API item. */
export interface Row {
  '@id': string;
  id: number;
}

/** A column of an export file: its header (an i18n key, like a column's) and its cell. */
export type ExportPart<T> = Pick<Column<T>, 'label' | 'exportValue'>;

/** What the table needs of a resource: its name, keys and list query (`resourceApi(...)` fits). */
export type ListSource<T> = Pick<ResourceApi<T>, 'name' | 'keys' | 'list'>;

/** One column of a list, described once per resource. */
export interface Column<T> {
  /** Unique in the table; the column chooser remembers choices by it. */
  key: string;
  /** i18n key of the header, e.g. `resources.users.fields.email`. */
  label: string;
  /** The cell on screen. */
  render: (row: T) => ReactNode;
  /**
   * The cell in CSV and XLSX: numbers stay numbers, null is empty. May be async for a value that needs
   * a lookup (a referenced item's name); lookups should be cached, as the export calls it per row.
   */
  exportValue: (row: T) => ExportCell | Promise<ExportCell>;
  /**
   * More columns a file writes after this one, where one column on screen holds what a file keeps
   * apart (a deposit's status and the verification note under it).
   */
  exportAlso?: readonly ExportPart<T>[];
  /** The API order field (`order[field]`); given, the header is a sort button. */
  sortField?: string;
  /** Hidden until the user shows it in the column chooser. */
  defaultHidden?: boolean;
  /** Numbers and money read better right-aligned. */
  align?: 'left' | 'center' | 'right';
  /**
   * On a phone, the least width of a text column instead of 8rem: for a column of short names that
   * shares the screen with the next one beside the row's actions (the deposits' device and its day).
   */
  phoneMinWidth?: string;
  /**
   * Where the column shows on a row's card, below 48em (a phone): a list any of whose columns says so
   * is a column of cards there, not a table that scrolls sideways. `title`: the row's name, first
   * and bold; `badge`: beside the title (a state, a status, a kind); `subtitle`: a line under the
   * title (a location); `figure`: a figure under its column's label, two a line (money, a day). A
   * column without it is not on the card (on the row's page, or the table above 48em).
   */
  card?: CardPlace;
}

/** Where a column shows on a row's card below 48em (`Column.card`). */
export type CardPlace = 'title' | 'subtitle' | 'badge' | 'figure';

/** What a custom filter input receives. */
export interface FilterInputProps {
  /** The translated label. */
  label: string;
  /** "Any": what an empty filter means. */
  placeholder: string;
  value: string | null;
  onChange: (value: string | null) => void;
}

interface FilterBase {
  /** The API query parameter, e.g. `name`, `role`, `company`; a date range uses `field[after]`/`field[before]`. */
  field: string;
  /** i18n key of the label. */
  label: string;
}

/**
 * One filter of a list. `text` is debounced (partial match on the API side), `select` is an exact
 * match among options, `boolean` a yes/no/any choice, `date-range` two days (both included),
 * `custom` any input, e.g. a `ReferenceSelect` for a relation.
 */
export type Filter =
  | (FilterBase & { kind: 'text' })
  /** `options[].label` is an i18n key, like every label of a descriptor. */
  | (FilterBase & { kind: 'select'; options: readonly { value: string; label: string }[] })
  | (FilterBase & { kind: 'boolean' })
  | (FilterBase & { kind: 'date-range' })
  | (FilterBase & { kind: 'custom'; render: (props: FilterInputProps) => ReactNode });
