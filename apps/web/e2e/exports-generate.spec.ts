import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  addDays,
  businessDate,
  type Collection,
  type Device,
  daysBetween,
  type ExportItem,
  formatDate,
  formatDateTime,
  type Transaction,
} from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, expectAccessible, screenshot, sendTelemetry, signIn, USERS } from './support.ts';

// `/exports/generate` (decision 0026): any list as a file built on the server, with its
// progress in the list of the user's exports (over a reload too), then downloaded.

const noOverflow = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

test('transactions of a device as CSV: progress, then the file holds the list’s rows', async ({ page }) => {
  test.setTimeout(180_000);
  const { token } = await signIn(page, USERS.manager);
  const devices = await apiGet<Collection<Device>>(page.request, token, '/devices?order[name]=asc&itemsPerPage=200');
  const device = devices.member.find((d): d is Device & { imei: string } => d.imei !== null && !d.name.startsWith('E2E'));
  if (!device) throw new Error('the demo data needs a device with a logger');
  await sendTelemetry(page.request, device.imei, [
    { type: 'coin', valueCents: 100, count: 2 },
    { type: 'coin', valueCents: 200, count: 1 },
  ]);
  // The first look at the list says the new export is being built, 40 % done.
  let held = true;
  await page.route(/\/api\/v2\/exports(\?.*)?$/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as Collection<ExportItem>;
    const first = body.member[0];
    if (!held || !first || first.kind !== 'transactions') return route.fulfill({ response, json: body });
    held = false;
    await route.fulfill({
      response,
      json: { ...body, member: [{ ...first, status: 'running', progress: 40, file: null }, ...body.member.slice(1)] },
    });
  });

  await page.goto('/exports/generate');
  await expect(page.getByRole('heading', { level: 1, name: 'Export data' })).toBeVisible();
  // The range is the month to date (the screen's default); the device is picked by its name.
  await page.getByRole('combobox', { name: 'Data set' }).click();
  await page.getByRole('option', { name: 'Transactions', exact: true }).click();
  await page.getByText('CSV', { exact: true }).click();
  await page
    .getByRole('textbox', { name: 'Device', exact: true })
    .or(page.getByRole('combobox', { name: 'Device', exact: true }))
    .fill(device.name);
  await page.getByRole('option', { name: device.name, exact: true }).first().click();
  await page.getByRole('button', { name: 'Export', exact: true }).click();

  const card = page.getByTestId('export-card').first();
  await expect(card.getByText('Transactions', { exact: true })).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '40');
  await screenshot(page, 'exports-generate-running');
  // Built: ready, with its size and expiry, downloaded from the list.
  await expect(card.getByText('Ready')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(/lines · kept until .* · \d+ kB$/)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('export-card').first().getByText('Ready')).toBeVisible();
  const download = page.waitForEvent('download');
  await page
    .getByTestId('export-card')
    .first()
    .getByRole('button', { name: /^Download/ })
    .click();
  const file = await download;
  // Named in the user's language, filtered (a device), by the Zagreb day it was asked for.
  expect(file.suggestedFilename()).toMatch(/^transactions-filtered-\d{4}-\d{2}-\d{2}\.csv$/);
  const saved = path.join(test.info().outputDir, file.suggestedFilename());
  await file.saveAs(saved);
  const all = readFileSync(saved, 'utf8').slice(1).split('\r\n').slice(0, -1);
  // What it holds first (decision 0042): five lines, an empty one, then the header row.
  expect(all.slice(0, 5).map((l) => l.split(';')[0])).toEqual(['Company', 'Report', 'Period', 'Filters', 'Made']);
  expect(all[1]).toBe('Report;Transactions');
  expect(all[3]).toBe(`Filters;Device: ${device.name}`);
  expect(all[5]).toBe('');
  const lines = all.slice(6);
  expect(lines[0]).toBe('Time;Device;Location;Type;Amount;Count;Test play;Sequence number');
  // The list's own answer for the export's filters (the device, the month to date as instants).
  const made = await apiGet<Collection<ExportItem>>(page.request, token, '/exports?itemsPerPage=1');
  const params = made.member[0]?.params as Record<string, string>;
  expect(params.device).toBe(device['@id']);
  const rows = await apiGet<Collection<Transaction>>(page.request, token, `/transactions?itemsPerPage=200&${new URLSearchParams(params)}`);
  expect(rows.member.length).toBeGreaterThanOrEqual(2);
  const written = lines.slice(1, 1 + rows.member.length);
  expect(written.map((l) => l.split(';')[0])).toEqual(rows.member.map((tx) => formatDateTime(tx.at)));
  expect(written.every((l) => l.split(';')[1] === device.name)).toBe(true);
  // The totals: revenue without test plays first, then a line per type.
  expect(lines[1 + rows.member.length]?.startsWith('Revenue (without test plays);')).toBe(true);
  expect(lines.slice(2 + rows.member.length).every((l) => /^(Total: |Test plays \(not revenue\);)/.test(l))).toBe(true);
  // The list says the same: the company, the device by name, who asked.
  await expect(card.getByTestId('export-filters')).toHaveText(`Filters: Device: ${device.name}`);
  await expect(card.getByTestId('export-company')).toContainText('OIB');
  await expectAccessible(page);
});

for (const [width, language] of [
  [1280, 'en'],
  [375, 'en'],
  [1280, 'hr'],
  [375, 'hr'],
] as const) {
  test(`the screen at ${width} px in ${language}: axe clean, no wider than the screen`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page, USERS.manager);
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await page.goto('/exports/generate');
    await expect(page.getByRole('heading', { level: 1, name: language === 'en' ? 'Export data' : 'Izvoz podataka' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('heading', { level: 2, name: language === 'en' ? 'My exports' : 'Moji izvozi' })).toBeVisible();
    await expectAccessible(page);
    await noOverflow(page);
    await screenshot(page, `exports-generate-${width}-${language}`);
    await context.close();
  });
}

test('the empty list, and who may not come: a worker', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, USERS.accountant);
  await page.goto('/exports/generate');
  await expect(page.getByRole('heading', { level: 1, name: 'Export data' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('No exports in the last 7 days.')).toBeVisible();
  await context.close();
  const other = await browser.newContext();
  const worker = await other.newPage();
  await signIn(worker, USERS.worker);
  await worker.goto('/exports/generate');
  await expect(worker.getByRole('heading', { level: 1, name: 'Export data' })).toHaveCount(0);
  await other.close();
});

test('a report as a data set: the comparative analysis by location as a PDF, with its second range from a preset', async ({ page }) => {
  test.setTimeout(120_000);
  const { token } = await signIn(page, USERS.manager);
  await page.goto('/exports/generate');
  await expect(page.getByRole('heading', { level: 1, name: 'Export data' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Data set' }).click();
  await page.getByRole('option', { name: 'Comparative analysis', exact: true }).click();
  await page.getByRole('combobox', { name: 'By', exact: true }).click();
  await page.getByRole('option', { name: 'Location', exact: true }).click();
  // The second range as the analysis's screen offers it: a month earlier at first, then the days just before the month to date.
  const compareWith = page.getByRole('combobox', { name: 'Compare with', exact: true });
  await expect(compareWith).toHaveValue('A month earlier');
  await compareWith.click();
  await expect(page.getByRole('option', { name: 'A year earlier', exact: true })).toBeVisible();
  await page.getByRole('option', { name: 'The days just before', exact: true }).click();
  // (Where the two are the same days, as on 28 March, the first preset names them: a month earlier.)
  await expect(compareWith).toHaveValue(/^(The days just before|A month earlier)$/);
  const today = businessDate();
  const from = `${today.slice(0, 8)}01`;
  const compareTo = addDays(from, -1);
  const compareFrom = addDays(compareTo, -(daysBetween(from, today) - 1));
  await expect(page.getByRole('textbox', { name: 'Compare from' })).toHaveValue(formatDate(compareFrom));
  await expect(page.getByRole('textbox', { name: 'Compare to' })).toHaveValue(formatDate(compareTo));
  await page.getByText('PDF', { exact: true }).click();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect
    .poll(async () => (await apiGet<Collection<ExportItem>>(page.request, token, '/exports')).member[0]?.params)
    .toMatchObject({ subject: 'location', from, to: today, compareFrom, compareTo });
  const card = page.getByTestId('export-card').first();
  await expect(card.getByText('Comparative analysis', { exact: true })).toBeVisible();
  await expect(card.getByText('Ready')).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: /^Download/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^comparative-analysis-by-location-.*\.pdf$/);
});

test('the loyalty card report with its owner and status, the logistic report by device group', async ({ page }) => {
  test.setTimeout(120_000);
  const { token } = await signIn(page, USERS.manager);
  const newest = async () => (await apiGet<Collection<ExportItem>>(page.request, token, '/exports')).member[0];
  await page.goto('/exports/generate');
  await page.getByRole('combobox', { name: 'Data set' }).click();
  await page.getByRole('option', { name: 'Loyalty: report by card', exact: true }).click();
  await page.getByRole('combobox', { name: 'Programme owner', exact: true }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await page.getByRole('radiogroup', { name: 'Format' }).getByText('CSV', { exact: true }).click();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect
    .poll(async () => (await newest())?.params)
    .toMatchObject({ status: 'active', owner: expect.stringMatching(/^\/api\/v2\/loyalty-owners\/\d+$/) });

  // Another data set starts without the first one's filters; the logistic report takes a device group.
  await page.getByRole('combobox', { name: 'Data set' }).click();
  await page.getByRole('option', { name: 'Logistic report', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Programme owner', exact: true })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Group', exact: true }).click();
  await page.getByRole('option', { name: 'Prize device', exact: true }).click();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect.poll(async () => (await newest())?.kind).toBe('logistic-report');
  expect((await newest())?.params).toMatchObject({ group: 'prize_device' });
  await expect(page.getByTestId('export-card').first().getByText('Ready')).toBeVisible({ timeout: 30_000 });
});
