import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';

/** The background jobs (decision 0017): each a queue of pg-boss, on the app's own database. */
export const JOBS = {
  /** Sends the bills that are due to CIS; every minute, and at once after bills are issued. */
  fiscalSweep: 'fiscal-sweep',
  /** Builds the exports asked for (decision 0021); every minute (a dead server's export), and at once when one is asked for. */
  exportSweep: 'export-sweep',
  /** Composes the e-mails that are due into the outbox and sends it (decision 0025); every minute. */
  mailSweep: 'mail-sweep',
  /** Raises and resolves the alarms (docs/rules.md "Alarms"); every minute, and at once after what may change them. */
  alarmSweep: 'alarm-sweep',
  /**
   * Makes the months of raw telemetry ahead and drops those past the retention (decision 0059); every
   * hour, and at start. Its work changes once a month: a minute's schedule would be DDL checks for nothing.
   */
  partitionSweep: 'telemetry-partitions',
} as const;
type JobName = (typeof JOBS)[keyof typeof JOBS];

/** When each job runs unless woken (cron): every minute, but the partitions' sweep hourly. */
const SCHEDULES: Record<JobName, string> = {
  [JOBS.fiscalSweep]: '* * * * *',
  [JOBS.exportSweep]: '* * * * *',
  [JOBS.mailSweep]: '* * * * *',
  [JOBS.alarmSweep]: '* * * * *',
  [JOBS.partitionSweep]: '17 * * * *',
};

export interface Jobs {
  /**
   * Asks for a run soon (at most one waits: further asks while one waits add nothing), for the request
   * `requestId` names: the run is told the ids of the requests that asked for it.
   */
  wake(name: JobName, requestId?: string): void;
  stop(): Promise<void>;
}

/** What a run is told: the requests that woke it (`X-Request-Id`), none for the minute's schedule. */
export interface JobRun {
  requestIds: string[];
}

/** The request ids a run carries at most: a burst of wakes is one run, its first ids are enough to follow it. */
export const MAX_REQUEST_IDS = 20;

/**
 * Starts pg-boss 10 on the app's database (PostgreSQL through the pool, PGlite through its one
 * connection: `Database.executeSql`), creates the queues, schedules them and starts their workers.
 * A queue of policy `stately` holds at most one waiting and one running job, so wakes coalesce.
 */
export async function startJobs(
  database: Database,
  /** A handler that answers `{ more: true }` left work behind: the job is woken again at once. */
  handlers: Record<JobName, (run: JobRun) => Promise<unknown>>,
  log: (message: string, error?: unknown) => void,
): Promise<Jobs> {
  // The queries pg-boss has under way and the handlers running: `stop` waits for both (see there).
  let busy = 0;
  let stopped = false;
  const track = async <T>(work: () => Promise<T>): Promise<T> => {
    busy++;
    try {
      return await work();
    } finally {
      busy--;
    }
  };
  const boss = new PgBoss({
    db: { executeSql: (text, values) => track(() => database.executeSql(text, values)) },
    schema: 'pgboss',
    // Finished jobs are kept a day, for a look at what ran.
    deleteAfterDays: 1,
    // Expiry is checked every 30 s: a job whose server died (kill -9, power) is given up and retried
    // within two minutes, rather than holding its `stately` queue for the default 15 minutes.
    maintenanceIntervalSeconds: 30,
  });
  boss.on('error', (error) => log('job queue error', error));
  await boss.start();
  for (const [name, handler] of Object.entries(handlers) as [JobName, (run: JobRun) => Promise<unknown>][]) {
    // A run is bounded by its handler (the sender's 45 s budget); 90 s later it counts as dead.
    const queue = { name, policy: 'stately' as const, retryLimit: 3, retryDelay: 10, expireInSeconds: 90 };
    await boss.createQueue(name, queue);
    // A queue made by an earlier version keeps its options unless they are set again.
    await boss.updateQueue(name, queue);
    // A run left active by a server that died (kill -9) would hold the `stately` queue until it
    // expires: it is failed now, and retried. Were another server's run still going, the two sweep
    // side by side, which the sender allows (it claims with `skip locked`).
    const { rows } = await database.executeSql(`select id from pgboss.job where name = $1 and state = 'active'`, [name]);
    for (const { id } of rows as { id: string }[]) await boss.fail(name, id, { reason: 'left active by a stopped server' });
    await boss.schedule(name, SCHEDULES[name]);
    await boss.work<{ requestIds?: string[] }>(name, { pollingIntervalSeconds: 1 }, ([job]) =>
      track(async () => {
        // Fetched while stopping (see `stop`): left to the next start's schedule.
        if (stopped) return;
        const result = await handler({ requestIds: job?.data?.requestIds ?? [] });
        if ((result as { more?: boolean } | undefined)?.more && !stopped) send(name);
      }),
    );
  }
  // A wake per telemetry batch would be a queue write per batch: at most one a second per job, and a
  // wake within that second is sent at its end (so the bills of the latest batch are not left for the
  // minute's schedule).
  const lastWake = new Map<JobName, number>();
  const trailing = new Map<JobName, NodeJS.Timeout>();
  // The requests that asked since the last send: they go with the next one.
  const askedBy = new Map<JobName, Set<string>>();
  const send = (name: JobName) => {
    lastWake.set(name, Date.now());
    const requestIds = [...(askedBy.get(name) ?? [])];
    askedBy.delete(name);
    queue(name, requestIds).catch((error: unknown) => log(`could not queue ${name}`, error));
  };
  // A run of a `stately` queue already waiting refuses another (`send` answers null): that run does
  // this work, so it is told these requests too. Were it fetched in between, one more run is queued.
  const queue = async (name: JobName, requestIds: string[]) => {
    if ((await boss.send(name, { requestIds })) !== null || requestIds.length === 0) return;
    const { rows } = await track(() =>
      database.executeSql(
        `update pgboss.job set data = jsonb_set(coalesce(data, '{}'::jsonb), '{requestIds}',
           (coalesce(data -> 'requestIds', '[]'::jsonb) || $2::jsonb)) where name = $1 and state = 'created' returning id`,
        [name, JSON.stringify(requestIds)],
      ),
    );
    if (rows.length === 0) await boss.send(name, { requestIds });
  };
  return {
    wake: (name, requestId) => {
      if (stopped) return;
      if (requestId) {
        const ids = askedBy.get(name) ?? new Set<string>();
        if (ids.size < MAX_REQUEST_IDS) ids.add(requestId);
        askedBy.set(name, ids);
      }
      if (trailing.has(name)) return;
      const wait = 1000 - (Date.now() - (lastWake.get(name) ?? 0));
      if (wait <= 0) return send(name);
      trailing.set(
        name,
        setTimeout(() => {
          trailing.delete(name);
          if (!stopped) send(name);
        }, wait),
      );
    },
    stop: async () => {
      stopped = true;
      for (const timer of trailing.values()) clearTimeout(timer);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      // pg-boss 10's graceful stop waits for the jobs its workers hold, not for a fetch under way: a
      // job fetched just after would run, and be completed (unawaited inside pg-boss), on a database
      // the caller is closing ("Cannot use a pool after calling end", an unhandled rejection). So the
      // stop ends only when every query pg-boss started and every handler has settled. A fetched
      // job's handler starts in the same tick as its fetch ends, so a check a timer later sees it.
      const deadline = Date.now() + 10_000;
      do await new Promise((resolve) => setTimeout(resolve, 20));
      while (busy > 0 && Date.now() < deadline);
    },
  };
}
