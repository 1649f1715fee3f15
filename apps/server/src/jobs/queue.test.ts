import { describe, expect, it, onTestFinished } from 'vitest';
import { freshDatabase } from '../testing/database.ts';
import { JOBS, type JobRun, startJobs } from './queue.ts';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise and what settles it (Promise.withResolvers, which Node 20 lacks). */
function signal() {
  let settle = () => {};
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

describe('the job queue', () => {
  it('stops only when nothing it started touches the database any more, even with a fetch under way', async () => {
    const database = await freshDatabase();
    onTestFinished(() => database.dispose());
    // The workers' fetches are held at a gate, so the stop begins with one under way and the job it
    // will return already queued: the order pg-boss's own graceful stop does not wait for.
    const { promise: gate, settle: release } = signal();
    const { promise: fetchUnderWay, settle: fetchHeld } = signal();
    let stopped = false;
    const afterStop: string[] = [];
    const held: typeof database = {
      ...database,
      async executeSql(text, values) {
        if (stopped) afterStop.push(text.trim().split('\n')[0] ?? '');
        if (/for update skip locked/i.test(text) && values?.[0] === JOBS.exportSweep) {
          fetchHeld();
          await gate;
        }
        return database.executeSql(text, values);
      },
    };
    let runs = 0;
    const count = async () => {
      runs++;
    };
    const errors: unknown[] = [];
    const jobs = await startJobs(
      held,
      {
        [JOBS.fiscalSweep]: count,
        [JOBS.exportSweep]: count,
        [JOBS.mailSweep]: count,
        [JOBS.alarmSweep]: count,
        [JOBS.partitionSweep]: count,
      },
      (message, error) => errors.push(`${message}: ${error}`),
    );
    await fetchUnderWay;
    jobs.wake(JOBS.exportSweep);
    for (let i = 0; i < 100; i++) {
      const { rows } = await database.executeSql(`select count(*)::int as n from pgboss.job where name = $1 and state = 'created'`, [
        JOBS.exportSweep,
      ]);
      if ((rows[0] as { n: number }).n > 0) break;
      await delay(20);
    }
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    // pg-boss's own stop is over by now; the fetch it did not wait for returns the job.
    await delay(300);
    release();
    await stopping;
    await delay(300);
    expect(afterStop).toEqual([]);
    // The job fetched while stopping is not run: the next start's schedule sweeps.
    expect(runs).toBe(0);
    expect(errors).toEqual([]);
  });

  it('tells a run the ids of the requests that woke it', async () => {
    const database = await freshDatabase();
    onTestFinished(() => database.dispose());
    const seen: string[][] = [];
    const record = async ({ requestIds }: JobRun) => {
      seen.push(requestIds);
    };
    const jobs = await startJobs(
      database,
      {
        [JOBS.fiscalSweep]: record,
        [JOBS.exportSweep]: async () => {},
        [JOBS.mailSweep]: async () => {},
        [JOBS.alarmSweep]: async () => {},
        [JOBS.partitionSweep]: async () => {},
      },
      () => {},
    );
    onTestFinished(() => jobs.stop());
    jobs.wake(JOBS.fiscalSweep, 'req-7f3a');
    for (let i = 0; i < 150 && !seen.some((ids) => ids.includes('req-7f3a')); i++) await delay(50);
    expect(seen.filter((ids) => ids.length > 0)).toEqual([['req-7f3a']]);
  });

  it('tells a run already waiting the requests whose wakes it absorbed', async () => {
    const database = await freshDatabase();
    onTestFinished(() => database.dispose());
    // The export queue's fetches wait at a gate: its first run stays queued ('created') meanwhile.
    const { promise: gate, settle: release } = signal();
    const held: typeof database = {
      ...database,
      async executeSql(text, values) {
        if (/for update skip locked/i.test(text) && values?.[0] === JOBS.exportSweep) await gate;
        return database.executeSql(text, values);
      },
    };
    const seen: string[][] = [];
    const idle = async () => {};
    const jobs = await startJobs(
      held,
      {
        [JOBS.fiscalSweep]: idle,
        [JOBS.exportSweep]: async ({ requestIds }: JobRun) => void seen.push(requestIds),
        [JOBS.mailSweep]: idle,
        [JOBS.alarmSweep]: idle,
        [JOBS.partitionSweep]: idle,
      },
      () => {},
    );
    onTestFinished(() => jobs.stop());
    jobs.wake(JOBS.exportSweep, 'req-first');
    const waiting = async () => {
      const { rows } = await database.executeSql(`select count(*)::int as n from pgboss.job where name = $1 and state = 'created'`, [
        JOBS.exportSweep,
      ]);
      return (rows[0] as { n: number }).n;
    };
    for (let i = 0; i < 100 && (await waiting()) === 0; i++) await delay(20);
    // Past the second between wakes: sent, refused (one waits), and told to the waiting run.
    await delay(1_100);
    jobs.wake(JOBS.exportSweep, 'req-second');
    await delay(300);
    expect(await waiting()).toBe(1);
    release();
    for (let i = 0; i < 150 && !seen.some((ids) => ids.includes('req-second')); i++) await delay(50);
    expect(seen.find((ids) => ids.length > 0)).toEqual(['req-first', 'req-second']);
  });
});
