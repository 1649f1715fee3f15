import { describe, expect, it } from 'vitest';
import { alarmTrigger } from './alarm-trigger.ts';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the alarm trigger', () => {
  it('runs a burst of requests as one sweep shortly after the first', async () => {
    const runs: number[] = [];
    const started = performance.now();
    const trigger = alarmTrigger(
      async () => void runs.push(performance.now() - started),
      () => {},
      { delayMs: 50 },
    );
    for (let i = 0; i < 10; i++) trigger.request();
    await delay(150);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toBeGreaterThanOrEqual(45);
    await trigger.stop();
  });

  it('runs one at a time; requests during a run make exactly one more run after it', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const trigger = alarmTrigger(
      async () => {
        running++;
        most = Math.max(most, running);
        runs++;
        await delay(80);
        running--;
      },
      () => {},
      { delayMs: 10 },
    );
    trigger.request();
    await delay(30); // the first run is under way
    for (let i = 0; i < 5; i++) trigger.request();
    await delay(300);
    expect(runs).toBe(2);
    expect(most).toBe(1);
    await trigger.stop();
  });

  it('tries a failed sweep again (the other instance held the lock past the statement timeout), a few times at most', async () => {
    let runs = 0;
    const logged: string[] = [];
    const trigger = alarmTrigger(
      async () => {
        runs++;
        throw new Error('canceling statement due to statement timeout');
      },
      (message) => logged.push(message),
      { delayMs: 5, retryMs: 20 },
    );
    trigger.request();
    await delay(300);
    expect(runs).toBe(4); // the run and three retries; then the minute's schedule
    // The sweep logs each failure itself (app.ts's `traced`); the trigger says once that it gives up.
    expect(logged).toEqual(['alarm sweep failed 4 times in a row: the schedule every minute takes over']);
    await trigger.stop();
  });

  it('runs again when a run answers that it left work behind', async () => {
    let runs = 0;
    const trigger = alarmTrigger(
      async () => ({ more: ++runs < 3 }),
      () => {},
      { delayMs: 5 },
    );
    trigger.request();
    await delay(150);
    expect(runs).toBe(3);
    await trigger.stop();
  });

  it('stops: nothing runs after, and stop waits for the run under way', async () => {
    let finished = false;
    let runs = 0;
    const trigger = alarmTrigger(
      async () => {
        runs++;
        await delay(60);
        finished = true;
      },
      () => {},
      { delayMs: 1 },
    );
    trigger.request();
    await delay(20);
    trigger.request();
    await trigger.stop();
    expect(finished).toBe(true);
    trigger.request();
    await delay(50);
    expect(runs).toBe(1);
  });

  it('tells each run the requests that asked for it, once', async () => {
    const runs: string[][] = [];
    const trigger = alarmTrigger(
      async ({ requestIds }) => {
        runs.push(requestIds);
        await delay(60);
      },
      () => {},
      { delayMs: 10 },
    );
    trigger.request('req-1');
    trigger.request();
    trigger.request('req-2');
    await delay(30); // the first run is under way: the next asks are the next run's
    trigger.request('req-3');
    await delay(200);
    expect(runs).toEqual([['req-1', 'req-2'], ['req-3']]);
    await trigger.stop();
  });
});
