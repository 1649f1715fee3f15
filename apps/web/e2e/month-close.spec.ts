import { businessDate, type Collection, type Device, type MonthCloses, type User } from '@kovanica/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { monthName } from '../src/lib/day.ts';
import {
  apiGet,
  apiToken,
  chooseOption,
  expectAccessible,
  followMenu,
  NEW_USER_PASSWORD,
  screenshot,
  sendTelemetry,
  signIn,
  USERS,
} from './support.ts';

/**
 * Month close (docs/rules.md "Month close"), in the second demo company (Drugi automati), whose
 * months no other spec closes: the e2e server's demo has no history, so the test gives one of its
 * devices a coin in each of the two months before this one. The earlier one is then the only
 * closable month; the later waits for it. An accountant of the company (made here) closes them, a
 * late coin of the closed month is counted in the next as an adjustment, and the company's manager
 * reopens the last closed month with a reason. The tests of this file run in order, on one server.
 */
test.describe.configure({ mode: 'serial' });

/** `yyyy-MM` moved by whole months. */
function shift(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
// The month with its year as the screen writes it (lib/day.ts): `October 2025`, `listopad 2025.`.
const en = (month: string) => monthName(`${month}-01`, 'en', 'long');
const hr = (month: string) => monthName(`${month}-01`, 'hr', 'long');

const current = businessDate().slice(0, 7);
const previous = shift(current, -1);
const earlier = shift(current, -2);

const ACCOUNTANT = {
  email: 'mc-accountant@drugi.test',
  name: 'Ana',
  surname: 'Zaključić',
  password: NEW_USER_PASSWORD,
};

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The company's device with a logger the test sends its coins from. */
async function deviceOf(request: APIRequestContext, token: string): Promise<Device> {
  const devices = await apiGet<Collection<Device>>(request, token, '/devices?itemsPerPage=30&order[name]=asc');
  const device = devices.member.find((d) => d.imei && !d.state.serviceMode);
  if (!device?.imei) throw new Error('the demo needs a device of Drugi automati with a logger');
  return device;
}

/** A coin of 2 € on the 15th of a month, sent by the device's logger now (late, for a past month). */
const coinIn = (request: APIRequestContext, device: Device, month: string) =>
  sendTelemetry(request, device.imei as string, [{ type: 'coin', valueCents: 200, at: `${month}-15T10:00:00Z` }]);

const rowOf = (page: Page, label: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });

test('an accountant closes the months in order, sees a refusal and the late money counted in the next month', async ({ page }) => {
  // The accountant of Drugi automati, and a coin in each of the two months before this one.
  const request = page.request;
  const admin = await apiToken(request, USERS.admin);
  const manager = await apiToken(request, USERS.otherManager);
  const [self] = (await apiGet<{ member: User[] }>(request, manager, `/users?email=${USERS.otherManager}`)).member;
  const created = await request.post('/api/v2/users', {
    headers: auth(admin),
    data: { ...ACCOUNTANT, roles: ['accountant'], company: self?.company },
  });
  expect([201, 422], await created.text()).toContain(created.status());
  const device = await deviceOf(request, manager);
  await coinIn(request, device, earlier);
  await coinIn(request, device, previous);

  // Other files of the suite may have sent Drugi's devices events of older months: those months are
  // closed first (oldest first), so the two of this test are the first open ones.
  const accountant = await apiToken(request, ACCOUNTANT.email, ACCOUNTANT.password);
  const listed = await apiGet<{ member: { month: string; status: string }[] }>(request, accountant, '/month-closes');
  for (const older of listed.member.filter((m) => m.status === 'open' && m.month < earlier).reverse()) {
    const closed = await request.post('/api/v2/month-closes', { headers: auth(accountant), data: { month: older.month } });
    expect(closed.status(), await closed.text()).toBe(201);
  }

  const { token } = await signIn(page, ACCOUNTANT.email, ACCOUNTANT.password);
  await page.goto('/dashboard');
  await followMenu(page, 'Finance reports', 'Month close');
  await expect(page).toHaveURL(/\/month-close\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Month close' })).toBeVisible();

  // Newest first: the running month, then the two past ones.
  const monthHeaders = page.getByRole('rowheader');
  await expect(monthHeaders.first()).toHaveText(en(current));
  await expect(monthHeaders.nth(1)).toHaveText(en(previous));
  await expect(monthHeaders.nth(2)).toHaveText(en(earlier));
  const now = rowOf(page, en(current));
  const last = rowOf(page, en(previous));
  const first = rowOf(page, en(earlier));
  await expect(now).toContainText('Current month');
  await expect(now.getByRole('button', { name: /^Close month/ })).toHaveCount(0);
  // The later month waits for the earlier: its button is there but disabled, and the row says why.
  await expect(last).toContainText('Open');
  await expect(last).toContainText(`Close ${en(earlier)} first.`);
  await expect(last.getByRole('button', { name: `Close month: ${en(previous)}` })).toBeDisabled();
  await expect(first).toContainText('Nothing waits');
  await expect(now).toContainText('The month is still running');

  // What waits links to its list: a batch held now (a 500 € note on a ride) waits in the running month.
  await sendTelemetry(request, device.imei as string, [
    { type: 'coin', valueCents: 200 },
    { type: 'note', valueCents: 50_000 },
  ]);
  await page.reload();
  const held = now.getByRole('link', { name: '1 held batch' });
  await expect(held).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'month-close-en-1280-open');
  await held.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Held telemetry' })).toBeVisible();
  await expect(page).toHaveURL(/status=held/);
  await expect(page.getByRole('row').filter({ hasText: device.name })).toHaveCount(1);
  // Decided (discarded by the manager), it waits no more.
  const holds = await apiGet<Collection<{ id: number }>>(request, manager, `/telemetry-holds?device=${device.id}&status=held`);
  for (const hold of holds.member) {
    const discarded = await request.post(`/api/v2/telemetry-holds/${hold.id}/discard`, { headers: auth(manager), data: {} });
    expect(discarded.status()).toBe(200);
  }
  await page.goBack();
  await expect(now.getByRole('link', { name: '1 held batch' })).toHaveCount(0);

  // The dialog says what closing means; meanwhile the month is closed elsewhere: the refusal is shown.
  await first.getByRole('button', { name: `Close month: ${en(earlier)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Close ${en(earlier)}?` });
  await expect(dialog).toContainText('no longer change');
  await expect(dialog).toContainText(`counted in the next open month, as an adjustment naming ${en(earlier)}`);
  await expectAccessible(page, '[role="dialog"]');
  const elsewhere = await request.post('/api/v2/month-closes', { headers: auth(token), data: { month: earlier } });
  expect(elsewhere.status()).toBe(201);
  await dialog.getByRole('button', { name: 'Close the month' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This month is closed already.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(first).toContainText('Closed');
  await expect(first).toContainText(`${ACCOUNTANT.name} ${ACCOUNTANT.surname}`);
  await expect(first.getByRole('button', { name: /^Close month/ })).toHaveCount(0);
  // No reopening for accountants.
  await expect(page.getByRole('button', { name: /^Reopen/ })).toHaveCount(0);

  // A late coin of the closed month is counted in the next one, and both rows say so.
  await coinIn(request, device, earlier);
  await page.reload();
  await expect(last).toContainText(`+2,00 € of ${en(earlier)} counted here`);
  await expect(last).toContainText('1 event, VAT');
  await expect(first).toContainText(`2,00 € counted in ${en(previous)} after the close`);

  // Now the later month may close, through the dialog.
  await expect(last).toContainText('Nothing waits');
  await last.getByRole('button', { name: `Close month: ${en(previous)}` }).click();
  const second = page.getByRole('dialog', { name: `Close ${en(previous)}?` });
  await second.getByRole('button', { name: 'Close the month' }).click();
  await expect(second).toBeHidden();
  await expect(page.getByText('The month is closed.')).toBeVisible();
  await expect(last.getByText('Closed', { exact: true })).toBeVisible();
  await expect(last).toContainText(`${ACCOUNTANT.name} ${ACCOUNTANT.surname}`);
  const months = await apiGet<MonthCloses>(request, token, '/month-closes');
  // The newest three: older months the first test closed (other files' events) follow them, closed.
  expect(months.member.slice(0, 3).map((m) => [m.month, m.status])).toEqual([
    [current, 'current'],
    [previous, 'closed'],
    [earlier, 'closed'],
  ]);
});

test('the manager reopens the last closed month with a reason, in Croatian on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, USERS.otherManager);
  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  await page.goto('/month-close/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Zatvaranje mjeseca' })).toBeVisible();
  const last = rowOf(page, hr(previous));
  const first = rowOf(page, hr(earlier));
  await expect(last.getByText('Zatvoren', { exact: true })).toBeVisible();
  // Only the last closed month is reopened; its button is in view beside the month, not scrolled away.
  await expect(first.getByRole('button', { name: /^Ponovno otvori/ })).toHaveCount(0);
  const reopen = last.getByRole('button', { name: `Ponovno otvori: ${hr(previous)}` });
  await expect(reopen).toBeInViewport({ ratio: 1 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await expectAccessible(page);

  await reopen.click();
  const dialog = page.getByRole('dialog', { name: `Ponovno otvaranje mjeseca: ${hr(previous)}` });
  const reason = dialog.getByRole('textbox', { name: 'Razlog' });
  await reason.fill('Kratko');
  await dialog.getByRole('button', { name: 'Ponovno otvori mjesec' }).click();
  await expect(dialog).toContainText('Upišite barem 10 znakova.');
  await expect(last.getByText('Zatvoren', { exact: true })).toBeVisible();
  await reason.fill('Kasni polog treba ispraviti.');
  await expect(dialog).not.toContainText('Upišite barem 10 znakova.');
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Ponovno otvori mjesec' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Mjesec je ponovno otvoren.')).toBeVisible();
  await expect(last.getByText('Otvoren', { exact: true })).toBeVisible();
  await expect(last).toContainText('Razlog: Kasni polog treba ispraviti.');
  await expect(last).toContainText('Petra Novak');
  // The earlier month is now the last closed one: a manager may reopen it, and close the later again.
  await expect(first.getByRole('button', { name: `Ponovno otvori: ${hr(earlier)}` })).toBeVisible();
  await expect(last.getByRole('button', { name: `Zatvori mjesec: ${hr(previous)}` })).toBeEnabled();
  await screenshot(page, 'month-close-hr-375-reopened');
});

test('the screen at 1280 and 375 px, in English and Croatian', async ({ page }) => {
  await signIn(page, ACCOUNTANT.email, ACCOUNTANT.password);
  for (const [width, language] of [
    [1280, 'en'],
    [1280, 'hr'],
    [375, 'en'],
    [375, 'hr'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await page.goto('/month-close/list');
    const label = language === 'en' ? en(earlier) : hr(earlier);
    await expect(page.getByRole('heading', { level: 1, name: language === 'en' ? 'Month close' : 'Zatvaranje mjeseca' })).toBeVisible();
    await expect(rowOf(page, label)).toContainText(language === 'en' ? 'Closed' : 'Zatvoren');
    await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${width} px, ${language}`).toBeLessThanOrEqual(1);
    await screenshot(page, `month-close-${language}-${width}`);
  }
});

test('in the All Companies view an admin picks the company, her own first', async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.evaluate(() => {
    const account = JSON.parse(localStorage.getItem('accountInfo') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('accountInfo', JSON.stringify({ ...account, isTopGun: true }));
  });
  await page.goto('/month-close/list');
  // Her own company (Zabavni automati) first: the months of the user's company, as in the My Company view.
  await expect(
    page.getByRole('textbox', { name: 'Company', exact: true }).or(page.getByRole('combobox', { name: 'Company', exact: true })),
  ).toHaveValue('Zabavni automati d.o.o.');
  await expect(page.getByRole('rowheader').first()).toHaveText(en(current));
  await expect(page.getByRole('table').getByText(`${ACCOUNTANT.name} ${ACCOUNTANT.surname}`)).toHaveCount(0);
  await chooseOption(page, 'Company', 'Drugi automati j.d.o.o.');
  await expect(page).toHaveURL(/company=/);
  // The months from its first data on, newest first; a spec run before on this server may have given it
  // older data (the list then goes further back), so the newest three are what is checked.
  const months = page.getByRole('rowheader');
  for (const [i, month] of [current, previous, earlier].entries()) await expect(months.nth(i)).toHaveText(en(month));
  await expect(rowOf(page, en(earlier))).toContainText(`${ACCOUNTANT.name} ${ACCOUNTANT.surname}`);
  // Admins close and reopen: the earlier month is the last closed one, the later may be closed.
  await expect(rowOf(page, en(earlier)).getByRole('button', { name: `Reopen: ${en(earlier)}` })).toBeVisible();
  await expect(rowOf(page, en(previous)).getByRole('button', { name: `Close month: ${en(previous)}` })).toBeEnabled();
});

test('a worker has no month close in the menu, and its address is refused', async ({ page }) => {
  await signIn(page, USERS.worker);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  // Not merely folded away: not in the menu at all.
  await expect(menu.locator('a[href="/month-close/list"]')).toHaveCount(0);
  await page.goto('/month-close/list');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
