import { type Device, isValidImei, type Logger } from '@kovanica/contract';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiGet, expectAccessible, screenshot, signIn, textContrast, USERS } from './support.ts';

/** A valid IMEI: the 14 digits given, then the Luhn check digit that makes them valid. */
function withCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (isValidImei(`${body}${digit}`)) return `${body}${digit}`;
  }
  throw new Error(`no check digit for ${body}`);
}

let serial = 0;
/** A fresh valid IMEI per call, so repeated runs on one database never collide. */
const freshImei = () => withCheckDigit(`35${String(Date.now()).slice(-9)}${String(++serial).padStart(3, '0')}`);

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/v2${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), `POST ${path}`).toBe(201);
  return (await response.json()) as T;
}

test('a manager creates a logger (after a bad IMEI), sees its credential once and rotates it', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Loggers' }).click();
  await menu.getByRole('link', { name: 'List' }).click();
  await expect(page).toHaveURL(/\/loggers\/list$/);
  await expect(page.getByRole('table', { name: 'Loggers' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'New logger' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New logger' })).toBeVisible();

  // A wrong check digit: the field says so and nothing is sent.
  const good = freshImei();
  const bad = `${good.slice(0, 14)}${(Number(good[14]) + 1) % 10}`;
  expect(isValidImei(bad)).toBe(false);
  await page.getByRole('textbox', { name: 'IMEI' }).fill(bad);
  await page.getByRole('textbox', { name: 'Serial number' }).fill('E2E-SER-1');
  await page.getByRole('button', { name: 'Create logger' }).click();
  await expect(page.getByText('Enter a valid IMEI: 15 digits with a correct check digit.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'IMEI' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/loggers\/new$/);
  const none = await apiGet<{ totalItems: number }>(page.request, token, `/loggers?imei=${bad}`);
  expect(none.totalItems).toBe(0);

  // A valid one: the credential is shown once, with the warning, before the page moves on.
  await page.getByRole('textbox', { name: 'IMEI' }).fill(good);
  await page.getByRole('textbox', { name: 'Firmware' }).fill('2.5.0');
  await page.getByRole('textbox', { name: 'SIM number' }).fill('+385 99 123 4567');
  await page.getByRole('button', { name: 'Create logger' }).click();
  const issued = page.getByRole('dialog', { name: 'Logger credential' });
  await expect(issued).toBeVisible();
  await expect(issued.getByText('This credential will not be shown again')).toBeVisible();
  expect(await textContrast(issued.getByText('This credential will not be shown again'))).toBeGreaterThanOrEqual(4.5);
  await expect(issued.getByRole('button', { name: 'Copy the credential' })).toBeVisible();
  const first = await issued.getByRole('textbox', { name: 'Credential' }).inputValue();
  // The shared notification's close button has no name yet (reported); check once it has gone.
  await expect(page.getByText('The logger has been created.')).toBeHidden({ timeout: 10_000 });
  await expectAccessible(page);
  expect(first.length).toBeGreaterThan(15);
  // Escape does not close it: the only copy must not be lost by accident.
  await page.keyboard.press('Escape');
  await expect(issued).toBeVisible();
  await issued.getByRole('button', { name: 'I have stored it, continue' }).click();
  await expect(issued).toBeHidden();
  await expect(page).toHaveURL(/\/loggers\/edit\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Logger: ${good}` })).toBeVisible();
  const id = Number(page.url().split('/').pop());
  const saved = await apiGet<Logger>(page.request, token, `/loggers/${id}`);
  expect(saved).toMatchObject({ imei: good, serial: 'E2E-SER-1', firmware: '2.5.0', simNumber: '+385 99 123 4567', device: null });
  expect(saved.credential).toBeUndefined();

  // Rotating asks first, then shows a different credential the same way.
  await page.getByRole('button', { name: 'Rotate credential' }).click();
  const confirm = page.getByRole('dialog', { name: 'Rotate the credential?' });
  await expect(confirm.getByText('the current one stops working at once')).toBeVisible();
  await confirm.getByRole('button', { name: 'Rotate', exact: true }).click();
  const rotated = page.getByRole('dialog', { name: 'Logger credential' });
  await expect(rotated).toBeVisible();
  const second = await rotated.getByRole('textbox', { name: 'Credential' }).inputValue();
  expect(second.length).toBeGreaterThan(15);
  expect(second).not.toBe(first);
  await rotated.getByRole('button', { name: 'I have stored it, continue' }).click();
  await expect(rotated).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/loggers/edit/${id}$`));
});

test('deleting a logger fitted to a device is refused with the 409 naming what depends on it', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const imei = freshImei();
  const logger = await post<Logger>(page.request, token, '/loggers', { imei });
  const device = await post<Device>(page.request, token, '/devices', {
    name: `E2E fitted ${imei.slice(-6)}`,
    group: 'monster',
    logger: logger['@id'],
  });

  await page.goto(`/loggers/list?imei=${imei}`);
  const table = page.getByRole('table', { name: 'Loggers' });
  await expect(table.getByRole('cell', { name: imei, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: device.name })).toBeVisible();
  await table.getByRole('button', { name: `Delete ${imei}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${imei}?` });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  const refusal = dialog.getByRole('alert');
  // The API names what depends on the logger (docs/rules.md: "devices: 1"); the row names the device.
  await expect(refusal).toContainText('This item is still in use: devices: 1.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.getByRole('cell', { name: imei, exact: true })).toBeVisible();
  const still = await page.request.get(`/api/v2/loggers/${logger.id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(still.status()).toBe(200);
});

test('an accountant reads loggers but is offered no changes', async ({ page }) => {
  await signIn(page, USERS.accountant);
  await page.goto('/loggers/list');
  await expect(page.getByRole('table', { name: 'Loggers' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'New logger' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await page.goto('/loggers/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
});

test('the logger list has no serious accessibility violations', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/loggers/list');
  await expect(page.getByRole('table', { name: 'Loggers' }).getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
});

test('a logger’s page and the list say which way its last batch came, in English and Croatian', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const imei = freshImei();
  const logger = await post<Logger & { credential: string }>(page.request, token, '/loggers', { imei });
  await post<Device>(page.request, token, '/devices', { name: `E2E transport ${imei.slice(-6)}`, group: 'monster', logger: logger['@id'] });
  await page.goto(`/loggers/edit/${logger.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Logger: ${imei}` })).toBeVisible();
  await expect(page.getByText(/Last seen: never/i)).toBeVisible();
  await expect(page.getByText('Last batch via')).toHaveCount(0);

  // The logger posts a batch over HTTP (MQTT's is the server tests').
  const batch = await page.request.post('/api/v2/telemetry/batches', {
    headers: { Authorization: `Bearer ${logger.credential}` },
    data: { imei, events: [{ seq: 1, at: new Date().toISOString(), type: 'coin', valueCents: 100 }] },
  });
  expect(batch.status(), await batch.text()).toBe(200);

  for (const [language, label, width] of [
    ['en', 'Last batch via', 1280],
    ['hr', 'Zadnji paket putem', 1280],
    ['en', 'Last batch via', 375],
    ['hr', 'Zadnji paket putem', 375],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await page.goto(`/loggers/edit/${logger.id}`);
    await expect(page.getByText(`${label}: HTTP`)).toBeVisible({ timeout: 20_000 });
    await screenshot(page, `loggers-page-transport-${language}-${width}`, false);
    await page.goto(`/loggers/list?imei=${imei}`);
    const table = page.getByRole('table');
    const row = table.getByRole('row').filter({ hasText: imei });
    // A column under its header at 1280 px; on a phone's card, a figure under its label.
    if (width === 1280) await expect(table.getByRole('columnheader', { name: label })).toBeVisible();
    else await expect(row.locator(`td[data-card="figure"][data-label="${label}"]`)).toHaveText('HTTP');
    await expect(row).toContainText('HTTP');
    await expectAccessible(page);
    await screenshot(page, `loggers-list-transport-${language}-${width}`, false);
  }
});
