import { addDays, businessDate, type VatBook } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { FiscalKeys } from '../fiscal/keys.ts';
import { FISCAL_TEST_SECRET, testApp } from '../testing/app.ts';
import { seedDemoBills } from './fiscal.ts';
import { DEMO_ISTRA_OIB, DEMO_ZABAVNI_OIB } from './seed.ts';

// The demo's bills by hand (demo/fiscal.ts) make the VAT book's this month and last month show every
// kind written by hand: bills at two rates and a storno (docs/rules.md, "VAT book"). The history adds
// the device bills and the top-ups of every month (demo/history.test.ts writes a part of it).

const t = await testApp();
await seedDemoBills(t.db, new FiscalKeys(FISCAL_TEST_SECRET), { zabavni: DEMO_ZABAVNI_OIB, istra: DEMO_ISTRA_OIB });

const bookOf = async (month: string) => {
  const res = await t.json<VatBook>('accountant', { url: `/api/v2/vat-book?month=${month}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('the demo’s bills by hand in the VAT book', () => {
  it('last month: a bill at 25 % and one at 13 %, a party’s rides cancelled by a storno', async () => {
    const last = addDays(`${businessDate().slice(0, 8)}01`, -1).slice(0, 7);
    const book = await bookOf(last);
    const line = (rate: number, kind: string) => book.lines.find((l) => l.vatRate === rate && l.kind === kind);
    // Early in a month this month's bills of 52 and 26 hours ago (and the storno of 50) fall in the last one too.
    expect(line(13, 'manual')).toMatchObject({ bills: 1, totalCents: 1130, vatCents: 130 });
    expect(line(25, 'manual')?.totalCents).toBeGreaterThanOrEqual(4500 + 1800);
    expect(line(25, 'storno')?.totalCents).toBeLessThanOrEqual(-1800);
    expect(book.reconciliation).toMatchObject({ unexplainedGrossCents: 0, unexplainedVatCents: 0 });
  });

  it('this month: the bills by hand and the storno of the first (issued 52 and 50 hours ago)', async () => {
    const book = await bookOf(businessDate().slice(0, 7));
    const manual = book.lines.find((l) => l.kind === 'manual' && l.vatRate === 25);
    const storno = book.lines.find((l) => l.kind === 'storno');
    // Early in a month the bills of 52 and 26 hours ago may fall in the one before: at least the latest is here.
    expect(manual?.bills).toBeGreaterThanOrEqual(1);
    if (businessDate(new Date(Date.now() - 50 * 3_600_000)).slice(0, 7) === book.month) expect(storno?.totalCents).toBe(-2500);
  });
});
