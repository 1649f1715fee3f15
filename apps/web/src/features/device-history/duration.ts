/** `h:mm` of a number of minutes (`0:05`, `26:03`): hours are not wrapped into days. */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.floor(minutes));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Whole minutes from one instant to another (or to `now` while it lasts). */
export function minutesBetween(from: string, to: string | null, now: number = Date.now()): number {
  const end = to === null ? now : Date.parse(to);
  return Math.max(0, Math.floor((end - Date.parse(from)) / 60_000));
}
