import { readFileSync } from 'node:fs';
import {
  addDays,
  businessDate,
  type Collection,
  type CompaniesDailyRevenue,
  type Company,
  type Device,
  formatDate,
  formatMoney,
} from '@kovanica/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiGet, expectAccessible, signIn, USERS } from './support.ts';

const TITLE = 'Companies daily revenue';
const ISTRA = 'Zabavni automati Istra d.o.o.';
const all = { 'x-kovanica-view': 'all' };

/** Sequence numbers must rise per logger: from the clock, and never twice the same within a run. */
let lastSeq = 0;
const nextSeq = () => {
  lastSeq = Math.max(lastSeq + 1, Date.now());
  return lastSeq;
};

/** Coins through the ingestion API, as the device's logger sends them, all at the instant `at`. */
async function sendCoins(request: APIRequestContext, imei: string, at: Date, values: number[]) {
  const response = await request.post('/api/v2/telemetry/batches', {
    headers: { Authorization: `Bearer kvl_demo_${imei}` },
    data: { imei, events: values.map((valueCents) => ({ seq: nextSeq(), at: at.toISOString(), type: 'coin', valueCents, count: 1 })) },
  });
  expect(response.status(), 'POST /telemetry/batches').toBe(200);
}

/** A device of the subsidiary, which no other browser test sends plays to. */
async function istraDevice(request: APIRequestContext, token: string): Promise<Device & { imei: string }> {
  const companies = await apiGet<Collection<Company>>(request, token, `/companies?name=${encodeURIComponent(ISTRA)}`, all);
  const istra = companies.member.find((c) => c.name === ISTRA);
  if (!istra) throw new Error('the demo data needs the subsidiary');
  const devices = await apiGet<Collection<Device>>(request, token, `/devices?company=${istra['@id']}&order[name]=asc`, all);
  const device = devices.member.find((d): d is Device & { imei: string } => d.imei !== null);
  if (!device) throw new Error('the subsidiary needs a device with a logger');
  return device;
}

const rowOf = (page: Page, name: string) =>
  page
    .getByRole('table', { name: TITLE })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });

test("an admin sees each company's revenue per day, with today's plays in it, and exports it", async ({ page }) => {
  const { token } = await signIn(page, USERS.admin);
  const device = await istraDevice(page.request, token);
  // The plays' business day is fixed before they are sent, so a run across midnight still finds them.
  const sentAt = new Date();
  const day = businessDate(sentAt);
  await sendCoins(page.request, device.imei, sentAt, [200, 200, 100]);

  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Companies' }).click();
  // The accordion may still be opening when the link is first clicked: click again until the page changes.
  await expect(async () => {
    await menu.getByRole('link', { name: 'Daily revenue' }).click();
    await expect(page).toHaveURL(/\/companies\/daily-revenue$/, { timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  // The last 14 days up to today by default (read from the page, so midnight cannot come in between).
  const to = await page.getByRole('textbox', { name: 'To', exact: true }).inputValue();
  const [d, m, y] = to.split('.');
  await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(formatDate(addDays(`${y}-${m}-${d}`, -13)));
  // My Company is the admin's own company: the subsidiary comes with All Companies.
  await expect(page.getByText('companies in view: My Company')).toBeVisible();
  await expect(page.getByRole('table', { name: TITLE })).toBeVisible();
  await expect(rowOf(page, ISTRA)).toHaveCount(0);
  await page.getByRole('button', { name: /Open user panel/ }).click();
  await page.getByRole('dialog', { name: 'User profile' }).getByText('All Companies').click();
  await page.keyboard.press('Escape');
  await expect(page.getByText('companies in view: All Companies')).toBeVisible();
  await expect(rowOf(page, ISTRA)).toBeVisible();

  const from = addDays(day, -13);
  await page.goto(`/companies/daily-revenue?from=${from}&to=${day}`);
  const report = await apiGet<CompaniesDailyRevenue>(page.request, token, `/revenue/companies-daily?from=${from}&to=${day}`, all);
  const istra = report.rows.find((r) => r.companyName === ISTRA);
  const today = istra?.days.at(-1);
  expect(today?.day).toBe(day);
  expect(today?.revenueCents).toBeGreaterThanOrEqual(500);
  const row = rowOf(page, ISTRA);
  // A cell per day (the company is the row header): today is the last day, then the range's total.
  await expect(row.getByRole('cell').nth(13)).toHaveText(formatMoney(today?.revenueCents ?? 0));
  await expect(row.getByRole('cell').nth(14)).toHaveText(formatMoney(istra?.revenueCents ?? 0));
  await expect(page.getByRole('columnheader', { name: formatDate(day) })).toBeVisible();
  await expect(rowOf(page, 'Total')).toContainText(formatMoney(report.totals.revenueCents));
  await expectAccessible(page);

  // The export is the table: the companies, the totals row last; money in euros with a decimal comma.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'CSV (semicolon-separated)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^companies-daily-revenue-${from}-${day}-.*\\.csv$`));
  // After the five lines of what it holds and an empty line (decision 0042).
  const [about = '', table = ''] = readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n\r\n');
  expect(about.split('\r\n').map((l) => l.split(';')[0])).toEqual(['Company', 'Report', 'Period', 'Filters', 'Made']);
  const lines = table.split('\r\n');
  expect(lines[0]).toBe(
    ['Company', ...(istra?.days ?? []).map((x) => formatDate(x.day)), 'Total', 'Plays', 'Net (without 25 % VAT)'].join(';'),
  );
  expect(lines).toHaveLength(report.rows.length + 2);
  const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
  expect(lines.find((l) => l.startsWith(`${ISTRA};`))).toContain(`;${euros(today?.revenueCents ?? 0)};${euros(istra?.revenueCents ?? 0)};`);
  expect(lines.at(-1)).toMatch(new RegExp(`^Total;.*;${euros(report.totals.revenueCents)};${report.totals.plays};`));
});

test('a range without revenue says so, and a backwards range is refused in the field', async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto('/companies/daily-revenue?from=2020-01-01&to=2020-01-14');
  await expect(page.getByText('No data for the selected timeframe')).toBeVisible();
  await page.goto('/companies/daily-revenue?from=2020-01-14&to=2020-01-01');
  await expect(page.getByText('The end of the period is before its start.')).toBeVisible();
});

test('a manager typing the address sees the refusal page, and no menu entry', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/companies/daily-revenue');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Daily revenue' })).toHaveCount(0);
});
