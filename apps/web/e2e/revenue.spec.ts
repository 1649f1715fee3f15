import { readFileSync } from 'node:fs';
import { businessDate, type Collection, type Device, formatMoney, type RevenueReport, type TelemetryEvent } from '@kovanica/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiGet, expectAccessible, signIn, USERS } from './support.ts';

/** Sequence numbers must rise per logger: from the clock, and never twice the same within a run. */
let lastSeq = 0;
const nextSeq = () => {
  lastSeq = Math.max(lastSeq + 1, Date.now());
  return lastSeq;
};

type Event = { type: TelemetryEvent['type'] } & Record<string, unknown>;

/** Sends events as the device's logger does: through the ingestion API with the demo logger's credential. */
async function sendTelemetry(request: APIRequestContext, imei: string, events: Event[]) {
  const response = await request.post('/api/v2/telemetry/batches', {
    headers: { Authorization: `Bearer kvl_demo_${imei}` },
    data: { imei, events: events.map((e) => ({ seq: nextSeq(), at: new Date().toISOString(), ...e })) },
  });
  expect(response.status(), 'POST /telemetry/batches').toBe(200);
  expect(((await response.json()) as { accepted: number }).accepted).toBe(events.length);
}

const coin = (valueCents: number): Event => ({ type: 'coin', valueCents, count: 1 });

/** A demo device with a logger and a location (not one another test made). */
async function demoDevice(request: APIRequestContext, token: string, skip = 0): Promise<Device & { imei: string }> {
  const devices = await apiGet<Collection<Device>>(request, token, '/devices?order[name]=asc&itemsPerPage=200');
  const usable = devices.member.filter(
    (d): d is Device & { imei: string } => d.imei !== null && d.location !== null && !d.name.startsWith('E2E'),
  );
  const device = usable[skip];
  if (!device) throw new Error('the demo data needs devices with loggers at locations');
  return device;
}

function todayReport(request: APIRequestContext, token: string, filter = ''): Promise<RevenueReport> {
  const today = businessDate();
  return apiGet<RevenueReport>(request, token, `/revenue?from=${today}&to=${today}${filter}`);
}

/** A report table's row named by its row header (the device, or the location). */
const rowOf = (page: Page, table: string, name: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** Picks an option of a reference select, typing to search (a searchable select is a textbox or a combobox). */
async function choose(page: Page, label: string, option: string) {
  const input = page.getByRole('textbox', { name: label, exact: true }).or(page.getByRole('combobox', { name: label, exact: true }));
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test("today's revenue shows a device's coins and the totals, and follows new plays without a reload", async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const device = await demoDevice(page.request, token);
  await sendTelemetry(page.request, device.imei, [coin(200), coin(200)]);
  const mine = (await todayReport(page.request, token, `&device=${device['@id']}`)).rows[0];
  const before = await todayReport(page.request, token);
  expect(mine?.coinsCents).toBeGreaterThanOrEqual(400);

  // A page of 200 lines holds the demo fleet's.
  await page.goto('/today-revenue/list?itemsPerPage=200');
  await expect(page.getByRole('heading', { level: 1, name: "Today's revenue" })).toBeVisible();
  const row = rowOf(page, "Today's revenue", device.name);
  await expect(row).toContainText(formatMoney(mine?.revenueCents ?? 0));
  await expect(row).toContainText(device.locationName ?? '');
  const totals = rowOf(page, "Today's revenue", 'Total');
  await expect(totals).toContainText(formatMoney(before.totals.revenueCents));
  await expect(page.getByRole('region', { name: 'Revenue', exact: true })).toContainText(formatMoney(before.totals.revenueCents));
  await expectAccessible(page);

  // One more coin: the page asks again every 10 seconds, so the new total shows without a reload.
  await sendTelemetry(page.request, device.imei, [coin(200)]);
  await expect(totals).toContainText(formatMoney(before.totals.revenueCents + 200), { timeout: 15_000 });
  await expect(row).toContainText(formatMoney((mine?.revenueCents ?? 0) + 200));

  // The location filter narrows the report and stays in the URL.
  const location = device.locationName ?? '';
  await choose(page, 'Location', location);
  await expect(page).toHaveURL(/location=/);
  await expect(row).toBeVisible();
  const atLocation = await todayReport(page.request, token, `&location=${device.location}`);
  await expect(totals).toContainText(formatMoney(atLocation.totals.revenueCents));
});

test('the detailed review says so for a past range without data, and groups per location', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const device = await demoDevice(page.request, token, 1);
  await sendTelemetry(page.request, device.imei, [coin(100)]);

  await page.goto('/detailed-review/list?itemsPerPage=200');
  await expect(page.getByRole('heading', { level: 1, name: 'Detailed review' })).toBeVisible();
  // This month up to today by default: today's coin is in it.
  await expect(rowOf(page, 'Detailed review', device.name)).toBeVisible();

  await page.getByRole('textbox', { name: 'From', exact: true }).fill('01.01.2020');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('31.01.2020');
  await page.getByRole('textbox', { name: 'To', exact: true }).press('Tab');
  await expect(page).toHaveURL(/from=2020-01-01/);
  await expect(page).toHaveURL(/to=2020-01-31/);
  await expect(page.getByText('No data for the selected timeframe')).toBeVisible();

  const today = businessDate();
  await page.goto(`/detailed-review/list?from=${today}&to=${today}&itemsPerPage=200`);
  await page.getByRole('radiogroup', { name: 'Group the revenue' }).getByText('Per location').click();
  await expect(page.getByRole('radio', { name: 'Per location' })).toBeChecked();
  await expect(page).toHaveURL(/group=location/);
  const atLocation = await todayReport(page.request, token, `&location=${device.location}`);
  await expect(rowOf(page, 'Detailed review', device.locationName ?? '')).toContainText(formatMoney(atLocation.totals.revenueCents));
  await expect(page.getByRole('columnheader', { name: 'Devices' })).toBeVisible();
  await expectAccessible(page);

  // The export is the table as shown: per location, with the totals row last; money in euros.
  const all = await todayReport(page.request, token, '&group=location');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'CSV (semicolon-separated)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^detailed-review-${today}-${today}-.*\\.csv$`));
  // After the five lines of what it holds and an empty line (decision 0042).
  const [about = '', table = ''] = readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n\r\n');
  expect(about.split('\r\n').map((l) => l.split(';')[0])).toEqual(['Company', 'Report', 'Period', 'Filters', 'Made']);
  const lines = table.split('\r\n');
  expect(lines[0]).toMatch(/^Location;Devices;Revenue;Plays;Average per play;Coins;/);
  expect(lines).toHaveLength(all.totalItems > 0 ? all.totalItems + 2 : 1);
  expect(lines.at(-1)).toMatch(new RegExp(`^Total;;${(all.totals.revenueCents / 100).toFixed(2).replace('.', ',')};${all.totals.plays};`));
});

test('the report pages its lines on the server and orders them by a header, the totals always of all lines', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  // Eleven more devices with plays today, so today's report has more lines than a page of ten.
  for (let skip = 3; skip < 14; skip++) await sendTelemetry(page.request, (await demoDevice(page.request, token, skip)).imei, [coin(100)]);
  const all = await todayReport(page.request, token, '&itemsPerPage=200');
  const ascending = await todayReport(page.request, token, '&itemsPerPage=1&order[revenueCents]=asc');
  expect(all.totalItems).toBeGreaterThan(10);

  await page.goto('/today-revenue/list?itemsPerPage=10');
  const table = page.getByRole('table', { name: "Today's revenue" });
  const bodyRows = table.locator('tbody tr').filter({ hasNotText: 'Total' });
  await expect(bodyRows).toHaveCount(10);
  await expect(page.getByText(`1–10 of ${all.totalItems}`)).toBeVisible();
  await expect(bodyRows.first()).toContainText(all.rows[0]?.deviceName ?? '');
  const totals = rowOf(page, "Today's revenue", 'Total');
  await expect(totals).toContainText(formatMoney(all.totals.revenueCents));

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(bodyRows.first()).toContainText(all.rows[10]?.deviceName ?? '');
  await expect(totals).toContainText(formatMoney(all.totals.revenueCents));

  // A header click asks the server: smallest revenue first, back on page 1, the totals unchanged.
  await table.getByRole('button', { name: 'Revenue' }).click();
  await expect(page).toHaveURL(/sort=revenueCents/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(bodyRows.first()).toContainText(formatMoney(ascending.rows[0]?.revenueCents ?? 0));
  await expect(totals).toContainText(formatMoney(all.totals.revenueCents));
});

test('the transactions list filtered by a device shows its coins, a service-mode coin marked as a test play', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const device = await demoDevice(page.request, token, 2);
  await sendTelemetry(page.request, device.imei, [
    coin(200),
    { type: 'service_mode', on: true },
    coin(50),
    { type: 'service_mode', on: false },
  ]);

  await page.goto('/transactions/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await choose(page, 'Device', device.name);
  await expect(page).toHaveURL(/device=/);

  const table = page.getByRole('table', { name: 'Transactions' });
  const paid = table
    .getByRole('row')
    .filter({ hasText: formatMoney(200) })
    .first();
  const test = table
    .getByRole('row')
    .filter({ hasText: formatMoney(50) })
    .first();
  await expect(paid).toContainText('Coin');
  await expect(paid).toContainText(device.name);
  await expect(paid).not.toContainText('Test play');
  await expect(test).toContainText('Test play');
  await expectAccessible(page);

  // The test filter leaves only the test play.
  await page
    .getByRole('textbox', { name: 'Test play', exact: true })
    .or(page.getByRole('combobox', { name: 'Test play', exact: true }))
    .click();
  await page.getByRole('option', { name: 'Yes', exact: true }).click();
  await expect(table.getByRole('row').filter({ hasText: formatMoney(200) })).toHaveCount(0);
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: formatMoney(50) })
      .first(),
  ).toContainText('Test play');
});

test('a worker typing the revenue address sees the refusal page', async ({ page }) => {
  await signIn(page, USERS.worker);
  await page.goto('/today-revenue/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Revenue' })).toHaveCount(0);
});
