import type { TelemetryEvent } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FiscalKeys } from '../../fiscal/keys.ts';
import { FISCAL_TEST_SECRET, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger } from '../../testing/fixtures.ts';
import { ingestBatch } from './telemetry.ingest.ts';
import { MONTHS_AHEAD, monthStart, retentionHorizon, sweepTelemetryPartitions } from './telemetry.partitions.ts';

// Raw events in monthly partitions (decision 0059, docs/rules.md "Retention of raw events"): a
// resent event is a duplicate whatever month its stored time fell in, a month is made ahead with what
// the default partition caught of it, and a retention drops whole months, never the rollups.
// The months are years ahead of the migration's own, so the tests make them and nothing else is there.
const t = await testApp();
const keys = new FiscalKeys(FISCAL_TEST_SECRET);

/** A device with its own logger, and a way to ingest its events as received at a given time. */
async function newLogger() {
  const { device, logger } = await createDeviceWithLogger(t);
  const loggerId = Number(logger['@id'].split('/').pop());
  return {
    deviceId: device.id,
    loggerId,
    send: (events: TelemetryEvent[], receivedAt: Date) => ingestBatch(t.db, keys, { id: loggerId, companyId: 1 }, events, receivedAt),
  };
}

/** A coin of `valueCents` as the logger sent it (validated: one coin). */
const coin = (seq: number, at: string, valueCents: number): TelemetryEvent => ({ seq, at, type: 'coin', valueCents, count: 1 });

const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute(query)) as unknown as { rows: T[] };

/** Where each of the logger's events is stored: its seq and its partition. */
const stored = async (loggerId: number) =>
  (
    await rows<{ seq: number; part: string }>(
      sql`select seq::int as seq, tableoid::regclass::text as part from telemetry_events where logger_id = ${loggerId} order by seq, part`,
    )
  ).rows;

describe('telemetry partitions', () => {
  it('counts the months in UTC and keeps the current month and the retention before it', () => {
    expect(monthStart(new Date('2031-12-31T23:30:00Z'), 1)).toBe('2032-01-01');
    expect(monthStart(new Date('2031-03-15T00:00:00Z'), -13)).toBe('2030-02-01');
    expect(retentionHorizon(new Date('2032-03-10T12:00:00Z'), 13)).toBe('2031-02-01');
    expect(retentionHorizon(new Date('2032-03-10T12:00:00Z'), null)).toBeNull();
  });

  it('makes the current month and the ones ahead, once', async () => {
    const first = await sweepTelemetryPartitions(t.db, new Date('2031-01-15T12:00:00Z'), null);
    expect(first.created).toEqual([
      'telemetry_events_2031_01',
      'telemetry_events_2031_02',
      'telemetry_events_2031_03',
      'telemetry_events_2031_04',
    ]);
    expect(first.created).toHaveLength(MONTHS_AHEAD + 1);
    expect((await sweepTelemetryPartitions(t.db, new Date('2031-01-16T12:00:00Z'), null)).created).toEqual([]);
  });

  it('acknowledges a resend as a duplicate when its clamped time falls in another month', async () => {
    const l = await newLogger();
    // A clock far ahead: the event is stored at its receipt time, the last minutes of January.
    const event = coin(1, '2031-06-01T00:00:00.000Z', 100);
    const first = await l.send([event], new Date('2031-01-31T23:58:00Z'));
    expect(first.accepted).toBe(1);
    // Resent in February: clamped again, it would be stored in February's partition, whose own index
    // does not know January's row. The lookup under the logger's lock does.
    const again = await l.send([event, coin(2, '2031-02-01T00:01:00.000Z', 100)], new Date('2031-02-01T00:02:00Z'));
    expect(again).toMatchObject({ accepted: 1, duplicateSeqs: [1], lastSeq: 2 });
    expect(await stored(l.loggerId)).toEqual([
      { seq: 1, part: 'telemetry_events_2031_01' },
      { seq: 2, part: 'telemetry_events_2031_02' },
    ]);
  });

  it('moves what the default partition caught into its month when the month is made', async () => {
    const l = await newLogger();
    // No partition for May 2036: the event goes to the default partition, and is still a duplicate once moved.
    const event = coin(1, '2036-05-10T08:00:00.000Z', 100);
    await l.send([event], new Date('2036-05-10T08:00:01Z'));
    expect(await stored(l.loggerId)).toEqual([{ seq: 1, part: 'telemetry_events_default' }]);
    const sweep = await sweepTelemetryPartitions(t.db, new Date('2036-05-10T09:00:00Z'), null);
    expect(sweep.created[0]).toBe('telemetry_events_2036_05');
    expect(await stored(l.loggerId)).toEqual([{ seq: 1, part: 'telemetry_events_2036_05' }]);
    expect((await l.send([event], new Date('2036-05-10T09:30:00Z'))).duplicateSeqs).toEqual([1]);
  });

  it('drops the months past the retention whole, and keeps the rollups', async () => {
    const l = await newLogger();
    await l.send([coin(1, '2031-01-10T10:00:00.000Z', 100), coin(2, '2031-02-10T10:00:00.000Z', 200)], new Date('2031-02-10T10:00:01Z'));
    const rollup = sql`select coalesce(sum(coins_cents), 0)::int as coins from device_daily where device_id = ${l.deviceId}`;
    expect((await rows<{ coins: number }>(rollup)).rows[0]?.coins).toBe(300);
    // 13 months kept before March 2032: February 2031 on.
    const sweep = await sweepTelemetryPartitions(t.db, new Date('2032-03-10T12:00:00Z'), 13);
    expect(sweep.dropped).toContain('telemetry_events_2031_01');
    expect(sweep.dropped).not.toContain('telemetry_events_2031_02');
    // Everything before the migration's month is older than the horizon: the old table goes whole.
    expect(sweep.dropped).toContain('telemetry_events_legacy');
    expect(await stored(l.loggerId)).toEqual([{ seq: 2, part: 'telemetry_events_2031_02' }]);
    expect((await rows<{ coins: number }>(rollup)).rows[0]?.coins).toBe(300);
    // Ingestion goes on over the partitions left.
    expect((await l.send([coin(3, '2032-03-10T12:00:00.000Z', 100)], new Date('2032-03-10T12:00:01Z'))).accepted).toBe(1);
  });
});
