import {
  type MachineAuditCounters,
  type MachineAuditProduct,
  type MachineAuditReconciliation,
  type MachineAuditSpan,
  outsideTolerance,
} from '@kovanica/contract';
import type { StoredAuditProduct } from '../../db/schema/index.ts';
import type { PreviousJson } from './machine-audits.queries.ts';

/**
 * What happened between two audits of a device (docs/rules.md "Machine audits"), free of the database.
 * Most counters are totals since the machine was initialised: the span is their difference. A
 * counter lower than before was reset (`reset`: its difference is null); another machine serial
 * (ID101) than the previous audit's is another machine (`replaced`: every difference is null). No
 * difference is ever negative.
 */

interface AuditFigures {
  machineSerial: string | null;
  counters: MachineAuditCounters;
  products: readonly StoredAuditProduct[];
}

/** Whether two audits are of different machines: both name their serial, and not the same one. */
export const replacedBetween = (previous: string | null, current: string | null) =>
  previous !== null && current !== null && previous !== current;

/** A counter's difference: null where either lacks it, or it went down (`onReset` is told). */
function difference(current: number | null, previous: number | null, onReset: () => void): number | null {
  if (current === null || previous === null) return null;
  if (current < previous) {
    onReset();
    return null;
  }
  return current - previous;
}

/** The span from `previous` to `current`, and each selection's paid vends since the previous audit (by selection). */
export function spanOf(
  current: AuditFigures,
  previous: AuditFigures & { id: string; auditedAt: string },
): { span: MachineAuditSpan; paidVendsSince: Map<string, number | null> } {
  const replaced = replacedBetween(previous.machineSerial, current.machineSerial);
  let reset = false;
  const onReset = () => {
    reset = true;
  };
  const counters = Object.fromEntries(
    (Object.keys(current.counters) as (keyof MachineAuditCounters)[]).map((key) => [
      key,
      replaced ? null : difference(current.counters[key], previous.counters[key] ?? null, onReset),
    ]),
  ) as MachineAuditCounters;
  const before = new Map(previous.products.map((p) => [p.selection, p]));
  const paidVendsSince = new Map(
    current.products.map((p) => {
      const old = before.get(p.selection);
      return [p.selection, replaced || !old ? null : difference(p.paidVends, old.paidVends, onReset)] as const;
    }),
  );
  return { span: { previous: previous.id, previousAuditedAt: previous.auditedAt, reset, replaced, counters }, paidVendsSince };
}

/** A selection as the item shows it; the device has no planogram yet, so no article. */
export const productOf = (p: StoredAuditProduct, paidVendsSincePrevious: number | null): MachineAuditProduct => ({
  ...p,
  paidVendsSincePrevious,
  article: null,
  articleName: null,
});

/** Whether a difference is beyond the company's deposit tolerance, judged as a deposit's is (`outsideTolerance`). */
const beyond = (differenceCents: number | null, toleranceCents: number) =>
  differenceCents !== null &&
  outsideTolerance({ reportedCoinsCents: 0, reportedTokens: 0, depositCoinsCents: differenceCents, depositTokens: 0 }, 0, toleranceCents);

/**
 * The span against telemetry and the deposits (docs/rules.md "Machine audits", reconciliation):
 * telemetry's revenue for the span (null: the device has no telemetry) against the paid sales'
 * difference; the cash the span's deposits counted (null: no deposit, or one still to count) against
 * the cash to the box's difference.
 */
export function reconciliationOf(span: MachineAuditSpan, figures: PreviousJson): MachineAuditReconciliation {
  const telemetryCents = figures.telemetry ? Number(figures.telemetryCents) : null;
  const countedCents = Number(figures.deposits) > 0 && Number(figures.uncounted) === 0 ? Number(figures.countedCents) : null;
  const paid = span.counters.paidSalesCents;
  const toBox = span.counters.cashToBoxCents;
  const telemetryDifferenceCents = telemetryCents === null || paid === null ? null : paid - telemetryCents;
  const countedDifferenceCents = countedCents === null || toBox === null ? null : toBox - countedCents;
  const tolerance = Number(figures.toleranceCents);
  return {
    telemetryCents,
    telemetryDifferenceCents,
    countedCents,
    countedDifferenceCents,
    beyondTolerance: beyond(telemetryDifferenceCents, tolerance) || beyond(countedDifferenceCents, tolerance),
  };
}
