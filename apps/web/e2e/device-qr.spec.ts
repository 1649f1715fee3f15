import { readFileSync } from 'node:fs';
import type { Collection, Device } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { apiGet, axeScan, signIn, USERS, waitForQuiet } from './support.ts';

/**
 * Device QR labels (one on the device's page, sheets of the list) read back from the PDF, and the
 * scanner: a typed id or name where the camera is missing or denied (the camera itself: device-scan-camera.spec.ts).
 */
async function pdfOf(page: Page, click: () => Promise<void>): Promise<{ name: string; pages: number; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  // Words as printed: a name or location that wraps on the label reads as one line here.
  return { name: download.suggestedFilename(), pages: pdf.numPages, text: text.replace(/\s+/g, ' ') };
}

async function devices(page: Page, token: string): Promise<Device[]> {
  return (await apiGet<Collection<Device>>(page.request, token, '/devices?itemsPerPage=200&order[name]=asc')).member;
}

test("a device's page makes its QR label: name, location and id", async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const device = (await devices(page, token)).find((d) => d.locationName);
  if (!device) throw new Error('the demo needs a placed device');
  await page.goto(`/devices/edit/${device.id}`);
  const label = await pdfOf(page, () => page.getByRole('button', { name: 'QR label', exact: true }).click());
  expect(label.name).toBe(`device-${device.id}-label.pdf`);
  expect(label.pages).toBe(1);
  expect(label.text).toContain(device.name);
  expect(label.text).toContain(device.locationName ?? '');
  expect(label.text).toContain(`ID ${device.id}`);
});

test('the devices list makes sheets of labels: the selected ones, or the whole filtered list', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const all = await devices(page, token);
  await page.goto('/devices/list');
  await waitForQuiet(page);
  const sheet = await pdfOf(page, () => page.getByRole('button', { name: 'QR labels', exact: true }).click());
  expect(sheet.name).toBe('device-labels.pdf');
  // 24 labels a sheet.
  expect(sheet.pages).toBe(Math.ceil(Math.min(all.length, 240) / 24));
  for (const d of all.slice(0, 5)) expect(sheet.text).toContain(`ID ${d.id}`);

  // Two rows selected: their labels only.
  const table = page.getByRole('table');
  const rows = table.getByRole('row').filter({ has: page.getByRole('checkbox') });
  await rows.nth(1).getByRole('checkbox').check();
  await rows.nth(2).getByRole('checkbox').check();
  const selected = await pdfOf(page, () => page.getByRole('button', { name: 'QR labels (2)' }).click());
  expect(selected.pages).toBe(1);
  expect(selected.text.match(/ID \d+/g)).toHaveLength(2);
});

test('without a camera the scanner says so, and a typed id or name finds the device', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const [first, second] = await devices(page, token);
  if (!first || !second) throw new Error('the demo needs devices');
  // No camera in this browser: what a desktop without one, or a browser without the API, shows.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
  });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/devices/list');
  await page.getByRole('button', { name: 'Scan a device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan a device' });
  await expect(dialog.getByText('This browser has no camera to use.')).toBeVisible();
  const accessibility = await axeScan(page).include('[role="dialog"]').analyze();
  expect(
    accessibility.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`),
  ).toEqual([]);

  // A name: the devices found, one click opens it.
  await dialog.getByRole('textbox', { name: 'Device id or name' }).fill(second.name);
  await dialog.getByRole('button', { name: 'Find' }).click();
  const found = dialog.getByRole('list', { name: 'Devices found' }).getByRole('listitem');
  await expect(found.filter({ hasText: second.name }).first()).toBeVisible({ timeout: 10_000 });
  await found.filter({ hasText: second.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/devices/edit/${second.id}$`));
  await expect(dialog).toBeHidden();

  // The id printed on the label opens the device at once; a name that matches nothing says so.
  await page.goto('/devices/list');
  await page.getByRole('button', { name: 'Scan a device' }).click();
  await dialog.getByRole('textbox', { name: 'Device id or name' }).fill('zzqx-no-device');
  await dialog.getByRole('button', { name: 'Find' }).click();
  await expect(dialog.getByText('No device found.')).toBeVisible({ timeout: 10_000 });
  await dialog.getByRole('textbox', { name: 'Device id or name' }).fill(String(first.id));
  await dialog.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(new RegExp(`/devices/edit/${first.id}$`));
});

test('a denied camera says so', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  await page.goto('/devices/list');
  await page.getByRole('button', { name: 'Scan a device' }).click();
  await expect(page.getByRole('dialog').getByText('The camera is not allowed')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Device id or name' })).toBeVisible();
});
