import type { Collection, Device } from '@kovanica/contract';
import { expect, test } from '@playwright/test';
import { apiGet, apiToken, sendTelemetry, signIn, USERS } from './support.ts';

/**
 * Live updates (docs/api.md "Live updates"): with the open alarms' list on screen, a logger reports its
 * machine critical through the real ingestion API; the server sweeps at once and tells the browser's
 * stream, and the alarm appears in the list without a reload (the list does not poll).
 */
test.describe.configure({ timeout: 60_000 });

test('an alarm raised through the API appears in the open list without a reload', async ({ page }) => {
  const token = await apiToken(page.request, USERS.manager);
  const devices = await apiGet<Collection<Device>>(page.request, token, '/devices?itemsPerPage=200&critical=false&order[id]=asc');
  const usable = devices.member.filter((d) => d.imei && d.location && !d.state.serviceMode);
  // A quarter of the way in: the alarms spec takes the middle ones, other specs the first and the last.
  const device = usable[Math.floor(usable.length / 4)];
  if (!device?.imei) throw new Error('no demo device with a logger');
  const code = `E2E-LIVE-${Date.now() % 100_000}`;

  await signIn(page, USERS.manager);
  const stream = page.waitForResponse((r) => r.url().includes('/api/v2/events') && r.status() === 200);
  await page.goto('/alarms/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Open alarms' })).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await stream;
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0);
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  const sent = Date.now();
  await sendTelemetry(page.request, device.imei, [{ type: 'alarm', code, critical: true }]);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toHaveCount(1, { timeout: 10_000 });
  await expect(row).toContainText('Critical device');
  await expect(row.getByRole('link', { name: device.name })).toBeVisible();
  test.info().annotations.push({ type: 'latency', description: `batch to row on screen: ${Date.now() - sent} ms` });
  expect(reloaded, 'the page was not reloaded').toBe(false);

  // The code cleared, the alarm leaves the open list, again without a reload.
  await sendTelemetry(page.request, device.imei, [{ type: 'alarm_cleared', code }]);
  await expect(row).toHaveCount(0, { timeout: 10_000 });
});
