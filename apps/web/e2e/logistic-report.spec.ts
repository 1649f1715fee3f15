import { businessDate, type Collection, type Device, type LogisticReport } from '@kovanica/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiGet, expectAccessible, signIn, USERS } from './support.ts';

// The e2e server seeds the demo without its history (playwright.config.ts): figures may be zero, so the
// tests check what the report is about — which devices, which lines, the filter it waits for — against
// the API's answer to the same question.

const TITLES = { device: 'Logistic report by device', location: 'Logistic report by location' };
const FILTER_MESSAGE = { en: 'Please apply one of the filters above.', hr: 'Molimo primijenite jedan od gornjih filtara.' };

/** A demo device at a location (not one another test made). */
async function demoDevice(request: APIRequestContext, token: string) {
  const devices = await apiGet<Collection<Device>>(request, token, '/devices?order[name]=asc&itemsPerPage=200');
  const device = devices.member.find(
    (d): d is Device & { location: string; locationName: string } =>
      d.location !== null && d.locationName !== null && !d.name.startsWith('E2E'),
  );
  if (!device) throw new Error('the demo data needs a device at a location');
  return device;
}

function logistic(request: APIRequestContext, token: string, query: string): Promise<LogisticReport> {
  const to = businessDate();
  return apiGet<LogisticReport>(request, token, `/logistic-report?from=${to.slice(0, 8)}01&to=${to}&itemsPerPage=200&${query}`);
}

const table = (page: Page, subject: keyof typeof TITLES) => page.getByRole('table', { name: TITLES[subject] });

test('without a filter the report asks for one, in both languages, and asks the API nothing', async ({ page }) => {
  await signIn(page, USERS.manager);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v2/logistic-report')) asked.push(request.url());
  });

  for (const subject of ['location', 'device'] as const) {
    await page.goto(`/logistic-report/${subject}`);
    await expect(page.getByRole('heading', { level: 1, name: TITLES[subject] })).toBeVisible();
    await expect(table(page, subject).getByText(FILTER_MESSAGE.en)).toBeVisible();
    // The dates are filled in from the start: the message says they are not the filter it asks for.
    await expect(table(page, subject).getByText(/^The dates alone do not narrow it: choose a lessor, a location/)).toBeVisible();
  }
  await expectAccessible(page);

  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Logistički izvještaj po uređajima' })).toBeVisible();
  await expect(page.getByText(FILTER_MESSAGE.hr)).toBeVisible();
  // On a phone the message keeps to the width in view: its cell spans the whole table, which is far
  // wider than the screen (centred in it, the message stood off the screen).
  await page.setViewportSize({ width: 375, height: 812 });
  for (const text of [FILTER_MESSAGE.hr, /^Sami datumi ga ne sužavaju/]) {
    const box = await page.getByText(text).boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(375);
  }
  expect(asked, 'no report is asked for without a filter').toEqual([]);
});

test('choosing a location lists its devices as the API answers them, and keeps the filter in the URL', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const device = await demoDevice(page.request, token);
  const answer = await logistic(page.request, token, `subject=device&location=${encodeURIComponent(device.location)}`);
  expect(answer.rows.map((r) => r.name)).toContain(device.name);

  await page.goto('/logistic-report/device?itemsPerPage=200');
  const location = page
    .getByRole('textbox', { name: 'Location', exact: true })
    .or(page.getByRole('combobox', { name: 'Location', exact: true }));
  await location.click();
  await location.fill(device.locationName);
  await page.getByRole('option', { name: device.locationName, exact: true }).click();
  await expect(page).toHaveURL(/location=/);

  const rows = table(page, 'device').locator('tbody tr');
  await expect(rows).toHaveCount(answer.rows.length);
  // The visit list in the server's order, each device named in its row header.
  await expect(table(page, 'device').locator('tbody th[scope="row"]')).toHaveText(answer.rows.map((r) => r.name ?? ''));
  await expect(page.getByText(FILTER_MESSAGE.en)).toHaveCount(0);
  await expectAccessible(page);

  // The same location by location: a line per group of its devices.
  const byLocation = await logistic(page.request, token, `subject=location&location=${encodeURIComponent(device.location)}`);
  await page.goto(`/logistic-report/location?location=${encodeURIComponent(device.location)}`);
  await expect(table(page, 'location').locator('tbody tr')).toHaveCount(byLocation.rows.length);
  await expect(table(page, 'location').getByRole('rowheader', { name: device.locationName, exact: true }).first()).toBeVisible();
  await expectAccessible(page);
});
