import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Euros with a comma decimal and dot thousands, as money is shown everywhere (original §1). */
export const MONEY_INPUT_FORMAT = { decimalSeparator: ',', thousandSeparator: '.', decimalScale: 2, suffix: ' €' } as const;

type Shown = number | string;

const toCents = (shown: Shown): number | null => {
  if (shown === '') return null;
  const euros = typeof shown === 'number' ? shown : Number(shown);
  return Number.isFinite(euros) ? Math.round(euros * 100) : null;
};
const toShown = (cents: number | null | undefined): Shown => (cents == null ? '' : cents / 100);

export interface MoneyInputProps extends Omit<NumberInputProps, 'value' | 'defaultValue' | 'onChange' | 'decimalScale' | 'suffix'> {
  /** Integer euro cents, or null when empty. */
  value?: number | null;
  /** Integer euro cents, or null when the field was emptied. */
  onChange: (cents: number | null) => void;
  /** Allow amounts below zero; money is ≥ 0 unless a field says otherwise (domain §4). */
  allowNegative?: boolean;
}

/**
 * A money field: the user types euros (`1.234,56`, a dot or a comma both start the decimals), the
 * form holds integer cents, as the API does. Works with `form.getInputProps(path)` of @mantine/form.
 *
 * The shown text is kept apart from the cents so a half-typed amount (`12,` or `12,50`) is not
 * rewritten while the user types; an emptied field gives null.
 */
export function MoneyInput({ value, onChange, allowNegative = false, ...rest }: MoneyInputProps) {
  const [shown, setShown] = useState<Shown>(() => toShown(value));

  // Follow changes from outside (a form reset, a loaded item) without fighting the user's typing.
  useEffect(() => {
    setShown((current) => (toCents(current) === (value ?? null) ? current : toShown(value)));
  }, [value]);

  return (
    <NumberInput
      {...MONEY_INPUT_FORMAT}
      fixedDecimalScale
      allowNegative={allowNegative}
      hideControls
      inputMode="decimal"
      {...rest}
      value={shown}
      onChange={(next) => {
        setShown(next);
        const cents = toCents(next);
        // A half-typed text that is not a number yet ("-") changes nothing until it is.
        if (cents !== null || next === '') onChange(cents);
      }}
    />
  );
}
