import { type Bill, UNFISCALIZED_ALARM_HOURS } from '@kovanica/contract';
import { timeLeft } from './bill-time.ts';

const ALARM_MS = UNFISCALIZED_ALARM_HOURS * 3_600_000;

/** Whether a bill issued at `issuedAt` has waited past the alarm at `now`. */
export const pastAlarm = (issuedAt: string, now: number) => now - Date.parse(issuedAt) >= ALARM_MS;

/**
 * Where an unfiscalized bill stands against the late-delivery limit (fiscalization.md "Failures and
 * late delivery"): the hours and minutes left until `deliverBy` (issue + 48 h), or past it once
 * `overdue`, and `alarm` once it has waited longer than `UNFISCALIZED_ALARM_HOURS` (24 h) for its JIR.
 */
export interface Deadline extends ReturnType<typeof timeLeft> {
  alarm: boolean;
}

/** A bill's deadline at an instant (ms since the epoch). */
export function deadlineOf(bill: Pick<Bill, 'issuedAt' | 'deliverBy'>, now: number): Deadline {
  return { ...timeLeft(bill.deliverBy, now), alarm: pastAlarm(bill.issuedAt, now) };
}
