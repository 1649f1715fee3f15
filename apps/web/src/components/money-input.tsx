import { formatMoney, parseEuros } from '@kovanica/contract';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

/** The text a field shows for an amount: `1.234,50`, the euro sign beside it. */
const typable = (cents: number | null | undefined) => (cents == null ? '' : formatMoney(cents).replace(/\s€$/, ''));

/** A text on its way to an amount (empty, `-`, `,`, `-,`): kept as typed, but not an amount yet. */
const HALF_TYPED = /^\s*-?\s*,?\s*$/;
const HALF_TYPED_POSITIVE = /^\s*,?\s*$/;

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** Integer euro cents, or null when empty. */
  value?: number | null;
  /** Integer euro cents, or null when the field was emptied. */
  onChange: (cents: number | null) => void;
  /** Allow amounts below zero; money is ≥ 0 unless a field says otherwise (docs/rules.md "Units, formats and languages"). */
  allowNegative?: boolean;
}

/**
 * A money field: the user types euros as they write them (`1.234,50`, `1234,5`, `12.50` from the
 * numeric keypad; `parseEuros` reads them), the form holds integer cents, as the API does. Works with
 * `form.getInputProps(path)` of @mantine/form.
 *
 * The text is kept as typed, so a half-typed amount (`1.2` on the way to `1.234,50`) is not rewritten
 * under the user's fingers, and a key that would make it no amount (a third decimal, a letter) is not
 * taken. Leaving the field writes the amount as money is written everywhere (`1.234,50`); the euro sign
 * stands beside the text, not in it, so what the field holds never changes when it takes the focus
 * (a change then would drop the selection a tab or a click made, and the next key would add to the
 * old amount instead of replacing it).
 */
export function MoneyInput({ value, onChange, allowNegative = false, onBlur, ...rest }: MoneyInputProps) {
  const [text, setText] = useState(() => typable(value));

  // Follow changes from outside (a form reset, a figure worked out from another field) without
  // fighting the user's typing: a text that already reads as the new amount stays as it is.
  useEffect(() => {
    setText((current) => (parseEuros(current) === (value ?? null) ? current : typable(value)));
  }, [value]);

  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      rightSection="€"
      rightSectionPointerEvents="none"
      {...rest}
      value={text}
      onBlur={(event) => {
        setText(typable(value));
        onBlur?.(event);
      }}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if ((allowNegative ? HALF_TYPED : HALF_TYPED_POSITIVE).test(next)) {
          setText(next);
          if (next.trim() === '') onChange(null);
          return;
        }
        const cents = parseEuros(next);
        if (cents === null || (!allowNegative && /^\s*[-\u2212]/.test(next))) return;
        setText(next);
        onChange(cents);
      }}
    />
  );
}
