import { readFileSync } from 'node:fs';
import path from 'node:path';
import { businessDate, type Collection, type Device, type ExportItem, type FinanceReport } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, expectAccessible, screenshot, sendTelemetry, signIn, USERS } from './support.ts';

// Exports built on the server (decision 0021): the finance screen's "Export" menu asks for the file,
// a progress panel follows the build (over a reload too) and the file downloads when it is done.

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** A demo device with a logger at a location (not one another test made). */
async function demoDevice(page: Page, token: string) {
  const devices = await apiGet<Collection<Device>>(page.request, token, '/devices?order[name]=asc&itemsPerPage=200');
  const device = devices.member.find(
    (d): d is Device & { imei: string; location: string; locationName: string } =>
      d.imei !== null && d.location !== null && d.locationName !== null && !d.name.startsWith('E2E'),
  );
  if (!device) throw new Error('the demo data needs a device with a logger at a location');
  return device;
}

test('CSV from the finance screen: the progress shows, the file downloads with the API’s figures, and it survives a reload', async ({
  page,
}) => {
  const { token } = await signIn(page, USERS.manager);
  const device = await demoDevice(page, token);
  await sendTelemetry(page.request, device.imei, [{ type: 'coin', valueCents: 200, count: 4 }]);
  const to = businessDate();
  const from = `${to.slice(0, 8)}01`;
  const answer = await apiGet<FinanceReport>(
    page.request,
    token,
    `/finance-report?subject=location&from=${from}&to=${to}&itemsPerPage=200`,
  );
  const line = answer.rows.find((r) => r.subject === device.location);
  expect(line?.grossCents).toBeGreaterThanOrEqual(800);

  // The first look at the export says it is being built, 40 % done: the panel shows its progress bar.
  let held = true;
  await page.route(/\/api\/v2\/exports\/\d+(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    if (!held) return route.fulfill({ response });
    held = false;
    const item = (await response.json()) as ExportItem;
    await route.fulfill({ response, json: { ...item, status: 'running', progress: 40, file: null } });
  });

  await page.goto('/finance-report/location');
  await expect(page.getByRole('heading', { level: 1, name: 'Finance report by location' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export report', exact: true }).click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const panel = page.getByTestId('export-progress');
  await expect(panel.getByText('CSV: being built, 40 %')).toBeVisible();
  await expect(panel.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '40');

  // Done: the file arrives by itself, named for the report and its range.
  const file = await download;
  expect(file.suggestedFilename()).toBe(`finance-report-by-location-${from}-${to}.csv`);
  const saved = path.join(test.info().outputDir, file.suggestedFilename());
  await file.saveAs(saved);
  const text = readFileSync(saved, 'utf8');
  // What it holds (decision 0042), then the header row after an empty line.
  expect(text.startsWith('\uFEFFCompany;')).toBe(true);
  expect(text).toContain('\r\nReport;Finance report by location\r\n');
  expect(text).toContain('\r\nFilters;None: every row\r\n');
  expect(text).toContain('\r\n\r\nPeriod;From;To;Location;Gross revenue;Net revenue;VAT;');
  const row = text.split('\r\n').find((l) => l.split(';')[3] === device.locationName);
  // Gross, net, the VAT of the machines' bills and the VAT charged at sale, rent, the operator's share.
  expect(row?.split(';').slice(4, 10)).toEqual(
    [
      line?.grossCents ?? 0,
      line?.netCents ?? 0,
      line?.vatCents ?? 0,
      line?.saleVatCents ?? 0,
      line?.rentCents ?? 0,
      line?.shareCents ?? 0,
    ].map(euros),
  );
  expect(text.split('\r\n').at(-2)?.split(';')[4]).toBe(euros(answer.totals.grossCents));
  await expect(panel.getByText(/^CSV is ready \(\d+ lines\) and was downloaded\.$/)).toBeVisible();
  await expectAccessible(page);

  // A reload keeps the panel (and does not download again); the exports page lists the file.
  let again = false;
  page.on('download', () => {
    again = true;
  });
  await page.reload();
  await expect(page.getByTestId('export-progress').getByText(/^CSV is ready/)).toBeVisible();
  await page.getByRole('button', { name: 'Export report', exact: true }).click();
  await page.getByRole('menuitem', { name: 'All my exports' }).click();
  await expect(page).toHaveURL(/\/finance-report\/export$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Exports' })).toBeVisible();
  const card = page.getByTestId('export-card').first();
  await expect(card.getByText('Ready')).toBeVisible();
  await expect(card.getByText('CSV', { exact: true })).toBeVisible();
  expect(again).toBe(false);
  const second = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download' }).click();
  expect((await second).suggestedFilename()).toBe(file.suggestedFilename());
  await expectAccessible(page);
});

test('the exports page asks for an XLSX of a report and lists it; a worker cannot reach it', async ({ page }) => {
  const { token } = await signIn(page, USERS.accountant);
  const device = await demoDevice(page, token);
  await page.goto('/finance-report/export');
  await page
    .getByRole('textbox', { name: 'Report', exact: true })
    .or(page.getByRole('combobox', { name: 'Report', exact: true }))
    .click();
  await page.getByRole('option', { name: 'By device', exact: true }).click();
  // Narrowed to a location, as the report's screen would be.
  const location = page
    .getByRole('textbox', { name: 'Location', exact: true })
    .or(page.getByRole('combobox', { name: 'Location', exact: true }));
  await location.click();
  await location.fill(device.locationName);
  await page.getByRole('option', { name: device.locationName, exact: true }).click();
  await page.getByRole('radio', { name: 'XLSX (Excel)' }).check({ force: true });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  // Narrowed to a location: the name says it is filtered, the list names the location.
  expect((await download).suggestedFilename()).toMatch(/^finance-report-by-device-filtered-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByTestId('export-card').first().getByText('Finance report by device')).toBeVisible();
  await expect(page.getByTestId('export-card').first().getByTestId('export-filters')).toHaveText(
    `Filters: Location: ${device.locationName}`,
  );
  const mine = await apiGet<Collection<ExportItem>>(page.request, token, '/exports');
  expect(mine.member[0]?.params).toMatchObject({ subject: 'device', location: device.location });
  await expectAccessible(page);

  const worker = await page.context().newPage();
  await signIn(worker, USERS.worker);
  await worker.goto('/finance-report/export');
  await expect(worker.getByRole('heading', { name: 'Exports' })).toHaveCount(0);
});

test('the exports page and the progress of a PDF, at 1280 and 375 px, in English and Croatian', async ({ page }) => {
  await signIn(page, USERS.manager);
  // A PDF asked for from the screen: the panel that follows it shows on the screenshots.
  await page.goto('/finance-report/location');
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export report', exact: true }).click();
  await page.getByRole('menuitem', { name: 'PDF' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/^finance-report-by-location-.*\.pdf$/);
  for (const language of ['en', 'hr'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/finance-report/export');
      await expect(page.getByTestId('export-card').first()).toBeVisible();
      await screenshot(page, `exports-${language}-${width}`);
      await page.goto('/finance-report/location');
      await expect(page.getByTestId('export-progress').first()).toBeVisible();
      await screenshot(page, `finance-${language}-${width}`, false);
    }
  }
});
