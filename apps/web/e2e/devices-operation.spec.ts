import { type Collection, type Command, commandEvent, type Device, type TelemetryAnswer, type TelemetryEvent } from '@kovanica/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiGet, chooseOption, expectAccessible, followMenu, screenshot, signIn, USERS } from './support.ts';

/** A demo device by its exact name (the demo fleet is numbered per model: "Dupin 2"). */
async function deviceNamed(request: APIRequestContext, token: string, name: string): Promise<Device> {
  const found = await apiGet<Collection<Device>>(request, token, `/devices?name=${encodeURIComponent(name)}&itemsPerPage=50`);
  const device = found.member.find((d) => d.name === name);
  if (!device?.imei) throw new Error(`the demo data needs a device "${name}" with a logger`);
  return device;
}

// Sequence numbers only have to be unique per logger; the clock keeps them so across runs and retries.
let lastSeq = 0;
const nextSeq = () => {
  lastSeq = Math.max(lastSeq + 1, Date.now());
  return lastSeq;
};

type WithoutStamp<E> = E extends unknown ? Omit<E, 'seq' | 'at'> : never;
/** An event as a test writes it; `report` numbers and times it. */
type EventBody = WithoutStamp<TelemetryEvent>;

/** What a demo logger would send: a batch authenticated by its credential (`kvl_demo_<imei>`). */
async function report(request: APIRequestContext, imei: string, ...events: EventBody[]): Promise<TelemetryAnswer> {
  const at = new Date().toISOString();
  const response = await request.post('/api/v2/telemetry/batches', {
    headers: { Authorization: `Bearer kvl_demo_${imei}` },
    data: { imei, events: events.map((e) => ({ ...e, seq: nextSeq(), at })) },
  });
  expect(response.ok(), `telemetry of ${imei}`).toBeTruthy();
  return (await response.json()) as TelemetryAnswer;
}

/** Sends a command through the list page's button and modal. */
async function sendFromList(page: Page, button: string, submit: string, device: Device, reason: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await expect(dialog).toBeVisible();
  await chooseOption(page, 'Device', device.name, { within: dialog, search: device.name });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: submit }).click();
  await expect(dialog).toBeHidden();
}

test('a manager gives a free ride; the logger picks it up and confirms it', async ({ page }) => {
  const { token, user } = await signIn(page, USERS.manager);
  const device = await deviceNamed(page.request, token, 'Helikopter 1');
  const imei = device.imei ?? '';
  const reason = `E2E coin stuck ${Date.now()}`;

  await page.goto('/dashboard');
  await followMenu(page, 'Devices', 'Free rides');
  await expect(page).toHaveURL(/\/devices\/free-ride$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Free rides' })).toBeVisible();

  // Nothing is sent while the form is incomplete; both fields say why.
  await page.getByRole('button', { name: 'Give a free ride' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give a free ride' });
  await dialog.getByRole('button', { name: 'Give the free ride' }).click();
  await expect(dialog.getByText('This field is required.')).toHaveCount(2);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await sendFromList(page, 'Give a free ride', 'Give the free ride', device, reason);
  await expect(page.getByText('The free ride has been sent.')).toBeVisible();
  const row = page.getByRole('table', { name: 'Free rides' }).getByRole('row').filter({ hasText: reason });
  await expect(row).toContainText(device.name);
  await expect(row).toContainText(`${user.name} ${user.surname}`);
  await expect(row).toContainText('Pending');

  const sent = await apiGet<Collection<Command>>(
    page.request,
    token,
    `/commands?type=free_ride&device=${encodeURIComponent(device['@id'])}`,
  );
  const command = sent.member.find((c) => c.reason === reason);
  if (!command) throw new Error('the free ride was not stored');

  // The logger's next report is answered with the command: it is delivered.
  const answer = await report(page.request, imei, { type: 'heartbeat' });
  expect(answer.commands).toContainEqual({ id: command.id, type: 'free_ride' });
  await page.reload();
  await expect(row).toContainText('Delivered');
  await expect(row).toContainText(/Delivered \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);

  // The logger confirms it with a free ride event naming the command: it is done.
  await report(page.request, imei, { type: 'free_ride', commandId: command.id });
  await page.reload();
  await expect(row.getByText('Done', { exact: true })).toBeVisible();
  await expect(row).toContainText(/Done \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await expectAccessible(page);

  // Every free ride, remote or given on the device, is in the transactions, with who gave it and why.
  await page.getByRole('link', { name: 'All free rides, also those given on the device' }).click();
  await expect(page).toHaveURL(/\/transactions\/list\?type=free_ride$/);
  const given = page.getByRole('table', { name: 'Transactions' }).getByRole('row').filter({ hasText: reason });
  await expect(given).toContainText(`Remotely by ${user.name} ${user.surname}: ${reason}`);
  await expect(given).toContainText(device.name);
});

test('resets in a burst while the location is open are flagged as frequent', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const device = await deviceNamed(page.request, token, 'Brodić 1');
  const imei = device.imei ?? '';
  // Open every day 08:00–20:00; the burst is yesterday around noon in Zagreb (+01:00 or +02:00).
  const hours = { start: '08:00', end: '20:00' };
  const patched = await page.request.patch(`/api/v2/locations/${device.location?.split('/').pop()}`, {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/merge-patch+json' },
    data: { workingHours: { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours } },
  });
  expect(patched.ok()).toBeTruthy();
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const response = await page.request.post('/api/v2/telemetry/batches', {
    headers: { Authorization: `Bearer kvl_demo_${imei}` },
    data: {
      imei,
      events: ['11:00', '11:15', '11:30'].map((time) => ({ seq: nextSeq(), at: `${day}T${time}:00+01:00`, type: 'reset' })),
    },
  });
  expect(response.ok()).toBeTruthy();

  await page.goto(`/transactions/list?type=reset&device=${encodeURIComponent(device['@id'])}`);
  const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row').filter({ hasText: 'On the device' });
  await expect(rows).toHaveCount(3);
  // Newest first: the third of the hour is flagged, the first two are not.
  await expect(rows.nth(0).getByText('Frequent', { exact: true })).toBeVisible();
  await expect(rows.nth(1).getByText('Frequent', { exact: true })).toHaveCount(0);
  await expect(rows.nth(2).getByText('Frequent', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
});

test('a critical alarm lists the device as critical with its code and marks it in the device list', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const device = await deviceNamed(page.request, token, 'Kapsule 2');
  const imei = device.imei ?? '';
  // A retry starts from a device that is not critical.
  await report(page.request, imei, { type: 'alarm_cleared', code: 'E12' });

  await page.goto(`/devices/critical?name=${encodeURIComponent(device.name)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Critical devices' })).toBeVisible();
  const critical = page.getByRole('table', { name: 'Critical devices' });
  await expect(critical.getByText('There are no devices.')).toBeVisible();

  await report(page.request, imei, { type: 'alarm', code: 'E12', critical: true });
  await page.goto('/devices/critical');
  const row = critical.getByRole('row').filter({ hasText: device.name });
  await expect(row).toContainText('E12');
  await expect(row).toContainText(device.locationName ?? '');
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await expectAccessible(page);

  // The device list shows the state, and its Critical filter finds the device.
  await page.goto('/devices/list');
  const list = page.getByRole('table', { name: 'Devices' });
  await chooseOption(page, 'Critical', 'Yes');
  await expect(page).toHaveURL(/critical=true/);
  const listed = list.getByRole('row').filter({ hasText: device.name });
  await expect(listed.getByText('Critical (E12)')).toBeVisible();
  await expect(listed.getByText('Online')).toBeVisible();
  await expectAccessible(page);

  // Its page shows the state at the top.
  await page.goto(`/devices/edit/${device.id}`);
  const card = page.getByRole('region', { name: 'In operation' });
  await expect(card.getByText('Critical (E12)')).toBeVisible();
  await expect(card.getByText('Critical since')).toBeVisible();
});

test('a worker sends a reset from the list, and a manager a free ride from the device page', async ({ page }) => {
  const { token } = await signIn(page, USERS.worker);
  const device = await deviceNamed(page.request, token, 'Dupin 2');
  const reason = `E2E display frozen ${Date.now()}`;

  await page.goto('/devices/reset');
  await expect(page.getByRole('heading', { level: 1, name: 'Resets' })).toBeVisible();
  await sendFromList(page, 'Send a reset', 'Send the reset', device, reason);
  await expect(page.getByText('The reset has been sent.')).toBeVisible();
  const row = page.getByRole('table', { name: 'Resets' }).getByRole('row').filter({ hasText: reason });
  await expect(row).toContainText(device.name);
  await expect(row).toContainText('Pending');

  const manager = await signIn(page, USERS.manager);
  const other = await deviceNamed(page.request, manager.token, 'Boksač 1');
  const rideReason = `E2E from the device page ${Date.now()}`;
  await page.goto(`/devices/edit/${other.id}`);
  const card = page.getByRole('region', { name: 'In operation' });
  await expect(card.getByText('Cash in box')).toBeVisible();
  await card.getByRole('button', { name: 'Free ride' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give a free ride' });
  await expect(dialog.getByText(`Device: ${other.name}`)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(rideReason);
  await dialog.getByRole('button', { name: 'Give the free ride' }).click();
  await expect(page.getByText('The free ride has been sent.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/devices/free-ride');
  const rides = page.getByRole('table', { name: 'Free rides' }).getByRole('row').filter({ hasText: rideReason });
  await expect(rides).toContainText(other.name);
  await expect(rides).toContainText('Pending');
});

test('a manager turns service mode on from the device page; it waits for the logger, which switches the machine', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const device = await deviceNamed(page.request, token, 'Snaga udarca 2');
  const card = page.getByRole('region', { name: 'In operation' });
  await page.goto(`/devices/edit/${device.id}`);
  // Whatever state a rerun left it in, it starts out of service mode.
  if (await card.getByRole('button', { name: 'Turn service mode off' }).isVisible()) {
    await report(page.request, device.imei ?? '', { type: 'service_mode', on: false });
    await page.reload();
  }
  await card.getByRole('button', { name: 'Turn service mode on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn service mode on' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('E2E: annual inspection');
  await dialog.getByRole('button', { name: 'Turn service mode on' }).click();
  await expect(page.getByText('Service mode on has been sent.')).toBeVisible();
  await expect(card.getByText('Waiting for the logger')).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'Service mode on — Pending (Marko Horvat' })).toBeVisible();
  await expectAccessible(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `device-service-mode-waiting-${width}`);
  }

  // The logger gets the command with its next report and carries it out: the device is in service mode.
  const answer = await report(page.request, device.imei ?? '', { type: 'heartbeat' });
  const command = answer.commands.find((c) => c.type === 'service_mode_on');
  if (!command) throw new Error('the logger did not get the command');
  await report(page.request, device.imei ?? '', commandEvent(command));
  await page.reload();
  await expect(card.getByRole('button', { name: 'Turn service mode off' })).toBeVisible();
  await expect(card.getByText('Waiting for the logger')).toHaveCount(0);
  const done = await apiGet<Command>(page.request, token, `/commands/${command.id}`);
  expect(done.status).toBe('done');
});

test('a device without a logger offers no commands, and sending one is refused at the device', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const response = await page.request.post('/api/v2/devices', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `E2E no logger ${Date.now()}`, group: 'other', playPriceCents: 100, tokenValueCents: 0 },
  });
  expect(response.status()).toBe(201);
  const device = (await response.json()) as Device;
  await page.goto(`/devices/edit/${device.id}`);
  const card = page.getByRole('region', { name: 'In operation' });
  await expect(card.getByText('Offline')).toBeVisible();
  await expect(card.getByText('No logger is fitted')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Free ride' })).toHaveCount(0);

  // Picked on the list page, the server's refusal is said at the device field.
  await page.goto('/devices/free-ride');
  await page.getByRole('button', { name: 'Give a free ride' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give a free ride' });
  await chooseOption(page, 'Device', device.name, { within: dialog, search: device.name });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('E2E no logger');
  await dialog.getByRole('button', { name: 'Give the free ride' }).click();
  await expect(dialog.getByText('This device has no logger to send the command to.')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Device', exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('an accountant sees the critical devices, free rides and resets without the send buttons', async ({ page }) => {
  await signIn(page, USERS.accountant);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Devices' }).click();
  await expect(menu.getByRole('link', { name: 'Critical devices' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Resets' })).toBeVisible();
  await menu.getByRole('link', { name: 'Free rides' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Free rides' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Free rides' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Give a free ride' })).toHaveCount(0);

  await page.goto('/devices/reset');
  await expect(page.getByRole('table', { name: 'Resets' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a reset' })).toHaveCount(0);

  await page.goto('/devices/critical');
  await expect(page.getByRole('table', { name: 'Critical devices' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
});
