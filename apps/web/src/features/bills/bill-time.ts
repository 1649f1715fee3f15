import { formatDate, zagrebParts } from '@kovanica/contract';

/** `dd.MM.yyyy HH:mm:ss` in Zagreb: a bill's time to the second, as on the receipt and in CIS. */
export function formatBillTime(value: string | Date): string {
  const p = zagrebParts(value);
  return `${formatDate(value)} ${p.hour}:${p.minute}:${p.second}`;
}

/** How long until a deadline (or since, once `overdue`), in whole hours and minutes. */
export function timeLeft(deadline: string, now: number): { overdue: boolean; hours: number; minutes: number } {
  const ms = Date.parse(deadline) - now;
  const total = Math.floor(Math.abs(ms) / 60_000);
  return { overdue: ms < 0, hours: Math.floor(total / 60), minutes: total % 60 };
}
