import type { DemoHistoryStatus } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

/** The settings row (key → JSON) where the demo's history being written keeps its place. */
const KEY = 'demoHistory';

/**
 * Where the demo's history stands (decision 0044), saved by `demo/seed-all.ts` as it goes: the next
 * start resumes from it after an interruption, and `GET /dashboard/demo-history` answers from it.
 */
export interface DemoHistoryMark {
  state: 'writing' | 'done';
  /** The moment the history runs to and the day it starts: the same on every resumption. */
  now: string;
  from: string;
  /** The history's own checkpoints (`demo/history.ts`): loyalty top-ups written, months written, finished. */
  topUps: boolean;
  monthsDone: number;
  months: number;
  finished: boolean;
  /** The steps after the history that are done (`demo/seed-all.ts`), each saved with its writes. */
  steps: string[];
  /** The events of the months written plus the current month's so far, of `total`. */
  written: number;
  total: number;
  eventsPerSecond: number | null;
  finishedAt: string | null;
}

export async function readDemoHistory(db: Db): Promise<DemoHistoryMark | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  return (row?.value as DemoHistoryMark | undefined) ?? null;
}

/** Saves the mark; given a transaction, with the writes it records. */
export async function saveDemoHistory(db: Db, mark: DemoHistoryMark): Promise<void> {
  await db
    .insert(settings)
    .values({ key: KEY, value: mark })
    .onConflictDoUpdate({ target: settings.key, set: { value: mark, updatedAt: new Date() } });
}

/** The API's answer: what the screens need to say whether the past is still being written. */
export async function demoHistoryStatusOf(db: Db): Promise<DemoHistoryStatus> {
  const mark = await readDemoHistory(db);
  const base = { '@id': '/api/v2/dashboard/demo-history', '@type': 'DemoHistory' as const };
  if (!mark) return { ...base, state: 'none', phase: null, month: 0, months: 0, percent: 0, eventsPerSecond: null, finishedAt: null };
  const done = mark.state === 'done';
  return {
    ...base,
    state: mark.state,
    phase: done ? null : mark.finished || mark.monthsDone >= mark.months ? 'settling' : 'telemetry',
    month: Math.min(mark.monthsDone + 1, mark.months),
    months: mark.months,
    percent: done ? 100 : mark.total > 0 ? Math.min(100, Math.floor((100 * mark.written) / mark.total)) : 0,
    eventsPerSecond: mark.eventsPerSecond,
    finishedAt: mark.finishedAt,
  };
}
