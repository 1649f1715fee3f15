import { createPrivateKey } from 'node:crypto';
import { businessDate, type Location } from '@kovanica/contract';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bills, fiscalCertificates } from '../../db/schema/index.ts';
import { openPrivateKey } from '../../fiscal/certificates.ts';
import { computeZki } from '../../fiscal/zki.ts';
import { FISCAL_TEST_SECRET, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, type EventInput, firstOf, sendBatch, sendEvents } from '../../testing/fixtures.ts';

const t = await testApp();
const home = await firstOf<Location>(t, '/api/v2/locations?name=Riva — caffe');
/**
 * Minutes before now, for the payments of the last hour, which these tests expect numbered in one
 * year. In the first hour of a year in Zagreb (it starts at 23:00 UTC) they are counted back from the
 * minute before it instead; the turn of the year itself is the test "starts again from 1".
 */
const newYear = Date.UTC(Number(businessDate().slice(0, 4)) - 1, 11, 31, 23);
const end = Date.now() - newYear < 3_600_000 ? newYear - 60_000 : Date.now();
const minutesAgo = (m: number) => new Date(end - m * 60_000).toISOString();
let isu = 900;

/** A device with its own logger and ISU number at a demo location whose payments are fiscalized. */
async function fiscalDevice(overrides: Record<string, unknown> = {}) {
  isu += 1;
  return createDeviceWithLogger(t, { location: home['@id'], isuNumber: String(isu), ...overrides });
}

const billsOf = (deviceId: number) =>
  t.db.select().from(bills).where(eq(bills.deviceId, deviceId)).orderBy(asc(bills.year), asc(bills.number));

describe('bills issued with the payments', () => {
  it('bills coins, notes and cashless payments, not tokens, card credit or plays in service mode, numbered in time order', async () => {
    const { device, logger } = await fiscalDevice();
    expect(home.fiscalization).toBe(true);
    await sendEvents(t, logger, [
      { seq: 1, at: minutesAgo(50), type: 'coin', valueCents: 100, count: 2 },
      { seq: 2, at: minutesAgo(40), type: 'note', valueCents: 500 },
      { seq: 3, at: minutesAgo(30), type: 'token', count: 1 },
      { seq: 4, at: minutesAgo(25), type: 'card', valueCents: 300, cardUid: 'A1B2C3D4' },
      { seq: 5, at: minutesAgo(20), type: 'service_mode', on: true },
      { seq: 6, at: minutesAgo(19), type: 'coin', valueCents: 200 },
      { seq: 7, at: minutesAgo(18), type: 'service_mode', on: false },
      // Sent out of order: numbered by the time of payment.
      { seq: 9, at: minutesAgo(5), type: 'coin', valueCents: 50 },
      { seq: 8, at: minutesAgo(10), type: 'cashless', valueCents: 400 },
    ] as EventInput[]);
    const issued = await billsOf(device.id);
    expect(issued.map((b) => [b.seq, b.number, b.totalCents, b.payment])).toEqual([
      [1, 1, 200, 'G'],
      [2, 2, 500, 'G'],
      [8, 3, 400, 'K'],
      [9, 4, 50, 'G'],
    ]);
    const first = issued[0];
    if (!first) throw new Error('no bill');
    expect(first).toMatchObject({
      kind: 'device',
      premises: home.premisesLabel,
      isu: String(isu),
      inVatSystem: true,
      vatRate: 25,
      jir: null,
    });
    // 25 % VAT inside 2,00 €: 1,60 € net and 0,40 € tax.
    expect([first.vatBaseCents, first.vatCents]).toEqual([160, 40]);
    const [certificate] = await t.db.select().from(fiscalCertificates).where(eq(fiscalCertificates.id, first.certificateId));
    if (!certificate) throw new Error('no certificate');
    const key = createPrivateKey(openPrivateKey(certificate.privateKeySealed, FISCAL_TEST_SECRET));
    for (const bill of issued) {
      expect(bill.zki).toBe(
        computeZki(
          {
            oib: bill.oib,
            issuedAt: bill.issuedAt,
            number: bill.number,
            premises: bill.premises,
            isu: bill.isu,
            totalCents: bill.totalCents,
          },
          key,
        ),
      );
    }
  });

  it('issues nothing twice for a batch sent again, and numbers on without a gap', async () => {
    const { device, logger } = await fiscalDevice();
    const batch = [
      { seq: 1, at: minutesAgo(30), type: 'coin', valueCents: 100 },
      { seq: 2, at: minutesAgo(29), type: 'coin', valueCents: 100 },
    ] as EventInput[];
    await sendEvents(t, logger, batch);
    await sendEvents(t, logger, batch);
    await sendEvents(t, logger, [...batch, { seq: 3, at: minutesAgo(28), type: 'coin', valueCents: 100 }] as EventInput[]);
    expect((await billsOf(device.id)).map((b) => [b.seq, b.number])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it('numbers concurrent batches of one device without a gap or a repeat', async () => {
    const { device, logger } = await fiscalDevice();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, b) =>
        sendBatch(
          t,
          logger,
          Array.from({ length: 5 }, (_, i) => ({
            seq: b * 5 + i + 1,
            at: minutesAgo(60 - b * 5 - i),
            type: 'coin',
            valueCents: 100,
          })) as EventInput[],
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const numbers = (await billsOf(device.id)).map((b) => b.number);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('starts again from 1 in a new year in Zagreb', async () => {
    const { device, logger } = await fiscalDevice({ fiscalize: 'on', premisesLabel: 'YEAR1' });
    await sendEvents(t, logger, [
      // 31.12.2025 23:59 and 01.01.2026 00:01 in Zagreb (UTC+1).
      { seq: 1, at: '2025-12-31T22:59:00Z', type: 'coin', valueCents: 100 },
      { seq: 2, at: '2025-12-31T23:01:00Z', type: 'coin', valueCents: 100 },
      { seq: 3, at: '2025-12-31T23:02:00Z', type: 'coin', valueCents: 100 },
    ] as EventInput[]);
    expect((await billsOf(device.id)).map((b) => [b.year, b.number, b.premises])).toEqual([
      [2025, 1, 'YEAR1'],
      [2026, 1, 'YEAR1'],
      [2026, 2, 'YEAR1'],
    ]);
  });

  it('bills nothing where fiscalization is off or the ISU number is missing', async () => {
    const off = await fiscalDevice({ fiscalize: 'off' });
    const noIsu = await fiscalDevice({ isuNumber: null });
    for (const { logger } of [off, noIsu])
      await sendEvents(t, logger, [{ seq: 1, at: minutesAgo(5), type: 'coin', valueCents: 100 }] as EventInput[]);
    expect(await billsOf(off.device.id)).toEqual([]);
    expect(await billsOf(noIsu.device.id)).toEqual([]);
  });
});
