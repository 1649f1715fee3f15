import type { Movement, MovementKind } from '@kovanica/contract';
import type { FieldErrors } from '../../lib/forms.ts';
import { businessInstant } from '../../lib/list-state.ts';

/**
 * The movement form's values. Every kind names one repository first — where a receipt goes in, where
 * a transfer or an issue takes the units from, the one an adjustment counts — kept in `repository`,
 * so a repository's page starts every kind from itself; a transfer's destination is `toRepository`.
 */
export interface MovementValues {
  kind: MovementKind;
  /** IRIs; null until picked. */
  article: string | null;
  repository: string | null;
  toRepository: string | null;
  device: string | null;
  /** Whole units; an adjustment's is signed. Empty while not typed. */
  quantity: number | '';
  /** A receipt's net price per unit; null: the article's purchase price. */
  unitPriceCents: number | null;
  /** A receipt's supplier; empty: the article's. */
  supplier: string;
  /** An adjustment's reason. */
  reason: string;
  note: string;
  /** A back-dated entry: `yyyy-MM-dd` and `HH:mm` on the Zagreb clock; empty: now. */
  day: string;
  time: string;
}

export const emptyMovement = (kind: MovementKind = 'receipt'): MovementValues => ({
  kind,
  article: null,
  repository: null,
  toRepository: null,
  device: null,
  quantity: '',
  unitPriceCents: null,
  supplier: '',
  reason: '',
  note: '',
  day: '',
  time: '',
});

/** The API field that holds the form's `repository` for each kind. */
const firstRepository: Record<MovementKind, 'toRepository' | 'fromRepository' | 'repository'> = {
  receipt: 'toRepository',
  transfer: 'fromRepository',
  issue: 'fromRepository',
  adjustment: 'repository',
};

const text = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** When the movement happened: now (left out), or the day's time given (its start when no time is). */
export const atOf = (day: string, time: string) => (day === '' ? undefined : businessInstant(day, time === '' ? '00:00' : time));

/**
 * The request body before validation (contract `movementCreate` checks it): only the fields the kind
 * takes, empty ones left out so the schema says "required" where the kind needs them, and the client
 * key that makes a second submit of the same form book nothing twice.
 */
export function movementInput(v: MovementValues, clientKey: string): Record<string, unknown> {
  const common = {
    kind: v.kind,
    article: v.article ?? undefined,
    quantity: v.quantity === '' ? undefined : v.quantity,
    [firstRepository[v.kind]]: v.repository ?? undefined,
    note: text(v.note),
    at: atOf(v.day, v.time),
    clientKey,
  };
  switch (v.kind) {
    case 'receipt':
      return { ...common, unitPriceCents: v.unitPriceCents ?? undefined, supplier: text(v.supplier) };
    case 'transfer':
      return { ...common, toRepository: v.toRepository ?? undefined };
    case 'issue':
      return { ...common, device: v.device ?? undefined };
    case 'adjustment':
      return { ...common, reason: text(v.reason) };
  }
}

/** The API's field errors (the browser's check or a 422) as the form's fields, for the kind sent. */
export function movementFormErrors(errors: FieldErrors, kind: MovementKind): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path === 'at' ? 'day' : path === firstRepository[kind] ? 'repository' : path;
    out[field] ??= message;
  }
  return out;
}

/** What a movement did to one repository's stock: + units in, − units out (an adjustment's as counted). */
export function changeIn(movement: Pick<Movement, 'kind' | 'quantity' | 'fromRepository' | 'toRepository'>, repository: string): number {
  if (movement.kind === 'adjustment') return movement.quantity;
  if (movement.toRepository === repository) return movement.quantity;
  if (movement.fromRepository === repository) return -movement.quantity;
  return 0;
}

/**
 * Whether a movement may still be reversed: once, not a reversal itself, and not a sale a machine
 * audit booked (docs/rules.md, "Stock").
 */
export const reversible = (movement: Pick<Movement, 'kind' | 'reverses' | 'reversedBy'>) =>
  movement.kind !== 'sale' && movement.reverses === null && movement.reversedBy === null;

/**
 * Where the units came from and went to, as names: a repository, else the supplier of a receipt (or
 * of its reversal, back to them) and the device of an issue (or of its reversal, out of it).
 */
export function endsOf(m: Movement): { from: string | null; to: string | null } {
  const outside = m.kind === 'receipt' ? m.supplier : m.kind === 'issue' ? m.deviceName : null;
  return { from: m.fromRepositoryName ?? outside, to: m.toRepositoryName ?? outside };
}
