import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

type Shown = number | string;

const toNumber = (shown: Shown): number | null => {
  if (shown === '') return null;
  const n = typeof shown === 'number' ? shown : Number(shown);
  return Number.isFinite(n) ? n : null;
};

export interface PercentInputProps extends Omit<NumberInputProps, 'value' | 'defaultValue' | 'onChange' | 'decimalScale' | 'suffix'> {
  /** A percentage 0–100, or null when empty. */
  value?: number | null;
  onChange: (value: number | null) => void;
}

/**
 * A percentage field, 0–100 with at most two decimals (docs/rules.md "Units, formats and languages"), typed with a comma decimal
 * (`12,5 %`). The form holds the number as the API does (12.5); an emptied field gives null. Range
 * errors come from the contract's `zPercent` through the form's validator, not from clamping here,
 * so the user sees why a value is refused.
 */
export function PercentInput({ value, onChange, ...rest }: PercentInputProps) {
  const [shown, setShown] = useState<Shown>(() => value ?? '');

  useEffect(() => {
    setShown((current) => (toNumber(current) === (value ?? null) ? current : (value ?? '')));
  }, [value]);

  return (
    <NumberInput
      decimalSeparator=","
      decimalScale={2}
      suffix=" %"
      allowNegative={false}
      clampBehavior="none"
      hideControls
      inputMode="decimal"
      {...rest}
      value={shown}
      onChange={(next) => {
        setShown(next);
        const n = toNumber(next);
        if (n !== null || next === '') onChange(n);
      }}
    />
  );
}
