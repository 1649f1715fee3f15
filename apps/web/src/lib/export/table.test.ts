import { describe, expect, it } from 'vitest';
import { exportFileName } from './table.ts';

/** A file's name: its title in the user's language in ASCII letters, and the Zagreb day it was made (decision 0042). */
describe('exportFileName', () => {
  it.each([
    // 00:01 in Zagreb on 6 December is 23:01 UTC on the 5th: the file is the 6th's.
    ['Uređaji filtrirano', '2026-12-05T23:01:00Z', 'uredaji-filtrirano-2026-12-06.csv'],
    // In summer Zagreb is UTC+2.
    ['Transactions', '2026-07-05T22:01:00Z', 'transactions-2026-07-06.csv'],
    ['Transactions', '2026-12-05T22:59:00Z', 'transactions-2026-12-05.csv'],
    ['Đurđevac: čćžš / Ž', '2026-12-06T10:00:00Z', 'durdevac-cczs-z-2026-12-06.csv'],
  ])('%s at %s → %s', (stem, now, name) => {
    expect(exportFileName(stem, 'csv', new Date(now))).toBe(name);
  });
});
