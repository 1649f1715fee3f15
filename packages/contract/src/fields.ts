/**
 * A resource's fields described once (docs/architecture.md "A field, described once"): each field's
 * label in both languages, its kind, and where it shows — a column of the list on screen, a column of
 * the list's file, a column of an import's file. The web's texts (`resources.<name>.fields.<field>`,
 * the words of a set), the web table's columns, the server's list export and the imports' columns
 * (`importColumnsOf`) all read the description, so a field is added here and in the form, not in five
 * places. Zod-free: the web's texts load it beside their dictionary.
 */
import type { CollectionSpec, FilterKind } from './api.ts';
import type { Language } from './languages.ts';

/** A text in each language. */
export type Words = Readonly<Record<Language, string>>;

/**
 * How a value is shown and written: `text` as it is; `money` cents as euros; `count` a whole number;
 * `decimal` a number as it is (a rate); `instant` a time, `dd.MM.yyyy HH:mm` in Zagreb; `date` a
 * calendar day (`2026-01-31`), `dd.MM.yyyy` on screen; `flag` yes or no; `words` a stored word of a
 * fixed set, in the reader's language (`words` names the set).
 */
export type FieldKind = 'text' | 'money' | 'count' | 'decimal' | 'instant' | 'date' | 'flag' | 'words';

export interface FieldSpec {
  label: Words;
  kind: FieldKind;
  /**
   * For `words`: the set of the resource's words the value is one of (`groups`: `resources.devices.groups`),
   * or another described resource's set, `<resource>.<set>` (a location's rental type: `lessors.rentalTypes`).
   */
  words?: string;
  /**
   * A column of the list on screen, in the description's order. `key`: the column's key when it is not
   * the field's (the column chooser remembers choices by it); `sort`: the field is an order of the
   * collection; `hidden`: hidden until the user shows it; `from`: where the value is in the item when
   * not at the field's name (`state.cashInBoxCents`); `day`: an instant shown as its day on screen (its
   * time still in files). Absent: no column (a form's field).
   */
  column?: { key?: string; sort?: boolean; hidden?: boolean; from?: string; day?: boolean };
  /** A column of the list's file (the server's export), in the description's order. */
  file?: boolean;
  /** A filter of the collection (`?name=`), in the description's order on the list's filter bar. */
  filter?: FilterKind;
  /**
   * Kept as it is in the resource table's column of the same name: the item shows the column's value
   * and a create or a patch writes the body's (`storedFields`), so the service does not name it.
   */
  stored?: true;
  /** A column of the import's file (`importColumnsOf`): the template's header and example, the headers the import takes. */
  import?: FieldImport;
}

export interface FieldsDescription<F extends Record<string, FieldSpec> = Record<string, FieldSpec>> {
  /** The resource's name: its texts are `resources.<resource>.…`. */
  resource: string;
  fields: Readonly<F>;
  /** The resource's sets of words (`groups`), each value's words. */
  words: Readonly<Record<string, Readonly<Record<string, Words>>>>;
}

/**
 * A column of an import's file (the template's and the one the import reads): a field the file may
 * give, described with the field so a new one costs no second list beside it (docs/architecture.md
 * "A field, described once"). The column is the field's name; a `money` field's drops `Cents`, as the
 * file writes euros (`playPrice` for `playPriceCents`). The file's header may be the column's name,
 * its words (`play price`), the label in either language (so a list's exported file reads back), the
 * Croatian template's header, or one of `headers`. A reference a file gives by name (a device's
 * location) is the reference's entry, whose label it shares. A column the resource has no field for
 * (a transaction's id in the other system) is an entry with a label, a kind and only `import`:
 * nothing else reads it but the web's texts. How a cell becomes the body's value is the server's: a
 * `stored` field's by its kind, anything else by the import kind's own mapping.
 */
export interface FieldImport {
  /** The file's column when it is neither the field's name nor a money field's without `Cents`. */
  column?: string;
  /** A file without this column is refused as a whole. */
  required?: true;
  /** More headers the import takes, beyond the column's name and words and the labels (a device's `name` as `uređaj`). */
  headers?: readonly string[];
  /** The Croatian template's header when it is not the Croatian label in lower case (a shorter one people type: `stopa pdv`). */
  hr?: string;
  /** The template's example, the same in both languages or each its own (`yes`, `da`); absent, an empty cell. */
  example?: string | Words;
  /**
   * The column it follows in the template, where the template's order is not the description's: that
   * order is also the list's, its file's and its filters', and the template had its own before (a
   * location's payment method after its fiscalisation, a device's logger after its location).
   */
  after?: string;
}

/** The columns of a kind's file, in the template's order, the required ones, and the headers each accepts. */
export interface ImportColumns<C extends string = string> {
  columns: readonly C[];
  required: readonly C[];
  /** Compared lower-case with spaces, `_` and `-` alike; the column's own name always counts. */
  headers: Record<C, readonly string[]>;
  /** The template's example row, in the columns' order. */
  example: readonly string[];
  /** The template for a Croatian reader: one of `headers` per column, and the example in Croatian words the import takes. */
  hr: { headers: Record<C, string>; example: readonly string[] };
}

/** Describes a resource's fields; the order of `fields` is the order of the list's and the file's columns. */
export function describeFields<const F extends Record<string, FieldSpec>>(
  resource: string,
  fields: F,
  words: FieldsDescription['words'] = {},
): FieldsDescription<F> {
  for (const [field, spec] of Object.entries<FieldSpec>(fields)) {
    if (spec.kind === 'words' && !(spec.words && (spec.words in words || spec.words.includes('.')))) {
      throw new Error(`${resource}.${field}: a 'words' field names one of the resource's sets of words`);
    }
  }
  return { resource, fields, words };
}

/** The text key of a field's set of words: `resources.<resource>.<set>`, or another resource's set as it names it. */
export function wordsKey(resource: string, set: string): string {
  return set.includes('.') ? `resources.${set}` : `resources.${resource}.${set}`;
}

/** The texts a description gives the web's dictionary of `language`: `{ resources: { <name>: { fields, <set>… } } }`. */
export function fieldTexts(descriptions: readonly FieldsDescription[], language: Language): Record<string, Record<string, unknown>> {
  const resources: Record<string, unknown> = {};
  for (const { resource, fields, words } of descriptions) {
    const texts: Record<string, Record<string, string>> = {
      fields: Object.fromEntries(Object.entries<FieldSpec>(fields).map(([field, spec]) => [field, spec.label[language]])),
    };
    for (const [set, values] of Object.entries(words)) {
      texts[set] = Object.fromEntries(Object.entries(values).map(([value, w]) => [value, w[language]]));
    }
    resources[resource] = texts;
  }
  return { resources };
}

/**
 * A collection's filters and orders from a description: its `filter` fields, and `id` and its
 * sortable columns as orders.
 */
export function describedCollection({ fields }: FieldsDescription, defaultOrder: CollectionSpec['defaultOrder']): CollectionSpec {
  const entries = Object.entries<FieldSpec>(fields);
  return {
    filters: Object.fromEntries(entries.flatMap(([field, spec]) => (spec.filter ? [[field, spec.filter]] : []))),
    order: ['id', ...entries.flatMap(([field, spec]) => (spec.column?.sort ? [field] : []))],
    defaultOrder,
  };
}

/** The names of a description's `stored` fields, as a type. */
export type StoredField<D> =
  D extends FieldsDescription<infer F> ? { [K in keyof F]: F[K] extends { stored: true } ? K : never }[keyof F] & string : never;

/** The `stored` fields of a description: what the service copies between the item, the body and the table. */
export function storedFields<D extends FieldsDescription>(description: D): StoredField<D>[] {
  return Object.entries<FieldSpec>(description.fields).flatMap(([field, spec]) => (spec.stored ? [field as StoredField<D>] : []));
}

/** The given fields of an object (a row, a body), typed: a field the object does not have fails the typecheck. */
export function pickFields<T extends object, K extends keyof T>(source: T, fields: readonly K[]): Pick<T, K> {
  return Object.fromEntries(fields.map((field) => [field, source[field]])) as Pick<T, K>;
}

/** The import column of a described field: its `column`, a money field's name without `Cents`, or its name. */
type ImportColumnOf<K extends string, S> = S extends { import: { column: infer C extends string } }
  ? C
  : S extends { kind: 'money' }
    ? K extends `${infer B}Cents`
      ? B
      : K
    : K;

/** The import columns of a description, as a type. */
export type ImportColumn<D> =
  D extends FieldsDescription<infer F>
    ? { [K in keyof F & string]: F[K] extends { import: FieldImport } ? ImportColumnOf<K, F[K]> : never }[keyof F & string]
    : never;

/** A header as the import compares it: lower case, spaces, `_` and `-` alike. */
export const importHeaderKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** The import's column of each described field that has one, in the template's order (each `after` moved behind its column). */
export function importFields(description: FieldsDescription): { field: string; column: string; spec: FieldSpec; import: FieldImport }[] {
  const entries = Object.entries<FieldSpec>(description.fields).flatMap(([field, spec]) => {
    const entry = spec.import;
    if (!entry) return [];
    const column = entry.column ?? (spec.kind === 'money' && field.endsWith('Cents') ? field.slice(0, -'Cents'.length) : field);
    return [{ field, column, spec, import: entry }];
  });
  const ordered = entries.filter((e) => !e.import.after);
  for (const moved of entries.filter((e) => e.import.after)) {
    const at = ordered.findIndex((e) => e.column === moved.import.after);
    if (at < 0) throw new Error(`${description.resource}.${moved.field}: its import column follows '${moved.import.after}', no column`);
    ordered.splice(at + 1, 0, moved);
  }
  return ordered;
}

/**
 * An import's columns from a description (`ImportColumns`: what the server reads and the web's
 * template writes). A header two columns would take is refused here, not met as a file read wrongly.
 */
export function importColumnsOf<D extends FieldsDescription>(description: D): ImportColumns<ImportColumn<D>> {
  type C = ImportColumn<D>;
  const fields = importFields(description);
  const owner = new Map<string, string>();
  const headers: Record<string, readonly string[]> = {};
  for (const { field, column, spec, import: entry } of fields) {
    const words = column.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
    const hr = entry.hr ?? spec.label.hr.toLowerCase();
    const keys = [...new Set([column, words, spec.label.en, spec.label.hr, hr, ...(entry.headers ?? [])].map(importHeaderKey))];
    for (const key of keys) {
      const other = owner.get(key);
      if (other && other !== column) throw new Error(`${description.resource}.${field}: the header '${key}' is also ${other}'s`);
      owner.set(key, column);
    }
    headers[column] = keys;
  }
  const example = (language: Language) =>
    fields.map(({ import: entry }) => (typeof entry.example === 'object' ? entry.example[language] : (entry.example ?? '')));
  return {
    columns: fields.map((f) => f.column as C),
    required: fields.flatMap((f) => (f.import.required ? [f.column as C] : [])),
    headers: headers as Record<C, readonly string[]>,
    example: example('en'),
    hr: {
      headers: Object.fromEntries(fields.map((f) => [f.column, f.import.hr ?? f.spec.label.hr.toLowerCase()])) as Record<C, string>,
      example: example('hr'),
    },
  };
}
