import type { Collection, Device, TelemetryHold } from '@kovanica/contract';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiGet, expectAccessible, followMenu, signIn, USERS } from './support.ts';

/** Demo devices with a logger, last names first (the other specs use the first ones); each test takes its own. */
async function spareDevices(request: APIRequestContext, token: string): Promise<Device[]> {
  const devices = await apiGet<Collection<Device>>(request, token, '/devices?itemsPerPage=30&critical=false&order[name]=desc');
  return devices.member.filter((d) => d.imei && !d.state.serviceMode);
}

/** The device's logger sends a coin and a payment too large for a ride of 2 €: the batch is held. */
async function sendImplausible(request: APIRequestContext, device: Device, payment: Record<string, unknown>) {
  const at = new Date(Date.now() - 60_000).toISOString();
  const seq = Date.now();
  const sent = await request.post('/api/v2/telemetry/batches', {
    headers: { Authorization: `Bearer kvl_demo_${device.imei}` },
    data: {
      imei: device.imei,
      events: [
        { seq, at, type: 'coin', valueCents: 200 },
        { seq: seq + 1, at, ...payment },
      ],
    },
  });
  expect(sent.ok()).toBeTruthy();
}

/**
 * Held telemetry (docs/rules.md "Plausibility"): a logger's 500 € note on a ride is held, its device
 * critical, and a manager finds it from the device's page and releases it with a note; accountants see
 * the list without its actions; the demo has one batch in each state.
 */
test('a manager finds a held batch from its critical device and releases it with a note', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const [device] = await spareDevices(page.request, token);
  if (!device) throw new Error('the demo needs a device with a logger');
  await sendImplausible(page.request, device, { type: 'note', valueCents: 50_000 });

  // The device's page says it is critical and leads to the held batch.
  await page.goto(`/devices/edit/${device.id}`);
  await expect(page.getByText('Critical (implausible)')).toBeVisible();
  await page.getByRole('link', { name: 'Show held telemetry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Held telemetry' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: device.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('One payment too large');
  await expect(row).toContainText('502,00 €');
  await expect(row.getByText('Held', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await row.getByRole('button', { name: `Release: ${device.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Release the held batch of ${device.name}?` });
  await expect(dialog).toContainText('502,00 € goes into the revenue');
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('A guest paid with a 500 € note.');
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Release' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The batch is released and counted.')).toBeVisible();
  await expect(row.getByText('Released', { exact: true })).toBeVisible();
  await expect(row).toContainText('A guest paid with a 500 € note.');
  await expect(row).toContainText('Marko Horvat');
  await expect(row.getByRole('button', { name: `Release: ${device.name}` })).toHaveCount(0);

  // Counted: the device is critical no more.
  await page.goto(`/devices/edit/${device.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Critical (implausible)')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Show held telemetry' })).toHaveCount(0);
});

test('held batches in each state: an accountant reads them without deciding, in Croatian too', async ({ page }) => {
  const manager = await signIn(page, USERS.manager);
  const [, waiting, released, discarded] = await spareDevices(page.request, manager.token);
  if (!waiting || !released || !discarded) throw new Error('the demo needs four devices with a logger');
  for (const device of [waiting, released, discarded])
    await sendImplausible(page.request, device, { type: 'cashless', valueCents: 30_000 });
  for (const [device, action] of [
    [released, 'release'],
    [discarded, 'discard'],
  ] as const) {
    const holds = await apiGet<Collection<TelemetryHold>>(page.request, manager.token, `/telemetry-holds?device=${device.id}&status=held`);
    const decided = await page.request.post(`/api/v2/telemetry-holds/${holds.member[0]?.id}/${action}`, {
      headers: { Authorization: `Bearer ${manager.token}` },
      data: { note: `E2E ${action}` },
    });
    expect(decided.status()).toBe(200);
  }
  await signIn(page, USERS.accountant);
  await page.goto('/dashboard');
  await followMenu(page, 'Devices', 'Held telemetry');
  await expect(page).toHaveURL(/\/devices\/held-telemetry/);
  for (const status of ['Held', 'Released', 'Discarded'])
    await expect(page.getByRole('cell').getByText(status, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Release: / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Discard: / })).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Zadržana telemetrija' })).toBeVisible();
  await expect(page.getByRole('cell').getByText('Pušten', { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
});

test('a worker has no held telemetry in the menu', async ({ page }) => {
  await signIn(page, USERS.worker);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Devices' }).click();
  await expect(menu.getByRole('link', { name: 'Critical devices' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Held telemetry' })).toHaveCount(0);
});
