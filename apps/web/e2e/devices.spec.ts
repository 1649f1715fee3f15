import { type Collection, type Device, isValidImei, type Location, type Logger, type Tag } from '@kovanica/contract';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiGet, chooseOption, columnTexts, expectAccessible, followMenu, signIn, USERS } from './support.ts';

function withCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (isValidImei(`${body}${digit}`)) return `${body}${digit}`;
  }
  throw new Error(`no check digit for ${body}`);
}

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/v2${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), `POST ${path}`).toBe(201);
  return (await response.json()) as T;
}

test('a manager creates a device with logger, location and tag, then moves it', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const stamp = String(Date.now()).slice(-6);
  const imei = withCheckDigit(`35${String(Date.now()).slice(-12)}`);
  await post<Logger>(page.request, token, '/loggers', { imei });
  const tag = await post<Tag>(page.request, token, '/tags', { name: `E2E tag ${stamp}`, colour: '#1864ab' });
  const locations = await apiGet<Collection<Location>>(page.request, token, '/locations?order[name]=asc&itemsPerPage=2');
  const [first, second] = locations.member;
  if (!first || !second) throw new Error('the demo data needs two locations');
  const name = `E2E device ${stamp}`;

  await page.goto('/devices/list');
  await page.getByRole('main').getByRole('link', { name: 'New device' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New device' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await chooseOption(page, 'Group', 'Kiddie ride');
  await chooseOption(page, 'Tags', tag.name, { search: tag.name });
  await page.keyboard.press('Escape');
  await chooseOption(page, 'Logger', imei, { search: imei });
  await chooseOption(page, 'Location', first.name, { search: first.name });
  await page.getByRole('textbox', { name: 'Play price' }).fill('2,50');
  await page.getByRole('textbox', { name: 'Token value' }).fill('1');
  await page.getByRole('button', { name: 'Create device' }).click();
  await expect(page.getByText('The device has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/devices\/edit\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Device: ${name}` })).toBeVisible();
  const id = Number(page.url().split('/').pop());
  const created = await apiGet<Device>(page.request, token, `/devices/${id}`);
  expect(created).toMatchObject({
    name,
    group: 'kiddie_ride',
    imei,
    location: first['@id'],
    tags: [tag['@id']],
    playPriceCents: 250,
    tokenValueCents: 100,
  });

  const history = page.getByRole('table', { name: 'Placement history' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByRole('row').nth(1)).toContainText(first.name);
  await expect(history.getByRole('row').nth(1)).toContainText('Now');

  // Moving: the form explains that the move is recorded, then the history shows both stays.
  await chooseOption(page, 'Location', second.name, { search: second.name });
  await expect(page.getByText('the move is recorded with its time in the placement history')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The device has been saved.')).toBeVisible();
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText(second.name);
  await expect(history.getByRole('row').nth(1)).toContainText('Now');
  await expect(history.getByRole('row').nth(2)).toContainText(first.name);
  await expect(history.getByRole('row').nth(2)).not.toContainText('Now');
  await expect(page.getByText('the move is recorded with its time in the placement history')).toHaveCount(0);

  // The list shows the tag's badge from the devices' own answer (its `tagLabels`): no request per tag.
  const tagReads: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/v2\/tags\/\d+/.test(request.url())) tagReads.push(request.url());
  });
  await page.goto(`/devices/list?name=${encodeURIComponent(name)}`);
  const row = page.getByRole('table', { name: 'Devices' }).getByRole('row').filter({ hasText: name });
  await expect(row.getByText(tag.name, { exact: true })).toBeVisible();
  expect(tagReads).toEqual([]);
});

test('a logger fitted to another device is refused on the logger field', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const imei = withCheckDigit(`36${String(Date.now()).slice(-12)}`);
  const logger = await post<Logger>(page.request, token, '/loggers', { imei });
  const holder = await post<Device>(page.request, token, '/devices', {
    name: `E2E holder ${imei.slice(-6)}`,
    group: 'vending',
    logger: logger['@id'],
  });

  await page.goto('/devices/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E taker ${imei.slice(-6)}`);
  await chooseOption(page, 'Group', 'Vending');
  await chooseOption(page, 'Logger', `${imei} (fitted to ${holder.name})`, { search: imei });
  await page.getByRole('textbox', { name: 'Play price' }).fill('1');
  await page.getByRole('textbox', { name: 'Token value' }).fill('0');
  await page.getByRole('button', { name: 'Create device' }).click();
  await expect(page.getByText('This logger is already fitted to another device.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Logger', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/devices\/new$/);
});

test('the device list filtered by group and sorted by name keeps its state after a reload', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const expected = await apiGet<Collection<Device>>(page.request, token, '/devices?group=monster&order[name]=desc&itemsPerPage=30');
  expect(expected.totalItems).toBeGreaterThan(1);
  const names = expected.member.map((d) => d.name);

  await page.goto('/dashboard');
  await followMenu(page, 'Devices', 'List');
  await expect(page).toHaveURL(/\/devices\/list$/);
  const table = page.getByRole('table', { name: 'Devices' });
  await expect(table).toBeVisible();

  await chooseOption(page, 'Group', 'Monster');
  await expect(page).toHaveURL(/group=monster/);
  const nameHeader = table.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => columnTexts(table, 'Name')).toEqual(names);
  await expect.poll(() => columnTexts(table, 'Group')).toEqual(names.map(() => 'Monster'));
  const url = page.url();
  expect(url).toMatch(/sort=name/);
  expect(url).toMatch(/dir=desc/);

  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByRole('combobox', { name: 'Group', exact: true })).toHaveValue('Monster');
  await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => columnTexts(table, 'Name')).toEqual(names);
});

test('a worker edits devices but sees no New button, and /devices/new shows the refusal', async ({ page }) => {
  await signIn(page, USERS.worker);
  await page.goto('/devices/list');
  const table = page.getByRole('table', { name: 'Devices' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('link', { name: 'New device' })).toHaveCount(0);
  await expect(table.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Devices' }).click();
  await expect(menu.getByRole('link', { name: 'New device' })).toHaveCount(0);

  // Editing is allowed; deleting is not offered.
  await table
    .getByRole('link', { name: /^Edit / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/devices\/edit\/\d+$/);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  // Prices, group and fiscal data are shown but not editable (contract writeRules); the name is.
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeEditable();
  await expect(page.getByRole('textbox', { name: /^Play price/ })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: /^Business premises label/ })).toBeDisabled();
  await expect(page.getByText('Prices, the group and the fiscal data are changed by a manager.').first()).toBeVisible();

  await page.goto('/devices/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveCount(0);
});

test('the device list and edit page have no serious accessibility violations', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/devices/list');
  await expect(page.getByRole('table', { name: 'Devices' }).getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
  await page.goto('/devices/edit/1');
  await expect(page.getByRole('table', { name: 'Placement history' })).toBeVisible();
  await expectAccessible(page);
});
