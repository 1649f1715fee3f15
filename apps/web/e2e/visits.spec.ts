import { type Collection, type Deposit, type Device, formatMoney, type User, type Visit } from '@kovanica/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiGet, apiToken, chooseOption, expectAccessible, screenshot, signIn, USERS, waitForQuiet } from './support.ts';

/**
 * The cash-collection round (docs/rules.md "Visits"): two demo devices get a small cash box and coins
 * filling it to 90 %, so they are due; the manager plans a visit of the two from the day's proposal
 * for the demo's worker and prints its sheet; the worker, on a phone, empties the first, counts its
 * deposit and comes back to see the stop done; the screens in both languages, axe clean.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const CAPACITY_CENTS = 2000;
const COINS_CENTS = 1800;

let due: Device[] = [];
let worker: User;

async function makeDue(request: APIRequestContext): Promise<Device[]> {
  const token = await apiToken(request, USERS.manager);
  const devices = await apiGet<Collection<Device>>(request, token, '/devices?itemsPerPage=200&order[id]=asc');
  // Devices nobody has reported for yet, at a location with coordinates; not the last ones, which the deposits spec takes.
  const fresh = devices.member.filter((d) => d.imei && d.location && d.state.lastSeenAt === null).slice(0, 2);
  expect(fresh, 'two demo devices with a logger that have not reported yet').toHaveLength(2);
  for (const device of fresh) {
    const patched = await request.patch(`/api/v2/devices/${device.id}`, {
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/merge-patch+json' },
      data: { cashBoxCapacityCents: CAPACITY_CENTS },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    const seq = Date.now();
    const response = await request.post('/api/v2/telemetry/batches', {
      headers: { Authorization: `Bearer kvl_demo_${device.imei}` },
      data: {
        imei: device.imei,
        events: [{ seq, at: new Date(Date.now() - 5 * 60_000).toISOString(), type: 'coin', valueCents: 200, count: COINS_CENTS / 200 }],
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    const now = await apiGet<Device>(request, token, `/devices/${device.id}`);
    expect(now.state.fillPercent).toBe(90);
  }
  return fresh;
}

const visitsOfWorker = async (request: APIRequestContext): Promise<Visit[]> => {
  const token = await apiToken(request, USERS.manager);
  return (await apiGet<Collection<Visit>>(request, token, `/visits?worker=${encodeURIComponent(worker['@id'])}&itemsPerPage=50`)).member;
};

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.beforeAll(async ({ request }) => {
  due = await makeDue(request);
  const token = await apiToken(request, USERS.manager);
  const workers = await apiGet<Collection<User>>(request, token, `/users?email=${encodeURIComponent(USERS.worker)}`);
  const found = workers.member[0];
  if (!found) throw new Error('no demo worker');
  worker = found;
});

test('the manager plans a visit of the due devices for the worker and prints its sheet', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, USERS.manager);
  await page.goto('/visits/plan');
  const proposal = page.getByRole('table', { name: 'Devices due' });
  for (const device of due) await expect(proposal.getByRole('checkbox', { name: `Put ${device.name} on the visit` })).toBeChecked();
  await waitForQuiet(page);
  await screenshot(page, 'visits-plan-proposal-1280-en');
  // The proposal in Croatian and on a phone, before it is planned.
  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  await page.reload();
  await expect(page.getByRole('checkbox', { name: `Uvrsti ${due[0]?.name} u obilazak` })).toBeChecked();
  await waitForQuiet(page);
  await screenshot(page, 'visits-plan-proposal-1280-hr');
  await page.setViewportSize({ width: 375, height: 740 });
  await waitForQuiet(page);
  // On a phone each device is a card: nothing scrolls sideways, and a device's cash expected is in sight beside its name.
  expect(await noSideways(page)).toBe(true);
  await expect(page.getByRole('table', { name: 'Uređaji za pražnjenje' })).toHaveAttribute('data-cards', 'true');
  const phoneRow = page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Uvrsti ${due[0]?.name} u obilazak` }) });
  const phoneMoney = phoneRow.getByRole('cell').last();
  await phoneMoney.scrollIntoViewIfNeeded();
  await expect(phoneMoney).toContainText(formatMoney(COINS_CENTS));
  await expect(phoneMoney).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'visits-plan-proposal-375-hr');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(proposal.getByRole('checkbox').first()).toBeVisible();
  // Only the two of this test go on the visit.
  const names = new Set(due.map((d) => `Put ${d.name} on the visit`));
  for (const box of await proposal.getByRole('checkbox').all()) {
    const label = (await box.getAttribute('aria-label')) ?? '';
    if (!names.has(label)) await box.uncheck();
  }
  const expected = formatMoney(2 * COINS_CENTS);
  await expect(
    page.getByText(new RegExp(`^2 of \\d+ devices · ${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} expected`)),
  ).toBeVisible();

  await chooseOption(page, 'Worker', `${worker.name} ${worker.surname}`, { search: worker.surname });
  await page.getByRole('button', { name: 'Create visit' }).click();
  await expect(page.getByText('The visit has been created.')).toBeVisible();

  const visits = await visitsOfWorker(page.request);
  const visit = visits.find((v) => v.stops.some((s) => s.device === due[0]?.['@id']));
  if (!visit) throw new Error('the visit was not created');
  expect(visit.stops.map((s) => s.device).sort()).toEqual(due.map((d) => d['@id']).sort());
  expect(visit.expectedCents).toBe(2 * COINS_CENTS);

  const dayVisits = page.getByRole('table', { name: 'Visits of the day' });
  const row = dayVisits
    .getByRole('row')
    .filter({ hasText: `${worker.name} ${worker.surname}` })
    .filter({ hasText: expected })
    .first();
  await expect(row).toContainText('0 of 2');
  await expect(row).toContainText(expected);
  await expectAccessible(page);

  // The printable sheet: the stops in route order, an empty "Counted" column and the signatures.
  await row.getByRole('link', { name: `Printable sheet of ${worker.name} ${worker.surname}` }).click();
  await expect(page).toHaveURL(new RegExp(`/visits/sheet/${visit.id}$`));
  const sheet = page.getByRole('table', { name: 'Stops in route order' });
  const ordered = [...visit.stops].sort((a, b) => a.position - b.position);
  await expect(sheet.getByRole('row')).toHaveCount(ordered.length + 2);
  for (const [i, stop] of ordered.entries()) {
    const line = sheet.getByRole('row').nth(i + 1);
    await expect(line.getByRole('cell').nth(0)).toHaveText(String(stop.position));
    await expect(line.getByRole('cell').nth(2)).toHaveText(stop.deviceName);
    await expect(line.getByRole('cell').nth(4)).toHaveText(formatMoney(stop.expectedCents));
    await expect(line.getByRole('cell').nth(5)).toHaveText('');
  }
  await expect(sheet.getByRole('columnheader', { name: 'Counted' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByText("Worker's signature")).toBeVisible();
  await screenshot(page, 'visits-sheet-print-en');
  await page.emulateMedia({ media: 'screen' });
  await screenshot(page, 'visits-sheet-1280-en');
  await context.close();
});

test('the worker empties a stop on a phone, counts its deposit and sees the stop done', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, USERS.worker);
  await page.goto('/visits/today');
  const visit = (await visitsOfWorker(page.request)).find((v) => v.stops.some((s) => s.device === due[0]?.['@id']));
  if (!visit) throw new Error('no visit of the worker');
  const first = [...visit.stops].sort((a, b) => a.position - b.position)[0];
  if (!first) throw new Error('the visit has no stop');
  const stop = page.getByRole('listitem', { name: `Stop ${first.position}: ${first.deviceName}` });
  await expect(stop).toContainText(`Expected ${formatMoney(COINS_CENTS)} · fill 90`);
  await expect(page.getByRole('link', { name: `Navigate to ${first.locationName}` }).first()).toHaveAttribute('href', /^geo:/);
  await waitForQuiet(page);
  expect(await noSideways(page)).toBe(true);
  await screenshot(page, 'visits-today-375-en');
  await expectAccessible(page);

  await stop.getByRole('button', { name: 'Emptied' }).click();
  await expect(page).toHaveURL(/\/deposits\/count\/\d+\?back=%2Fvisits%2Ftoday$/);
  const depositId = Number(/count\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByText(first.deviceName).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Coins counted' }).fill('17,50');
  await page.getByRole('textbox', { name: 'Tokens counted' }).fill('0');
  await screenshot(page, 'visits-count-375-en');
  await page.getByRole('button', { name: 'Save the report' }).click();
  await expect(page).toHaveURL(/\/visits\/today$/);

  const token = await apiToken(page.request, USERS.worker);
  const deposit = await apiGet<Deposit>(page.request, token, `/deposits/${depositId}`);
  expect(deposit.depositCoinsCents).toBe(1750);
  const done = page.getByRole('listitem', { name: `Stop ${first.position}: ${first.deviceName}` });
  await expect(done.getByText('Done', { exact: true })).toBeVisible();
  await expect(done.getByText(deposit.status === 'verified' ? 'Verified' : 'Pending verification')).toBeVisible();
  await expect(done.getByRole('button', { name: 'Emptied' })).toHaveCount(0);
  await screenshot(page, 'visits-today-done-375-en');

  // Croatian: the same screen in the worker's other language.
  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Današnji obilazak' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ispražnjeno' }).first()).toBeVisible();
  await expect(page.getByText('Obavljeno', { exact: true }).first()).toBeVisible();
  await waitForQuiet(page);
  expect(await noSideways(page)).toBe(true);
  await screenshot(page, 'visits-today-375-hr');
  await expectAccessible(page);
  await context.close();
});

test('a stop someone else did first says who, with a link to its deposit', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  // No live updates: the page still shows the stop to do when the manager's request has done it.
  await page.route('**/api/v2/events**', (route) => route.abort());
  await signIn(page, USERS.worker);
  await page.goto('/visits/today');
  const visit = (await visitsOfWorker(page.request)).find((v) => v.stops.some((s) => s.device === due[0]?.['@id']));
  const open = visit?.stops.find((s) => s.status === 'to_do');
  if (!visit || !open || open.id === null) throw new Error('no stop left to do');
  const stop = page.getByRole('listitem', { name: `Stop ${open.position}: ${open.deviceName}` });
  await expect(stop.getByRole('button', { name: 'Emptied' })).toBeVisible();

  const token = await apiToken(page.request, USERS.manager);
  const managers = await apiGet<Collection<User>>(page.request, token, `/users?email=${encodeURIComponent(USERS.manager)}`);
  const manager = managers.member[0];
  if (!manager) throw new Error('no demo manager');
  const done = await page.request.post(`/api/v2/visits/${visit.id}/stops/${open.id}/done`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: {},
  });
  expect(done.status(), await done.text()).toBe(200);
  const answer = (await done.json()) as { deposit: string | null };

  await stop.getByRole('button', { name: 'Emptied' }).click();
  const alert = stop.getByRole('alert');
  await expect(alert).toContainText('Someone else has already done this stop.');
  await expect(alert).toContainText(`${manager.name} ${manager.surname}`);
  const depositId = answer.deposit?.split('/').at(-1);
  await expect(alert.getByRole('link', { name: 'Open the deposit' })).toHaveAttribute(
    'href',
    `/deposits/count/${depositId}?back=%2Fvisits%2Ftoday`,
  );
  await expect(stop.getByText('Done', { exact: true })).toBeVisible();
  await screenshot(page, 'visits-today-conflict-375-en');
  await context.close();
});

test('a manager sees every round of the day with a worker filter; a company without one is told so', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signIn(page, USERS.manager);
  await page.goto('/visits/today');
  await expect(page.getByRole('combobox', { name: 'Worker' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${worker.name} ${worker.surname}` }).first()).toBeVisible();
  await waitForQuiet(page);
  await screenshot(page, 'visits-today-manager-375-en');
  await signIn(page, USERS.otherManager);
  await page.goto('/visits/today');
  await expect(page.getByText('No visit is planned for today.')).toBeVisible();
  await context.close();
});

for (const language of ['en', 'hr'] as const) {
  test(`the visit screens in ${language} at 1280 and 375 px`, async ({ browser }) => {
    const heading = {
      en: { plan: 'Plan visits', today: "Today's visit", dayVisits: 'Visits of the day' },
      hr: { plan: 'Plan obilazaka', today: 'Današnji obilazak', dayVisits: 'Obilasci tog dana' },
    }[language];
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ viewport: { width, height: width > 400 ? 900 : 740 } });
      const page = await context.newPage();
      await signIn(page, USERS.manager);
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      await page.goto('/visits/plan');
      await expect(page.getByRole('heading', { name: heading.plan, level: 1 })).toBeVisible();
      await waitForQuiet(page);
      if (width === 375) {
        // The day's visits are cards there too, the proposal's devices as well: nothing scrolls sideways.
        expect(await noSideways(page)).toBe(true);
        await expect(page.getByRole('table', { name: heading.dayVisits })).toHaveAttribute('data-cards', 'true');
      }
      await screenshot(page, `visits-plan-${width}-${language}`);
      const visit = (await visitsOfWorker(page.request))[0];
      if (visit) {
        await page.goto(`/visits/sheet/${visit.id}`);
        await expect(page.getByRole('table')).toBeVisible();
        await waitForQuiet(page);
        // On a phone the sheet fits the screen too, the cash expected and the "Counted" column in sight.
        if (width === 375) {
          const box = await page.getByRole('table').boundingBox();
          expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(375);
        }
        await screenshot(page, `visits-sheet-${width}-${language}`);
        await page.emulateMedia({ media: 'print' });
        await screenshot(page, `visits-sheet-print-${width}-${language}`);
        await page.emulateMedia({ media: 'screen' });
      }
      await signIn(page, USERS.worker);
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      await page.goto('/visits/today');
      await expect(page.getByRole('heading', { name: heading.today, level: 1 })).toBeVisible();
      await waitForQuiet(page);
      if (width === 375) expect(await noSideways(page)).toBe(true);
      await screenshot(page, `visits-today-${width}-${language}`);
      await context.close();
    }
  });
}
