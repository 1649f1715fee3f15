import { type JobRun, MAX_REQUEST_IDS } from './queue.ts';

/** How long a request waits, so a burst of batches (a logger's, many loggers') is one sweep. */
export const ALARM_TRIGGER_DELAY_MS = 150;
/** After a failed run (the sweep's lock waited past the statement timeout, the database away): again this soon. */
export const ALARM_TRIGGER_RETRY_MS = 1_000;
/** Failures in a row after which the minute's schedule (the job queue's) takes over again. */
const RETRIES = 3;

export interface AlarmTrigger {
  /** Asks for a sweep soon, on this instance, for the request `requestId` names: never more than one waits and one runs. */
  request(requestId?: string): void;
  /** No more runs; resolves once the one under way has ended (before the database closes). */
  stop(): Promise<void>;
}

/**
 * Runs the alarm sweep on the instance that heard of a change (a telemetry batch, a verified deposit),
 * `ALARM_TRIGGER_DELAY_MS` after the first request, instead of through the job queue (a queue write,
 * then a worker's poll: a second or two). At most one run is in flight per instance; requests during a
 * run make one more run after it, so the last batch is always swept. Two instances never sweep
 * together: the sweep waits for the other's advisory lock, then reads what that one committed, so a
 * request is not lost to it; a run that fails (that wait passed the statement timeout) is tried again
 * after `ALARM_TRIGGER_RETRY_MS`, up to three times in a row. The queue's schedule every minute stays
 * the safety net (docs/rules.md "Alarms").
 */
export function alarmTrigger(
  /**
   * The sweep, told the requests that asked for this run (as the job queue's runs are, `JobRun`). It
   * logs its own failures: the trigger does not log them again.
   */
  sweep: (run: JobRun) => Promise<unknown>,
  /** Told when the trigger gives up retrying. */
  log: (message: string) => void,
  { delayMs = ALARM_TRIGGER_DELAY_MS, retryMs = ALARM_TRIGGER_RETRY_MS } = {},
): AlarmTrigger {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let stopped = false;
  // The requests that asked since the last run began: the next run is theirs.
  let askedBy = new Set<string>();

  const schedule = (ms: number) => {
    if (stopped || timer) return;
    timer = setTimeout(run, ms);
  };
  const run = () => {
    timer = null;
    if (stopped) return;
    const requestIds = [...askedBy];
    askedBy = new Set();
    running = sweep({ requestIds })
      .then(
        (result) => {
          failures = 0;
          // Left work behind (as the job queue's handlers say it): once more, soon.
          if ((result as { more?: boolean } | undefined)?.more) again = true;
        },
        () => {
          // The sweep logged its own failure (with the requests it ran for); what is said here is the
          // trigger's own choice, once: that it stops retrying.
          failures++;
          if (failures <= RETRIES) again = true;
          else {
            log(`alarm sweep failed ${failures} times in a row: the schedule every minute takes over`);
            failures = 0;
          }
        },
      )
      .finally(() => {
        running = null;
        if (!again) return;
        again = false;
        schedule(failures > 0 ? retryMs : delayMs);
      });
  };

  return {
    request(requestId) {
      if (stopped) return;
      if (requestId && askedBy.size < MAX_REQUEST_IDS) askedBy.add(requestId);
      if (running) again = true;
      else schedule(delayMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
