import { importBooleanAliases, parseEuros } from '@kovanica/contract';

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
