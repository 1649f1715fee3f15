import type { FinanceReport, Location, RevenueReport } from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceDaily, deviceMonthly } from '../../db/schema/index.ts';
import { testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, type EventInput, firstOf, sendEvents, standsSince } from '../../testing/fixtures.ts';
import { loyaltyProgramme } from '../../testing/loyalty.ts';
import { rollupDisagreements } from '../../testing/rollups.ts';
import { recomputeRollupMoney } from './telemetry.service.ts';

// Revenue and VAT that follow the money (docs/rules.md, "Revenue and VAT"): card plays paid from a
// bonus are not revenue, and the VAT is each payment's as its bill states it, apart for what the
// machine billed and what was billed when the credit and tokens played were sold. Counted payment by
// payment at ingestion, and the same again from the events and the ledger (migration 0032).

const t = await testApp();
const home = await firstOf<Location>(t, '/api/v2/locations?name=Riva — caffe');
const programme = await loyaltyProgramme(t, ' money');

/** Zagreb: UTC+2 until 25 October 2026. 21:30 UTC on 30 September is 23:30 there, 22:30 UTC is 00:30 on 1 October. */
const at = (iso: string) => `${iso}Z`;

async function setUp() {
  const { device, logger } = await createDeviceWithLogger(t, { location: home['@id'], playPriceCents: 100, tokenValueCents: 100 });
  await standsSince(t, [device], new Date('2026-09-01T00:00:00Z'));
  const card = await programme.card();
  // 3 € of paid credit and 5 € of bonus: the paid credit is spent first.
  const credit = await t.json('manager', {
    method: 'POST',
    url: '/api/v2/card-transactions',
    payload: { card: card['@id'], paidCents: 300, bonusCents: 500, note: 'opening credit' },
  });
  expect(credit.status, JSON.stringify(credit.body)).toBe(201);
  const events: EventInput[] = [
    { seq: 1, at: at('2026-09-30T21:00:00'), type: 'coin', valueCents: 125, count: 2 },
    // 2 € from the paid credit, on 30 September in Zagreb.
    { seq: 2, at: at('2026-09-30T21:30:00'), type: 'card', cardUid: card.uid, valueCents: 200 },
    // 2,50 €: the last 1 € of paid credit and 1,50 € of bonus, on 1 October in Zagreb (a new month).
    { seq: 3, at: at('2026-09-30T22:30:00'), type: 'card', cardUid: card.uid, valueCents: 250 },
    { seq: 4, at: at('2026-10-01T09:00:00'), type: 'note', valueCents: 1000 },
    // 2 € of bonus alone.
    { seq: 5, at: at('2026-10-01T10:00:00'), type: 'card', cardUid: card.uid, valueCents: 200 },
    { seq: 6, at: at('2026-10-01T11:00:00'), type: 'cashless', valueCents: 333 },
    { seq: 7, at: at('2026-10-01T12:00:00'), type: 'token', count: 3 },
    // A card the company does not have: its credit was sold elsewhere, so all of it is paid.
    { seq: 8, at: at('2026-10-01T12:30:00'), type: 'card', cardUid: 'FFEE0000', valueCents: 120 },
    // A test play on the card in service mode: the card pays it (from its bonus), the revenue does not count it.
    { seq: 9, at: at('2026-10-01T13:00:00'), type: 'service_mode', on: true },
    { seq: 10, at: at('2026-10-01T13:05:00'), type: 'card', cardUid: card.uid, valueCents: 100 },
    { seq: 11, at: at('2026-10-01T13:10:00'), type: 'service_mode', on: false },
  ];
  expect(await sendEvents(t, logger, events)).toMatchObject({ accepted: events.length });
  return { device };
}

const money = (deviceId: number) =>
  t.db
    .select({
      day: deviceDaily.day,
      cardCents: deviceDaily.cardCents,
      cardBonusCents: deviceDaily.cardBonusCents,
      vatCents: deviceDaily.vatCents,
      saleVatCents: deviceDaily.saleVatCents,
      testCents: deviceDaily.testCents,
    })
    .from(deviceDaily)
    .where(eq(deviceDaily.deviceId, deviceId))
    .orderBy(deviceDaily.day);

describe('revenue and VAT that follow the money', () => {
  it('counts bonus card plays apart and each payment’s VAT as its bill states it, by Zagreb’s day and month', async () => {
    const { device } = await setUp();
    expect(await money(device.id)).toEqual([
      // 2,50 € in coins: VAT 0,50 €; 2 € of paid card credit: its VAT was charged at the top-up, 0,40 €.
      { day: '2026-09-30', cardCents: 200, cardBonusCents: 0, vatCents: 50, saleVatCents: 40, testCents: 0 },
      // Cards: 1 € + 0 € + 1,20 € paid, 1,50 € + 2 € bonus. VAT billed here: 10 € note 2 €, 3,33 € cashless
      // 0,67 € (3,33 − 2,66). At sale: 1 € → 0,20 €, 1,20 € → 0,24 €, 3 tokens of 1 € → 0,60 €.
      { day: '2026-10-01', cardCents: 220, cardBonusCents: 350, vatCents: 267, saleVatCents: 104, testCents: 100 },
    ]);
    const months = await t.db
      .select({ month: deviceMonthly.month, cardCents: deviceMonthly.cardCents, cardBonusCents: deviceMonthly.cardBonusCents })
      .from(deviceMonthly)
      .where(eq(deviceMonthly.deviceId, device.id))
      .orderBy(deviceMonthly.month);
    expect(months).toEqual([
      { month: '2026-09-01', cardCents: 200, cardBonusCents: 0 },
      { month: '2026-10-01', cardCents: 220, cardBonusCents: 350 },
    ]);
    expect(await rollupDisagreements(t.db)).toEqual([]);

    // The reports: the bonus beside the revenue, never in it; VAT and the VAT charged at sale apart, net less both.
    const revenue = await t.json<RevenueReport>('manager', { url: `/api/v2/revenue?from=2026-09-30&to=2026-10-01&device=${device.id}` });
    expect(revenue.body.totals).toMatchObject({ cardCents: 420, cardBonusCents: 350, revenueCents: 250 + 200 + 1000 + 220 + 333 + 300 });
    const finance = await t.json<FinanceReport>('manager', {
      url: `/api/v2/finance-report?subject=device&from=2026-09-30&to=2026-10-01&period=day&device=${device.id}`,
    });
    expect(finance.status, JSON.stringify(finance.body)).toBe(200);
    expect(finance.body.totals).toMatchObject({
      grossCents: 2303,
      vatCents: 317,
      saleVatCents: 144,
      netCents: 2303 - 317 - 144,
      cardBonusCents: 350,
    });
    const [september, october] = finance.body.rows;
    expect(september).toMatchObject({ grossCents: 450, vatCents: 50, saleVatCents: 40, netCents: 360 });
    expect(october).toMatchObject({ grossCents: 1853, vatCents: 267, saleVatCents: 104, netCents: 1482 });
  });

  it('is computed again from the events and the card ledger to the same cents (the migration that put the columns in)', async () => {
    const { device } = await setUp();
    const counted = await money(device.id);
    // As before the migration: every card play in card_cents, no VAT.
    for (const table of ['device_daily', 'device_monthly', 'location_daily', 'location_monthly'])
      await t.db.execute(
        sql.raw(`update ${table} set card_cents = card_cents + card_bonus_cents, card_bonus_cents = 0, vat_cents = 0, sale_vat_cents = 0`),
      );
    expect((await money(device.id)).map((r) => r.cardBonusCents)).toEqual([0, 0]);
    await recomputeRollupMoney(t.db);
    expect(await money(device.id)).toEqual(counted);
    expect(await rollupDisagreements(t.db)).toEqual([]);
  });
});
