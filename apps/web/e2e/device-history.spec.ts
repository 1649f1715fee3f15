import { type Collection, type Device, imeiCheckDigit } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, apiToken, followMenu, signIn, USERS } from './support.ts';

/**
 * One device's history, written through the real ingestion API as its logger would report it, one
 * event a minute in the last hour: a service-mode session with one test play, the critical alarm E31
 * and its clearing, three more coins, and an emptying.
 */
let device: Device;
let started: number;

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, USERS.manager);
  const auth = { Authorization: `Bearer ${token}` };
  // A device of its own, with a new logger (its credential comes once, in the answer), so no other
  // spec's telemetry mixes into its history.
  const body = String(Date.now()).slice(-14).padStart(14, '4');
  const imei = `${body}${imeiCheckDigit(body)}`;
  const logger = await request.post('/api/v2/loggers', { headers: auth, data: { imei } });
  expect(logger.status(), await logger.text()).toBe(201);
  const { '@id': loggerIri, credential } = (await logger.json()) as { '@id': string; credential: string };
  const location = (await apiGet<Collection<{ '@id': string }>>(request, token, '/locations?itemsPerPage=1')).member[0];
  const created = await request.post('/api/v2/devices', {
    headers: auth,
    data: { name: `Povijest ${body.slice(-5)}`, group: 'kiddie_ride', playPriceCents: 200, logger: loggerIri, location: location?.['@id'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  device = (await created.json()) as Device;
  // From now on: the device stands at its location since it was created (events before that belong
  // nowhere), and the server takes times up to 5 minutes ahead as they are.
  started = Date.now() + 2_000;
  const seq = Date.now();
  const events = [
    [0, { type: 'service_mode', on: true }],
    [30, { type: 'coin', valueCents: 200, count: 1 }],
    [120, { type: 'service_mode', on: false }],
    [150, { type: 'alarm', code: 'E31', critical: true }],
    [210, { type: 'alarm_cleared', code: 'E31' }],
    [240, { type: 'coin', valueCents: 100, count: 3 }],
    [270, { type: 'emptying', coinsCents: 500, tokens: 0 }],
  ].map(([seconds, event], i) => ({ ...(event as object), seq: seq + i, at: new Date(started + Number(seconds) * 1000).toISOString() }));
  const response = await request.post('/api/v2/telemetry/batches', {
    headers: { Authorization: `Bearer ${credential}` },
    data: { imei, events },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { accepted: number }).accepted).toBe(events.length);
});

/** The data rows of a list, by its accessible name. */
const rows = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

/** The text of a row's cell under a header. */
async function cell(page: Page, table: string, rowIndex: number, header: string): Promise<string> {
  const headers = (await page.getByRole('table', { name: table }).getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return (await rows(page, table).nth(rowIndex).getByRole('cell').nth(index).innerText()).trim();
}

test('the service-mode history, filtered by the device, shows its session with one test play', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/devices/service-mode-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Service mode history' })).toBeVisible();
  // The device filter is a reference select: typed, picked, kept in the URL.
  const filter = page.getByRole('textbox', { name: 'Device', exact: true }).or(page.getByRole('combobox', { name: 'Device', exact: true }));
  await filter.click();
  await filter.fill(device.name);
  await page.getByRole('option', { name: `${device.name} (${device.imei})`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`device=.*devices.*${device.id}`));

  const table = 'Service mode history';
  await expect(rows(page, table)).toHaveCount(1);
  expect(await cell(page, table, 0, 'Device')).toBe(device.name);
  expect(await cell(page, table, 0, 'Test plays')).toBe('1');
  expect(await cell(page, table, 0, 'Duration')).toBe('0:02');
  expect(await cell(page, table, 0, 'Ended')).not.toBe('Still on');
});

test('the critical history shows the episode E31 with its duration', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/devices/critical-history?device=${encodeURIComponent(device['@id'])}`);
  const table = 'Critical history';
  await expect(rows(page, table)).toHaveCount(1);
  expect(await cell(page, table, 0, 'Alarm code')).toBe('E31');
  expect(await cell(page, table, 0, 'Duration (h:mm)')).toBe('0:01');
  expect(await cell(page, table, 0, 'End')).not.toBe('Ongoing');
  // The filter shows which device the list is of.
  await expect(
    page.getByRole('textbox', { name: 'Device', exact: true }).or(page.getByRole('combobox', { name: 'Device', exact: true })),
  ).toHaveValue(`${device.name} (${device.imei})`);
});

test('the discharge history shows the emptying beside the device counter', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/devices/discharge-history?device=${encodeURIComponent(device['@id'])}`);
  const table = 'Discharge history';
  await expect(rows(page, table)).toHaveCount(1);
  expect(await cell(page, table, 0, 'Location')).toBe(device.locationName);
  // Money on the first line of a cell, tokens on the second.
  expect((await cell(page, table, 0, 'Counted (telemetry)')).split('\n')).toEqual(['5,00 €', 'Tokens: 0']);
  expect((await cell(page, table, 0, 'Device counter')).split('\n')).toEqual(['5,00 €', 'Tokens: 0']);
  expect((await cell(page, table, 0, 'Difference')).split('\n')).toEqual(['0,00 €', 'Tokens: 0']);
});

test('the placement history shows where the device stands now', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/devices/locations');
  await expect(page.getByRole('heading', { level: 1, name: 'Placement history' })).toBeVisible();
  const picker = page.getByRole('textbox', { name: 'Device', exact: true }).or(page.getByRole('combobox', { name: 'Device', exact: true }));
  await picker.click();
  await picker.fill(device.name);
  await page.getByRole('option', { name: `${device.name} (${device.imei})`, exact: true }).click();
  await expect(page).toHaveURL(/device=/);

  const table = page.getByRole('table', { name: 'Placement history' });
  const current = table.getByRole('row').filter({ hasText: 'Now' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(device.locationName ?? '');

  // The chosen device is kept in the URL: a reload shows the same history.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Placement history' }).getByRole('row').filter({ hasText: 'Now' })).toContainText(
    device.locationName ?? '',
  );
});

test('the history screens are in the Devices menu', async ({ page }) => {
  await signIn(page, USERS.worker);
  await page.goto('/dashboard');
  // Followed once the link is wholly in view: a click while the group still unfolds can miss it (seen
  // under a loaded CI, the page stayed on the dashboard).
  await followMenu(page, 'Devices', 'Discharge history');
  await expect(page.getByRole('heading', { level: 1, name: 'Discharge history' })).toBeVisible();
  const aside = page.getByRole('navigation', { name: 'Main menu' });
  for (const name of ['Service mode history', 'Critical history', 'Discharge history', 'Placement history']) {
    await expect(aside.getByRole('link', { name })).toBeVisible();
  }
});
