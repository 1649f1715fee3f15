import {
  businessDate,
  type Collection,
  type Device,
  type FinanceReport,
  type FinanceSubject,
  formatCount,
  formatDate,
  formatMoney,
  type Location,
} from '@kovanica/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiGet, expectAccessible, sendTelemetry, signIn, USERS } from './support.ts';

// The e2e server seeds the demo without its history (SEED_HISTORY=0, playwright.config.ts): the
// figures of this month are the plays the browser tests send, and the tests compare the screens with
// the API's answer to the same question.

const TITLES: Record<FinanceSubject, string> = {
  device: 'Finance report by device',
  location: 'Finance report by location',
  lessor: 'Finance report by lessor',
  company: 'Finance report by company',
};

/** This month up to today, as the reports default to. */
function thisMonth() {
  const to = businessDate();
  return { from: `${to.slice(0, 8)}01`, to };
}

/** A demo device with a logger at a location that has a lessor (not one another test made). */
async function demoDevice(request: APIRequestContext, token: string) {
  const devices = await apiGet<Collection<Device>>(request, token, '/devices?order[name]=asc&itemsPerPage=200');
  const locations = await apiGet<Collection<Location>>(request, token, '/locations?itemsPerPage=200');
  const lessorOf = new Map(locations.member.map((l) => [l['@id'], l.lessorName]));
  const device = devices.member.find(
    (d): d is Device & { imei: string; location: string } =>
      d.imei !== null && d.location !== null && !d.name.startsWith('E2E') && Boolean(lessorOf.get(d.location)),
  );
  if (!device) throw new Error('the demo data needs a device with a logger at a location with a lessor');
  return { ...device, lessorName: lessorOf.get(device.location) ?? '' };
}

function report(request: APIRequestContext, token: string, query: string): Promise<FinanceReport> {
  return apiGet<FinanceReport>(request, token, `/finance-report?${query}`);
}

/** A report table's row named by its row header. */
const rowOf = (page: Page, table: string, name: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** A headline figure above the report: a section named by its label (the table's region may share the name). */
const figure = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true }).and(page.locator('section'));

for (const subject of ['device', 'location', 'lessor', 'company'] as const) {
  test(`the finance report by ${subject} shows the figures the API answers: headline, chart, lines and totals`, async ({ page }) => {
    const { token } = await signIn(page, USERS.manager);
    const device = await demoDevice(page.request, token);
    await sendTelemetry(page.request, device.imei, [
      { type: 'coin', valueCents: 200, count: 3 },
      { type: 'note', valueCents: 1000, count: 1 },
    ]);
    const { from, to } = thisMonth();
    const names: Record<FinanceSubject, string> = {
      device: device.name,
      location: device.locationName ?? '',
      lessor: device.lessorName,
      company: 'Zabavni automati d.o.o.',
    };

    const answer = await report(page.request, token, `subject=${subject}&from=${from}&to=${to}&period=month&itemsPerPage=200`);
    const line = answer.rows.find((r) => r.name === names[subject]);
    expect(line?.grossCents, `${subject}: the plays just sent are in this month's report`).toBeGreaterThanOrEqual(1600);

    // This month by default, a line per subject and month.
    await page.goto(`/finance-report/${subject}?itemsPerPage=200`);
    const title = TITLES[subject];
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(formatDate(from));
    await expect(page.getByRole('textbox', { name: 'To', exact: true })).toHaveValue(formatDate(to));
    await expect(figure(page, 'Gross revenue')).toContainText(formatMoney(answer.totals.grossCents));
    await expect(figure(page, 'Net revenue')).toContainText(formatMoney(answer.totals.netCents));
    await expect(figure(page, 'Rent')).toContainText(formatMoney(answer.totals.rentCents));
    await expect(figure(page, "Operator's share")).toContainText(formatMoney(answer.totals.shareCents));

    const row = rowOf(page, title, names[subject]);
    await expect(row).toContainText(formatMoney(line?.grossCents ?? 0));
    await expect(row).toContainText(formatMoney(line?.netCents ?? 0));
    await expect(row).toContainText(formatMoney(line?.rentCents ?? 0));
    const totals = rowOf(page, title, 'Total');
    await expect(totals).toContainText(formatMoney(answer.totals.grossCents));
    await expect(totals).toContainText(formatMoney(answer.totals.shareCents));
    if (subject === 'company') {
      await expect(page.getByRole('columnheader', { name: 'EBITDA' })).toBeVisible();
      await expect(totals).toContainText(formatMoney(answer.totals.ebitdaCents ?? 0));
    }
    // The chart, loaded beside the answer: a bar per part of the month's revenue.
    const chart = page.getByRole('figure', { name: "Gross revenue per period: the operator's share, rent and VAT" });
    await expect(chart.locator('.recharts-bar-rectangle path').filter({ visible: true }).first()).toBeVisible();
    await expectAccessible(page);
  });
}

test('on a phone a report keeps still while it loads: its figures and header row are as high before the answer as after', async ({
  page,
}) => {
  await signIn(page, USERS.manager);
  await page.setViewportSize({ width: 375, height: 800 });
  // The report's answer waits until the loading state is measured.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/v2\/finance-report\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/finance-report/device');
  const gross = figure(page, 'Gross revenue');
  const header = page.getByRole('table', { name: TITLES.device }).locator('thead');
  await expect(gross.locator('.mantine-Skeleton-root')).toBeVisible();
  const heights = async () => ({ figure: (await gross.boundingBox())?.height, header: (await header.boundingBox())?.height });
  const loading = await heights();
  release();
  await expect(gross).toContainText('€');
  await expect(gross.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await expect(page.getByRole('table', { name: TITLES.device }).locator('tbody .mantine-Skeleton-root')).toHaveCount(0);
  expect(await heights()).toEqual(loading);
});

test('on a phone the chart follows the lines and is drawn when scrolled near, not while the page loads', async ({ page }) => {
  await signIn(page, USERS.manager);
  // A short screen: the lines alone push the chart past what WhenNear looks ahead (300 px below it).
  await page.setViewportSize({ width: 375, height: 500 });
  await page.goto('/finance-report/device?itemsPerPage=50');
  const table = page.getByRole('table', { name: TITLES.device });
  await expect(table.locator('tbody .mantine-Skeleton-root')).toHaveCount(0);
  const chart = page.getByRole('figure', { name: "Gross revenue per period: the operator's share, rent and VAT" });
  // Else WhenNear would draw it at once and this test would prove nothing.
  expect((await chart.boundingBox())?.y).toBeGreaterThan(500 + 300);
  // After the table in the page's order, and nothing of recharts drawn (nor loaded) yet.
  expect(
    await table.evaluate(
      (t, f) => Boolean(f && t.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING),
      await chart.elementHandle(),
    ),
  ).toBe(true);
  await expect(chart.locator('[data-when-near]')).toHaveCount(1);
  await expect(chart.locator('.recharts-surface')).toHaveCount(0);
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('.recharts-bar-rectangle path').filter({ visible: true }).first()).toBeVisible();
  // On a wide screen it stands above the lines, drawn at once.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/finance-report/device?itemsPerPage=50');
  await expect(chart.locator('.recharts-bar-rectangle path').filter({ visible: true }).first()).toBeVisible();
  expect(
    await table.evaluate(
      (t, f) => Boolean(f && t.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_PRECEDING),
      await chart.elementHandle(),
    ),
  ).toBe(true);
});

test('printed on A4, the report is its figures and one whole table: no buttons, the totals once at its end', async ({ page }) => {
  await signIn(page, USERS.manager);
  // A4's printable width at 96 px an inch (the browser's default margins).
  await page.setViewportSize({ width: 718, height: 1000 });
  await page.goto('/finance-report/location');
  const table = page.getByRole('table', { name: TITLES.location });
  await expect(table.locator('tbody .mantine-Skeleton-root')).toHaveCount(0);
  const exportButton = page.getByRole('button', { name: 'Export report' });
  const pages = page.getByRole('button', { name: 'Next page' });
  await expect(exportButton).toBeVisible();
  // On screen the table is wider than the window and scrolls within its region.
  const region = page.getByRole('region', { name: TITLES.location });
  const widths = () => Promise.all([table.evaluate((t) => (t as HTMLElement).offsetWidth), region.evaluate((r) => r.clientWidth)]);
  const [screenTable, screenRegion] = await widths();
  expect(screenTable).toBeGreaterThan(screenRegion);

  await page.emulateMedia({ media: 'print' });
  await expect(exportButton).toBeHidden();
  await expect(pages).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  const [printTable, printRegion] = await widths();
  expect(printTable, `${printTable} px wide in ${printRegion} px`).toBeLessThanOrEqual(printRegion);
  // A browser repeats a table's footer at the foot of every sheet; the totals are a group of rows instead.
  expect(await table.locator('tfoot').evaluate((f) => getComputedStyle(f).display)).toBe('table-row-group');
  await page.emulateMedia({ media: 'screen' });
  await expect(exportButton).toBeVisible();
});

test('the report is asked for once as the page opens (useQueryNow asks before useQuery subscribes; useQuery must find it)', async ({
  page,
}) => {
  await signIn(page, USERS.manager);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v2/finance-report?')) asked.push(request.url());
  });
  await page.goto('/finance-report/location');
  await expect(figure(page, 'Gross revenue')).toContainText('€');
  await expect(page.getByRole('table', { name: TITLES.location }).locator('tbody .mantine-Skeleton-root')).toHaveCount(0);
  expect(asked).toHaveLength(1);
});

test('the report follows its filters and period in the URL, a line per day with its period', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const device = await demoDevice(page.request, token);
  await sendTelemetry(page.request, device.imei, [{ type: 'coin', valueCents: 100, count: 2 }]);
  const { from, to } = thisMonth();
  const title = TITLES.device;

  await page.goto('/finance-report/device?itemsPerPage=200');
  const location = page
    .getByRole('textbox', { name: 'Location', exact: true })
    .or(page.getByRole('combobox', { name: 'Location', exact: true }));
  await location.click();
  await location.fill(device.locationName ?? '');
  await page.getByRole('option', { name: device.locationName ?? '', exact: true }).click();
  await expect(page).toHaveURL(/location=/);
  const atLocation = await report(page.request, token, `subject=device&from=${from}&to=${to}&location=${device.location}&itemsPerPage=200`);
  await expect(rowOf(page, title, 'Total')).toContainText(formatMoney(atLocation.totals.grossCents));
  await expect(page.getByRole('table', { name: title }).locator('tbody tr')).toHaveCount(atLocation.rows.length);

  // Per day: each line says its day, today's line of the device holds its plays.
  const period = page.getByRole('textbox', { name: 'Period', exact: true }).or(page.getByRole('combobox', { name: 'Period', exact: true }));
  await period.click();
  await page.getByRole('option', { name: 'Per day', exact: true }).click();
  await expect(page).toHaveURL(/period=day/);
  await expect(page.getByRole('columnheader', { name: 'Period' })).toBeVisible();
  const daily = await report(
    page.request,
    token,
    `subject=device&from=${from}&to=${to}&period=day&location=${device.location}&device=${device['@id']}`,
  );
  const today = daily.rows.find((r) => r.periodStart === to);
  const todayRow = rowOf(page, title, device.name).filter({ hasText: formatDate(to) });
  await expect(todayRow).toContainText(formatMoney(today?.grossCents ?? -1));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`${formatDate(from)} – ${formatDate(to)} · Per day`)).toBeVisible();
});

test('the -new and -refactored addresses lead to the same report, with the search kept', async ({ page }) => {
  await signIn(page, USERS.manager);
  for (const subject of ['device', 'location', 'lessor'] as const) {
    for (const variant of ['new', 'refactored']) {
      await page.goto(`/finance-report/${subject}-${variant}?period=year`);
      await expect(page).toHaveURL(new RegExp(`/finance-report/${subject}\\?period=year$`));
      await expect(page.getByRole('heading', { level: 1, name: TITLES[subject] })).toBeVisible();
      await expect(page.getByText('· Per year')).toBeVisible();
      await expect(page.getByRole('table', { name: TITLES[subject] }).locator('tbody tr').first()).toBeVisible();
    }
  }
  // One menu entry per report.
  await page.goto('/finance-report/lessor');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'By lessor' })).toHaveAttribute('href', '/finance-report/lessor');
  // Four reports, and the exports page (/finance-report/export) after them.
  await expect(menu.locator('a[href^="/finance-report/"]:not([href="/finance-report/export"])')).toHaveCount(4);
  await expect(menu.getByRole('link', { name: 'Exports' })).toHaveAttribute('href', '/finance-report/export');
  await expect(menu.locator('a[href*="-new"], a[href*="-refactored"]')).toHaveCount(0);
});

const TOKEN_TITLES = { location: 'Token report by location', device: 'Token report by device', lessor: 'Token report by lessor' };

/** A share as the reports show it: the percentage to the hundredth, shown to the tenth (`12,3 %`). */
const shareText = (part: number, whole: number) =>
  `${new Intl.NumberFormat('hr-HR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.round((part / whole) * 10_000) / 100)} %`;

for (const subject of ['location', 'device', 'lessor'] as const) {
  test(`the token report by ${subject} shows tokens, their value and their share of the revenue`, async ({ page }) => {
    const { token } = await signIn(page, USERS.manager);
    const device = await demoDevice(page.request, token);
    await sendTelemetry(page.request, device.imei, [
      { type: 'token', count: 4 },
      { type: 'coin', valueCents: 200, count: 1 },
    ]);
    const { from, to } = thisMonth();
    const name = { location: device.locationName ?? '', device: device.name, lessor: device.lessorName }[subject];
    const title = TOKEN_TITLES[subject];
    const answer = await report(page.request, token, `subject=${subject}&from=${from}&to=${to}&itemsPerPage=200`);
    const line = answer.rows.find((r) => r.name === name);
    expect(line?.tokens).toBeGreaterThanOrEqual(4);

    await page.goto(`/token-report/${subject}?itemsPerPage=200`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(figure(page, 'Tokens (count)')).toContainText(formatCount(answer.totals.tokens));
    await expect(figure(page, 'Tokens (value)')).toContainText(formatMoney(answer.totals.tokensCents));
    await expect(figure(page, "Tokens' share of revenue")).toContainText(shareText(answer.totals.tokensCents, answer.totals.grossCents));
    const row = rowOf(page, title, name);
    await expect(row).toContainText(formatMoney(line?.tokensCents ?? -1));
    await expect(row).toContainText(shareText(line?.tokensCents ?? 0, line?.grossCents ?? 1));
    await expect(rowOf(page, title, 'Total')).toContainText(formatMoney(answer.totals.tokensCents));
    await expect(page.getByRole('figure', { name: 'Gross revenue per period: tokens and the rest' })).toBeVisible();
    await expectAccessible(page);
  });
}

test('EBITDA shows net revenue, costs, EBITDA and margin per month over the last twelve months', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const to = businessDate();
  const start = new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 12, 1)).toISOString().slice(0, 10);
  const answer = await report(page.request, token, `subject=company&from=${start}&to=${to}&period=month`);
  expect(answer.rows).toHaveLength(12);

  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Finance reports' }).click();
  // The accordion may still be opening when the link is first clicked: click again until the page changes.
  await expect(async () => {
    await menu.getByRole('link', { name: 'EBITDA' }).click();
    await expect(page).toHaveURL(/\/ebitda\/list$/, { timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'EBITDA' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(formatDate(start));
  await expect(figure(page, 'Net revenue')).toContainText(formatMoney(answer.totals.netCents));
  await expect(figure(page, 'EBITDA')).toContainText(formatMoney(answer.totals.ebitdaCents ?? 0));
  const totals = rowOf(page, 'EBITDA', 'Total');
  for (const cents of [answer.totals.netCents, answer.totals.rentCents, answer.totals.operationalCostsCents, answer.totals.ebitdaCents])
    await expect(totals).toContainText(formatMoney(cents ?? 0));
  // A line per month, the first by its name; this month (up to today) by its days.
  const firstMonth = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${start}T12:00:00Z`),
  );
  await expect(rowOf(page, 'EBITDA', firstMonth)).toContainText(formatMoney(answer.rows[0]?.ebitdaCents ?? 0));
  await expect(page.getByRole('table', { name: 'EBITDA' }).locator('tbody tr')).toHaveCount(12);
  await expect(
    page
      .getByRole('figure', { name: 'Net revenue and EBITDA per month' })
      .locator('.recharts-bar-rectangle path')
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
});

test('the reports speak Croatian', async ({ page }) => {
  await signIn(page, USERS.accountant);
  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  await page.goto('/token-report/lessor');
  await expect(page.getByRole('heading', { level: 1, name: 'Izvještaj o žetonima po najmodavcima' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Udio žetona u prihodu' })).toBeVisible();
  await page.goto('/finance-report/location?period=week');
  await expect(page.getByRole('heading', { level: 1, name: 'Financijski izvještaj po lokacijama' })).toBeVisible();
  await expect(page.getByText('· Po tjednu')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Udio operatera' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});

test('a worker has no finance reports: no menu entries, and the address shows the refusal', async ({ page }) => {
  await signIn(page, USERS.worker);
  await page.goto('/finance-report/device');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('button', { name: 'Finance reports' })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: 'Token reports' })).toHaveCount(0);
  await page.goto('/ebitda/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
});
