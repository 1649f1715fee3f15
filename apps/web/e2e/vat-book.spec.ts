import { readFileSync } from 'node:fs';
import { businessDate, type Collection, type Device, formatMoney, type VatBook } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, expectAccessible, followMenu, screenshot, sendTelemetry, signIn, USERS } from './support.ts';

// The VAT book (`/vat-book/list`, docs/rules.md "VAT book"): a month's bills by rate and kind, the VAT
// return's totals and the reconciliation with the finance report, at a desk's and a phone's width, in
// English and Croatian; the export is built on the server and downloads.

const month = businessDate().slice(0, 7);

/** A demo device with a logger at a location whose payments are fiscalized. */
async function fiscalDevice(page: Page, token: string) {
  const devices = await apiGet<Collection<Device>>(page.request, token, '/devices?order[name]=asc&itemsPerPage=200');
  const device = devices.member.find(
    (d): d is Device & { imei: string } => d.imei !== null && d.location !== null && d.fiscalizeApplied && !d.name.startsWith('E2E'),
  );
  if (!device) throw new Error('the demo data needs a fiscalizing device with a logger');
  return device;
}

for (const [language, words] of [
  ['en', { heading: 'VAT book', total: "Bills' total", finance: 'Finance report: gross revenue and VAT', storno: 'Storno bills' }],
  [
    'hr',
    { heading: 'Knjiga PDV-a', total: 'Ukupno računi', finance: 'Financijski izvještaj: bruto prihod i PDV', storno: 'Storno računi' },
  ],
] as const) {
  for (const width of [1280, 375]) {
    test(`${language}, ${width} px: the book's totals and its reconciliation are the API's`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      const { token } = await signIn(page, USERS.accountant);
      if (language === 'hr') await page.evaluate(() => localStorage.setItem('language', 'hr'));
      // A coin of 2 € on a fiscalizing machine: a device bill of this month beside the demo's bills by hand and their storno.
      const device = await fiscalDevice(page, token);
      await sendTelemetry(page.request, device.imei, [{ type: 'coin', valueCents: 200, count: 1 }]);
      const book = await apiGet<VatBook>(page.request, token, `/vat-book?month=${month}`);
      expect(book.lines.some((l) => l.kind === 'device')).toBe(true);
      expect(book.lines.some((l) => l.kind === 'storno' && l.totalCents < 0)).toBe(true);
      const rec = book.reconciliation;
      expect(rec.billsTotalCents + rec.lines.reduce((s, l) => s + l.grossCents, 0)).toBe(rec.financeGrossCents);

      await page.goto('/vat-book/list');
      await expect(page.getByRole('heading', { level: 1, name: words.heading })).toBeVisible();
      const figure = page.getByRole('region', { name: words.total, exact: true });
      await expect(figure).toContainText(formatMoney(book.totals.totalCents));
      const finance = page.getByRole('row', { name: new RegExp(`^${words.finance}`) });
      await expect(finance).toContainText(formatMoney(rec.financeGrossCents));
      await expect(finance).toContainText(formatMoney(rec.financeVatCents));
      await expect(page.getByRole('row', { name: new RegExp(`^25 %( ·)? ${words.storno}`) })).toBeVisible();
      await screenshot(page, `vat-book-${language}-${width}`);
      if (width === 1280) await expectAccessible(page);

      // The export: CSV built on the server, downloaded when done, named for the month.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: language === 'hr' ? 'Izvezi izvještaj' : 'Export report', exact: true }).click();
      await page.getByRole('menuitem', { name: 'CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(language === 'hr' ? /^knjiga-pdv-a-\d{4}-\d\d-01-/ : /^vat-book-\d{4}-\d\d-01-/);
      const text = readFileSync(await file.path(), 'utf8');
      expect(text).toContain(`;${words.heading}\r\n`);
    });
  }
}

test('the menu leads there under Bills; a worker has neither the entry nor the screen', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  await followMenu(page, 'Bills', 'VAT book');
  await expect(page).toHaveURL(/\/vat-book\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'VAT book' })).toBeVisible();

  await signIn(page, USERS.worker);
  await page.goto('/vat-book/list');
  await expect(page.getByRole('heading', { level: 1, name: 'VAT book' })).toBeHidden();
});
