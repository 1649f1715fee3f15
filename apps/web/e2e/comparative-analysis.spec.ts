import {
  businessDate,
  type Collection,
  type ComparativeAnalysis,
  type Device,
  formatDate,
  formatMoney,
  type TelemetryEvent,
} from '@kovanica/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiGet, expectAccessible, signIn, USERS } from './support.ts';

/**
 * The comparative analysis (docs/rules.md "Money reports"): two periods side by side per device, location or lessor,
 * against what `GET /comparative-analysis` answers. Payments sent through the ingestion API, today and
 * on the first day of the month before, give the default comparison its figures.
 */

/** Sequence numbers must rise per logger: from the clock, and never twice the same within a run. */
let lastSeq = 0;
const nextSeq = () => {
  lastSeq = Math.max(lastSeq + 1, Date.now());
  return lastSeq;
};

type Event = { type: TelemetryEvent['type']; at: string } & Record<string, unknown>;

async function sendTelemetry(request: APIRequestContext, imei: string, events: Event[]) {
  const response = await request.post('/api/v2/telemetry/batches', {
    headers: { Authorization: `Bearer kvl_demo_${imei}` },
    data: { imei, events: events.map((e) => ({ seq: nextSeq(), ...e })) },
  });
  expect(response.status(), 'POST /telemetry/batches').toBe(200);
}

/** The same day a month earlier, clipped to a shorter month (as the screen's default comparison). */
function monthBefore(day: string): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  const first = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  return `${first.slice(0, 8)}${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** A table row named by its row header. */
const rowOf = (page: Page, table: string, name: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });

const TITLE = 'Comparative analysis by device';

/** The "Compare with" select (a select's input is a textbox or a combobox). */
const compareWith = (page: Page) =>
  page.getByRole('textbox', { name: 'Compare with', exact: true }).or(page.getByRole('combobox', { name: 'Compare with', exact: true }));

test('the comparison by device ranks this month to date against the same days of last month, with totals and the chart', async ({
  page,
}) => {
  // The second company: a payment a month ago gives it a past, and its history must stay whole for the
  // dashboard's forecast (dashboard.spec.ts sends it ten weeks of days).
  const { token } = await signIn(page, USERS.otherManager);
  const devices = await apiGet<Collection<Device>>(page.request, token, '/devices?order[name]=asc&itemsPerPage=200');
  const device = devices.member.find((d) => d.imei !== null && d.location !== null && !d.name.startsWith('E2E'));
  if (!device?.imei) throw new Error('the demo data needs a device with a logger');
  const to = businessDate();
  const from = `${to.slice(0, 8)}01`;
  const compared = { from: monthBefore(from), to: monthBefore(to) };
  await sendTelemetry(page.request, device.imei, [
    { type: 'coin', valueCents: 500, count: 1, at: `${compared.from}T09:00:00Z` },
    { type: 'coin', valueCents: 200, count: 1, at: new Date().toISOString() },
    { type: 'coin', valueCents: 200, count: 1, at: new Date().toISOString() },
  ]);
  const base = `/comparative-analysis?subject=device&from=${from}&to=${to}&compareFrom=${compared.from}&compareTo=${compared.to}`;
  const all = await apiGet<ComparativeAnalysis>(page.request, token, `${base}&itemsPerPage=200`);
  const mine = all.rows.find((r) => r.subject === device['@id']);
  expect(mine?.currentCents).toBeGreaterThanOrEqual(400);
  expect(mine?.previousCents).toBeGreaterThanOrEqual(500);

  // Not through the dashboard: its forecast of this company is kept for the day once asked for.
  await page.goto('/profile/overview');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Comparative analysis' }).click();
  await menu.getByRole('link', { name: 'By device' }).click();
  await expect(page).toHaveURL(/\/comparative-analysis\/device$/);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(
    page.getByText(`${formatDate(from)} – ${formatDate(to)} compared with ${formatDate(compared.from)} – ${formatDate(compared.to)}`),
  ).toBeVisible();

  await page.goto('/comparative-analysis/device?itemsPerPage=200');
  const row = rowOf(page, TITLE, device.name);
  await expect(row).toContainText(formatMoney(mine?.currentCents ?? 0));
  await expect(row).toContainText(formatMoney(mine?.previousCents ?? 0));
  await expect(rowOf(page, TITLE, 'Total')).toContainText(formatMoney(all.totals.currentCents));
  await expect(rowOf(page, TITLE, 'Total')).toContainText(formatMoney(all.totals.previousCents));
  await expect(page.getByRole('region', { name: 'Revenue', exact: true })).toContainText(formatMoney(all.totals.currentCents));
  await expect(page.getByRole('region', { name: 'Compared revenue', exact: true })).toContainText(formatMoney(all.totals.previousCents));

  // The chart of the largest changes, from all lines; its list is what assistive technology reads.
  const chart = page.getByRole('region', { name: 'Largest changes', exact: true });
  // Below the table it renders when it comes near the screen (WhenNear): scrolled to, as a user would.
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('.recharts-surface').first()).toBeVisible();
  await expect(chart.getByRole('listitem').first()).toBeAttached();
  await expectAccessible(page);

  // A header orders the lines on the server: ascending, then descending, then the report's own order.
  const byChange = await apiGet<ComparativeAnalysis>(page.request, token, `${base}&itemsPerPage=1&order[changeCents]=asc`);
  await page.getByRole('button', { name: 'Change', exact: true }).click();
  await expect(page).toHaveURL(/sort=changeCents/);
  await expect(page.getByRole('table', { name: TITLE }).getByRole('row').nth(1)).toContainText(byChange.rows[0]?.name ?? '');
  await expect(page.getByRole('columnheader', { name: 'Change', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('button', { name: 'Change', exact: true }).click();
  await expect(page.getByRole('columnheader', { name: 'Change', exact: true })).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/dir=desc/);

  // A location narrows the lines and the totals to its devices, and stays in the URL.
  const location = device.locationName ?? '';
  const atLocation = await apiGet<ComparativeAnalysis>(page.request, token, `${base}&location=${device.location}`);
  const picker = page
    .getByRole('textbox', { name: 'Location', exact: true })
    .or(page.getByRole('combobox', { name: 'Location', exact: true }));
  await picker.click();
  await picker.fill(location);
  await page.getByRole('option', { name: location, exact: true }).click();
  await expect(page).toHaveURL(/location=/);
  await expect(rowOf(page, TITLE, device.name)).toBeVisible();
  await expect(rowOf(page, TITLE, 'Total')).toContainText(formatMoney(atLocation.totals.currentCents));
  await expect(page.getByText(`1–${atLocation.totalItems} of ${atLocation.totalItems}`)).toBeVisible();
});

test('the periods live in the URL: a preset follows the period, chosen days are kept', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/comparative-analysis/location?from=2026-03-01&to=2026-03-31');
  await expect(page.getByRole('heading', { level: 1, name: 'Comparative analysis by location' })).toBeVisible();
  // The same days a month earlier by default, clipped to February.
  await expect(page.getByRole('textbox', { name: 'Compare from', exact: true })).toHaveValue('01.02.2026');
  await expect(page.getByRole('textbox', { name: 'Compare to', exact: true })).toHaveValue('28.02.2026');

  await compareWith(page).click();
  await page.getByRole('option', { name: 'A year earlier' }).click();
  await expect(page).toHaveURL(/compareFrom=2025-03-01/);
  await expect(page).toHaveURL(/compareTo=2025-03-31/);

  // A new period keeps being compared with the year before.
  const fromInput = page.getByRole('textbox', { name: 'From', exact: true });
  await fromInput.fill('15.03.2026');
  await fromInput.press('Tab');
  await expect(page).toHaveURL(/from=2026-03-15/);
  await expect(page).toHaveURL(/compareFrom=2025-03-15/);

  // Days of one's own choice are kept as they are.
  const compareTo = page.getByRole('textbox', { name: 'Compare to', exact: true });
  await compareTo.fill('20.03.2025');
  await compareTo.press('Tab');
  await expect(page).toHaveURL(/compareTo=2025-03-20/);
  await expect(compareWith(page)).toHaveValue('Days of my choice');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Compare to', exact: true })).toHaveValue('20.03.2025');
});

test('a worker is offered no comparative analysis and is refused at its address', async ({ page }) => {
  await signIn(page, USERS.worker);
  await page.goto('/comparative-analysis/lessor');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Comparative analysis' })).toHaveCount(0);
});
