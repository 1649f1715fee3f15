import { type FieldKind, type FieldsDescription, importBooleanAliases, importFields, parseEuros } from '@kovanica/contract';

// A file's cells as the API's values (decision 0027): numbers as people write them in either
// language, yes and no in either language. What cannot be read is passed on as its text, so the
// create schema refuses it with the form's own message (`number`, `boolean`).

/** Euros as a person writes them (`1,20`, `1.20`, `1.234,50`, `2`, `1,20 €`; `parseEuros`) in cents; anything else is left as text for the schema to refuse. */
export function euroCents(value: string | undefined): number | string | undefined {
  if (value === undefined || value === '') return undefined;
  // A minus sign is read, so a negative amount is refused as such ("at least 0"), not as no number.
  return parseEuros(value) ?? value;
}

/** A percent (`25`, `13,5`, `25 %`) as a number; anything else is left as text for the schema to refuse. */
export function percent(value: string | undefined): number | string | undefined {
  if (value === undefined || value === '') return undefined;
  const text = value.replace(/\s|%/g, '');
  return /^-?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : value;
}

/** A decimal number (`45.81`, `45,81`, `-15,9`); anything else is left as text for the schema to refuse. */
export function decimal(value: string | undefined): number | string | undefined {
  if (value === undefined || value === '') return undefined;
  const text = value.replace(/\s/g, '');
  return /^-?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : value;
}

/** Yes or no (`yes`, `da`, `1`, `true`…); anything else is left as text for the schema to refuse. */
export function yesNo(value: string | undefined): boolean | string | undefined {
  if (value === undefined || value === '') return undefined;
  return importBooleanAliases[value.trim().toLowerCase()] ?? value;
}

/** A choice by the API's name or an alias (case aside; spaces and dashes read as `_` when `underscores`). */
export function choice(value: string | undefined, aliases: Record<string, string>, underscores = false): string | undefined {
  if (value === undefined || value === '') return undefined;
  const key = value.trim().toLowerCase();
  return aliases[key] ?? (underscores ? key.replace(/[\s-]+/g, '_') : key);
}

/** A whole number (`3`); anything else is left as text for the schema to refuse. */
export function wholeNumber(value: string | undefined): number | string | undefined {
  if (value === undefined || value === '') return undefined;
  const text = value.trim();
  return /^-?\d+$/.test(text) ? Number(text) : value;
}

/** How a stored field's cell is read, by the field's kind; a kind not here (a word of a set, a time) is read by the import's kind. */
const readByKind: Partial<Record<FieldKind, (value: string | undefined) => unknown>> = {
  text: (value) => (value ? value : undefined),
  money: euroCents,
  decimal,
  count: wholeNumber,
  flag: yesNo,
};

/**
 * A row's body from the columns that give a `stored` field (the description's `import` entries), each
 * cell read by the field's kind: text as it is, euros as cents, a number, yes or no; an empty cell
 * gives nothing. A stored field is the body's value as it is, so a new one needs nothing here; what
 * a kind reads otherwise (a word of a set by its aliases, a reference by name, a percent, a device's
 * fiscalization mode) its own mapping reads after, and replaces. Made once per kind, used per row.
 */
export function storedCells(
  description: FieldsDescription,
): (values: Readonly<Partial<Record<string, string>>>) => Record<string, unknown> {
  const readers = importFields(description).flatMap(({ field, column, spec }) => {
    const read = spec.stored ? readByKind[spec.kind] : undefined;
    return read ? [{ field, column, read }] : [];
  });
  return (values) => {
    const body: Record<string, unknown> = {};
    for (const { field, column, read } of readers) {
      const value = read(values[column]);
      if (value !== undefined) body[field] = value;
    }
    return body;
  };
}

/** The file's column of each described field, for the schema's errors (a money field's without `Cents`). */
export const importColumnOfField = (description: FieldsDescription): Record<string, string> =>
  Object.fromEntries(importFields(description).map(({ field, column }) => [field, column]));
