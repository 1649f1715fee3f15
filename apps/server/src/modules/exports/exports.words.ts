/**
 * The words a list's file writes for a stored word of a fixed set (a status, a kind, a payment), by
 * the web's text key they come from: the same words as the lists on screen. `exports.words.test.ts`
 * holds them to the web's dictionaries, so a changed text on screen fails the suite until it is here too.
 */
import { FIELD_DESCRIPTIONS, type Words } from '@kovanica/contract';

/** The sets of words of the described fields, by their web text key (`resources.devices.groups`). */
function describedWords(): Record<string, Record<string, Words>> {
  return Object.fromEntries(
    FIELD_DESCRIPTIONS.flatMap(({ resource, words }) =>
      Object.entries(words).map(([set, values]) => [`resources.${resource}.${set}`, values]),
    ),
  );
}

export const EXPORT_WORDS: Record<string, Record<string, { en: string; hr: string }>> = {
  // The sets of words of the lists the contract describes (devices' groups, lessors' rental types, deposits'
  // and loyalty cards' statuses, repositories' types…), from the descriptions.
  ...describedWords(),
  'bills.kinds': {
    device: { en: 'Device', hr: 'Uređaj' },
    manual: { en: 'Manual', hr: 'Ručni' },
    storno: { en: 'Storno', hr: 'Storno' },
  },
  'bills.payments': {
    G: { en: 'Cash', hr: 'Gotovina' },
    K: { en: 'Card', hr: 'Kartica' },
    O: { en: 'Other', hr: 'Ostalo' },
  },
  'bills.statuses': {
    fiscalized: { en: 'Fiscalized', hr: 'Fiskaliziran' },
    unfiscalized: { en: 'Unfiscalized', hr: 'Nefiskaliziran' },
  },
};
