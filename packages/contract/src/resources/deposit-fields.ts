/**
 * The deposits' fields without zod (docs/architecture.md "A field, described once"); the schemas are
 * in `deposits.ts`.
 */
import { describeFields, type Words } from '../fields.ts';
import type { DepositStatus } from './deposits.ts';

/**
 * The deposits' fields: their labels, the deposit list's columns and its file's, and the statuses'
 * words (`unverified`: the list's filter of the two open ones). A reference's column shows its name
 * (`deviceName`, under the column key `device`); the reference itself (`device`) is the filter. The
 * period (`at`) is the web's filter of days; the verifier's note is a column of the file only (on
 * screen, under the status).
 */
export const depositFieldsDescription = describeFields(
  'deposits',
  {
    deviceName: { label: { en: 'Device', hr: 'Uređaj' }, kind: 'text', column: { key: 'device' }, file: true },
    device: { label: { en: 'Device', hr: 'Uređaj' }, kind: 'text', filter: 'exact' },
    at: { label: { en: 'Emptied at', hr: 'Ispražnjeno' }, kind: 'instant', column: { sort: true }, file: true, filter: 'range' },
    locationName: { label: { en: 'Location', hr: 'Lokacija' }, kind: 'text', column: { key: 'location' }, file: true },
    location: { label: { en: 'Location', hr: 'Lokacija' }, kind: 'text', filter: 'exact' },
    reportedCoinsCents: { label: { en: 'Coins reported', hr: 'Kovanice prijavljeno' }, kind: 'money', column: {}, file: true },
    depositCoinsCents: { label: { en: 'Coins deposited', hr: 'Kovanice položeno' }, kind: 'money', column: {}, file: true },
    differenceCoinsCents: { label: { en: 'Coins difference', hr: 'Kovanice razlika' }, kind: 'money', column: {}, file: true },
    reportedTokens: { label: { en: 'Tokens reported', hr: 'Žetoni prijavljeno' }, kind: 'count', column: { hidden: true }, file: true },
    depositTokens: { label: { en: 'Tokens deposited', hr: 'Žetoni položeno' }, kind: 'count', column: { hidden: true }, file: true },
    differenceTokens: { label: { en: 'Tokens difference', hr: 'Žetoni razlika' }, kind: 'count', column: { hidden: true }, file: true },
    outsideTolerance: { label: { en: 'Outside tolerance', hr: 'Izvan tolerancije' }, kind: 'flag', column: { hidden: true }, file: true },
    status: { label: { en: 'Status', hr: 'Stanje' }, kind: 'words', words: 'statuses', column: {}, file: true, filter: 'exact' },
    verificationNote: { label: { en: 'Verification note', hr: 'Napomena ovjere' }, kind: 'text', file: true },
    reportedByName: {
      label: { en: 'Reported by', hr: 'Prijavio/la' },
      kind: 'text',
      column: { key: 'reportedBy', hidden: true },
      file: true,
    },
    reportedAt: { label: { en: 'Reported at', hr: 'Prijavljeno' }, kind: 'instant', column: { hidden: true } },
    verifiedByName: {
      label: { en: 'Verified by', hr: 'Ovjerio/la' },
      kind: 'text',
      column: { key: 'verifiedBy', hidden: true },
      file: true,
    },
    verifiedAt: { label: { en: 'Verified at', hr: 'Ovjereno' }, kind: 'instant', column: { hidden: true }, file: true },
    // The worker's note as reported: verifying never writes over it.
    note: { label: { en: "Worker's note", hr: 'Napomena djelatnika' }, kind: 'text', column: {}, file: true },
  },
  {
    statuses: {
      unverified: { en: 'Unverified', hr: 'Neovjereni' },
      awaiting_count: { en: 'Awaiting count', hr: 'Čeka prebrojavanje' },
      pending_verification: { en: 'Pending verification', hr: 'Čeka ovjeru' },
      verified: { en: 'Verified', hr: 'Ovjeren' },
    } satisfies Record<DepositStatus | 'unverified', Words>,
  },
);
