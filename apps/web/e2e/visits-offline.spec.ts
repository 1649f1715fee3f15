import {
  businessDate,
  type Collection,
  type Deposit,
  type Device,
  formatMoney,
  type User,
  type Visit,
  type VisitStop,
} from '@kovanica/contract';
import { type APIRequestContext, type BrowserContext, expect, type Page, type Request, test } from '@playwright/test';
import { apiGet, apiToken, expectAccessible, screenshot, signIn, USERS, waitForQuiet } from './support.ts';

/**
 * The worker's round offline (decision 0055, docs/rules.md "Visits"): with the day's visit opened once,
 * a reload without a connection still shows it; "Emptied" takes the count on the stop and queues one
 * action, which survives a reload and is sent once when the connection returns (a replay of the same
 * key records nothing more); a stop the manager did meanwhile is shown as a conflict with the worker's
 * figures kept. On a phone (375 px), with the service worker (the suite blocks it: pwa.spec.ts).
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let visit: Visit;
let worker: User;
let manager: User;

const sortedStops = () => [...visit.stops].sort((a, b) => a.position - b.position);
const stopLabel = (stop: VisitStop) => `Stop ${stop.position}: ${stop.deviceName}`;

async function depositsOf(request: APIRequestContext, device: string): Promise<Deposit[]> {
  const token = await apiToken(request, USERS.manager);
  return (await apiGet<Collection<Deposit>>(request, token, `/deposits?device=${encodeURIComponent(device)}&itemsPerPage=50`)).member;
}

/** Whether the phone's persisted cache (IndexedDB, idb-keyval's store) holds the text. */
const persistedHas = (page: Page, text: string) =>
  page.evaluate(
    (needle) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          try {
            const read = open.result.transaction('keyval', 'readonly').objectStore('keyval').get('kovanica-offline');
            read.onsuccess = () => resolve(typeof read.result === 'string' && read.result.includes(needle));
            read.onerror = () => resolve(false);
          } catch {
            resolve(false);
          }
        };
      }),
    text,
  );

/** Signs the worker in on a phone and opens today's visit, controlled by the service worker and kept for offline. */
async function openOnPhone(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, USERS.worker);
  await page.goto('/visits/today');
  const first = sortedStops()[0];
  if (!first) throw new Error('no stop');
  await expect(page.getByRole('listitem', { name: stopLabel(first) })).toBeVisible();
  await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
  await waitForQuiet(page);
  await expect.poll(() => persistedHas(page, first.deviceName), { message: 'the visit is kept on the phone' }).toBe(true);
  return page;
}

/** Fills the count form that "Emptied" opens on a stop offline and saves it. */
async function countOnStop(page: Page, stop: VisitStop, coins: string, tokens: string, note?: string) {
  const item = page.getByRole('listitem', { name: stopLabel(stop) });
  await item.getByRole('button', { name: 'Emptied' }).click();
  const form = item.getByRole('form', { name: `Count of ${stop.deviceName}` });
  await form.getByRole('textbox', { name: 'Coins counted' }).fill(coins);
  await form.getByRole('textbox', { name: 'Tokens counted' }).fill(tokens);
  if (note) await form.getByRole('textbox', { name: 'Note' }).fill(note);
  await form.getByRole('button', { name: 'Emptied, save the count' }).click();
  return item;
}

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, USERS.manager);
  const users = async (email: string) =>
    (await apiGet<Collection<User>>(request, token, `/users?email=${encodeURIComponent(email)}`)).member[0];
  const w = await users(USERS.worker);
  const m = await users(USERS.manager);
  if (!w || !m) throw new Error('no demo worker or manager');
  worker = w;
  manager = m;
  // Three devices no other spec takes, with a location: ones that reported before (the demo's history)
  // or, past the first two and the last four (the visits and deposits specs'), ones that never did; and
  // with no deposit since the day began (a stop done takes an emptying of its day that no stop took).
  const devices = (await apiGet<Collection<Device>>(request, token, '/devices?itemsPerPage=200&order[id]=desc')).member;
  const placed = devices.filter((d) => d.location);
  const fresh = placed.filter((d) => d.state.lastSeenAt === null);
  const candidates = [...placed.filter((d) => d.state.lastSeenAt !== null), ...fresh.slice(4, -2)];
  // The Zagreb day began at most two hours before UTC midnight of its date.
  const dayBegan = Date.parse(`${businessDate()}T00:00:00Z`) - 2 * 3600_000;
  const chosen: Device[] = [];
  for (const device of candidates) {
    if ((await depositsOf(request, device['@id'])).every((d) => Date.parse(d.at) < dayBegan)) chosen.push(device);
    if (chosen.length === 3) break;
  }
  expect(chosen, 'three demo devices with a location and no deposit of the day').toHaveLength(3);
  const created = await request.post('/api/v2/visits', {
    headers: { Authorization: `Bearer ${token}` },
    data: { day: businessDate(), worker: worker['@id'], devices: chosen.map((d) => d['@id']) },
  });
  expect(created.status(), await created.text()).toBe(201);
  visit = (await created.json()) as Visit;
  expect(visit.stops).toHaveLength(3);
});

test('offline the day stays; an emptied stop with its count waits, survives a reload and is sent once', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await openOnPhone(context);
  const [first, second] = sortedStops();
  if (!first || !second) throw new Error('two stops');
  const before = await depositsOf(request, first.device);

  // No connection, and a reload: the visit and its stops come from the phone.
  await context.setOffline(true);
  await page.reload();
  const banner = page.getByRole('region', { name: 'Connection' });
  await expect(banner).toContainText('You are offline.');
  const item = page.getByRole('listitem', { name: stopLabel(first) });
  await expect(item).toContainText(`Expected ${formatMoney(first.expectedCents)}`);
  await expect(page.getByRole('listitem', { name: stopLabel(second) })).toBeVisible();

  // "Emptied" takes the count on the stop; one action waits.
  const tapped = Date.now();
  await countOnStop(page, first, '12,50', '3', 'Basement, no signal');
  await expect(item).toContainText('Waiting to send');
  await expect(item).toContainText(`Your count: coins ${formatMoney(1250)}, tokens 3.`);
  await expect(item).toContainText('Your note: Basement, no signal');
  await expect(banner).toContainText('1 action waiting to send.');
  await expect(item.getByRole('button', { name: 'Emptied' })).toHaveCount(0);
  await waitForQuiet(page);
  await screenshot(page, 'visits-offline-waiting-375-en');
  await expectAccessible(page);

  // Still offline, a reload (in Croatian): the action is still there, kept on the phone.
  await expect.poll(() => persistedHas(page, '"stopDone"')).toBe(true);
  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  await page.reload();
  await expect(page.getByRole('region', { name: 'Veza' })).toContainText('1 radnja čeka slanje.');
  // The stop's own label is in Croatian now: found by its device.
  await expect(page.getByRole('listitem').filter({ hasText: first.deviceName })).toContainText('Čeka slanje');
  await waitForQuiet(page);
  await screenshot(page, 'visits-offline-waiting-375-hr');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(item).toContainText('Waiting to send');

  // A sign-out would delete the waiting action from the phone: it asks first, and staying keeps it.
  await page.getByRole('button', { name: /Open user panel/ }).click();
  const panel = page.getByRole('dialog', { name: 'User profile' });
  await panel.getByRole('button', { name: 'Sign out' }).click();
  const ask = page.getByRole('dialog', { name: 'Not sent yet' });
  await expect(ask).toContainText('1 action you recorded has not reached the server yet.');
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'visits-offline-sign-out-375-en');
  await ask.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(ask).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(item).toContainText('Waiting to send');

  // Back online: sent once, with its key; the stop is done and its deposit counted.
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes(`/visits/${visit.id}/stops/${first.id}/done`)) sent.push(r);
  });
  const online = Date.now();
  await context.setOffline(false);
  await expect(item.getByText('Done', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(item).not.toContainText('Waiting to send');
  await waitForQuiet(page);
  expect(sent).toHaveLength(1);
  const posted = sent[0];
  if (!posted) throw new Error('not sent');
  const key = posted.headers()['idempotency-key'];
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  // With the moment of the tap, offline: the emptying is recorded then, not when the phone came back.
  const body = posted.postDataJSON() as { at: string };
  expect(body).toEqual({ count: { depositCoinsCents: 1250, depositTokens: 3, note: 'Basement, no signal' }, at: expect.any(String) });
  expect(Date.parse(body.at)).toBeGreaterThanOrEqual(tapped);
  expect(Date.parse(body.at)).toBeLessThan(online);

  const after = await depositsOf(request, first.device);
  expect(after).toHaveLength(before.length + 1);
  const deposit = after.find((d) => !before.some((b) => b.id === d.id));
  expect(deposit).toMatchObject({ depositCoinsCents: 1250, depositTokens: 3, note: 'Basement, no signal' });
  expect(deposit?.status).not.toBe('awaiting_count');

  // The same request again, same key: the same answer, no second deposit.
  const token = await apiToken(request, USERS.worker);
  const replay = await request.post(`/api/v2/visits/${visit.id}/stops/${first.id}/done`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': key ?? '' },
    data: posted.postDataJSON(),
  });
  expect(replay.status(), await replay.text()).toBe(200);
  expect(((await replay.json()) as { deposit: string | null }).deposit).toBe(deposit?.['@id']);
  expect(await depositsOf(request, first.device)).toHaveLength(before.length + 1);
  await expect.poll(() => persistedHas(page, '"stopDone"')).toBe(false);
  await context.close();
});

test('a stop the manager did while the worker was offline is shown as a conflict, the worker’s figures kept', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await openOnPhone(context);
  const second = sortedStops()[1];
  if (!second || second.id === null) throw new Error('no second stop');

  await context.setOffline(true);
  const item = await countOnStop(page, second, '8', '1');
  await expect(item).toContainText('Waiting to send');

  // Meanwhile the manager marks the same stop done.
  const token = await apiToken(request, USERS.manager);
  const done = await request.post(`/api/v2/visits/${visit.id}/stops/${second.id}/done`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: {},
  });
  expect(done.status(), await done.text()).toBe(200);
  const managersDeposit = ((await done.json()) as { deposit: string }).deposit;

  await context.setOffline(false);
  const alert = item.getByRole('alert');
  await expect(alert).toContainText('Someone else has already done this stop.', { timeout: 20_000 });
  await expect(alert).toContainText(`Already done by ${manager.name} ${manager.surname} at`);
  await expect(alert).toContainText(`Your count: coins ${formatMoney(800)}, tokens 1.`);
  await expect(alert.getByRole('link', { name: 'Open the deposit' })).toHaveAttribute(
    'href',
    `/deposits/count/${managersDeposit.split('/').at(-1)}?back=%2Fvisits%2Ftoday`,
  );
  // The worker's figures went nowhere: the manager's deposit is as the manager left it.
  const deposits = await depositsOf(request, second.device);
  const theirs = deposits.find((d) => d['@id'] === managersDeposit);
  expect(theirs?.depositCoinsCents ?? null).toBeNull();
  await waitForQuiet(page);
  await screenshot(page, 'visits-offline-conflict-375-en');
  await expectAccessible(page);

  // Kept until dismissed: a reload (in Croatian) still shows it.
  await expect.poll(() => persistedHas(page, '"stopDone"')).toBe(true);
  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: second.deviceName }).getByRole('alert')).toContainText(
    `Već obavio/la ${manager.name} ${manager.surname}`,
  );
  await waitForQuiet(page);
  await screenshot(page, 'visits-offline-conflict-375-hr');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(item.getByRole('alert')).toContainText('Your count:');
  await waitForQuiet(page);
  await screenshot(page, 'visits-offline-conflict-1280-en');

  await item.getByRole('button', { name: 'Dismiss' }).click();
  await expect(item.getByRole('alert')).toHaveCount(0);
  await expect(item.getByText('Done', { exact: true })).toBeVisible();
  await context.close();
});

test('online, the count can be given on the stop: done and counted in one step', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await openOnPhone(context);
  const third = sortedStops()[2];
  if (!third) throw new Error('no third stop');
  const item = page.getByRole('listitem', { name: stopLabel(third) });
  await item.getByRole('button', { name: 'Enter the count here' }).click();
  const form = item.getByRole('form', { name: `Count of ${third.deviceName}` });
  // Nothing entered: said on the fields, nothing sent.
  await form.getByRole('button', { name: 'Emptied, save the count' }).click();
  await expect(form.getByText('Enter what you counted.')).toHaveCount(2);
  await form.getByRole('textbox', { name: 'Coins counted' }).fill('4,20');
  await form.getByRole('textbox', { name: 'Tokens counted' }).fill('0');
  await form.getByRole('button', { name: 'Emptied, save the count' }).click();
  await expect(item.getByText('Done', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/visits\/today$/);
  const deposits = await depositsOf(request, third.device);
  const counted = deposits.filter((d) => d.depositCoinsCents === 420 && d.depositTokens === 0);
  expect(counted).toHaveLength(1);
  await context.close();
});
