/**
 * Well-known EVA-DTS event codes (`EA101`, `EA201`) and what they mean, in English (the web translates
 * the known ones). Only codes whose meaning is settled across makers are here: the general faults of
 * the payment devices, the door, the cooling and a failed vend. Every other code (makers use many of
 * their own, `EAR`, `EBB`, `EDF_1`…) is kept as the file gives it, with no meaning (docs/rules.md
 * "Machine audits: reading the file").
 */
export const evaDtsEventMeanings: Readonly<Record<string, string>> = {
  EA: 'Coin mechanism fault',
  EK: 'Cashless reader fault',
  EN: 'Bill validator fault',
  EGS: 'Door open',
  EJH: 'Cooling: health temperature limit exceeded',
  EJJ: 'Cooling: set temperature not reached',
  EJK: 'Cooling: temperature sensor defective',
  ELA: 'Vend failed',
};

/**
 * An event code's meaning: the code as written, else its part before an `_` (makers number a code per
 * unit, `EJJ_A`, `EJJ_B`); null when the code is not a well-known one.
 */
export function evaDtsEventMeaning(code: string): string | null {
  const upper = code.trim().toUpperCase();
  const base = upper.split('_')[0] ?? upper;
  return evaDtsEventMeanings[upper] ?? evaDtsEventMeanings[base] ?? null;
}
