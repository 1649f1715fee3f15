import type { Alarm, Collection, Company, Device } from '@kovanica/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiGet,
  apiPatch,
  apiToken,
  chooseOption,
  expectAccessible,
  followMenu,
  screenshot,
  sendTelemetry,
  signIn,
  USERS,
} from './support.ts';

/**
 * Alarms (docs/rules.md "Alarms"): a demo logger reports its machine critical through the real
 * ingestion API, the sweep (woken by the batch) raises the alarm, someone acknowledges it from the open
 * list, one row or the selected ones, and the list says who; the logger clears the code, the alarm
 * resolves and the history shows it. A manager changes which alarms the company raises, and at which
 * figures; a worker may not. In English and Croatian, at 1280 and 375 px, scanned by axe.
 */
// Two screens, their axe scans and the sweep's round trips: a minute each, not the suite's 30 s.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

/** Demo devices with a logger, not critical, from the middle of the list: other specs take the first and the last ones. */
async function spareDevices(request: APIRequestContext): Promise<Device[]> {
  const token = await apiToken(request, USERS.manager);
  const devices = await apiGet<Collection<Device>>(request, token, '/devices?itemsPerPage=200&critical=false&order[id]=asc');
  const usable = devices.member.filter((d) => d.imei && d.location && !d.state.serviceMode);
  const middle = Math.floor(usable.length / 2);
  const spare = usable.slice(middle - 3, middle + 3);
  expect(spare, 'six demo devices with a logger').toHaveLength(6);
  return spare;
}

/** The device's critical alarm with this code, once the sweep has it in the state asked for. */
async function alarmOf(request: APIRequestContext, device: Device, code: string, status: Alarm['status']): Promise<Alarm> {
  const token = await apiToken(request, USERS.manager);
  let found: Alarm | undefined;
  await expect
    .poll(
      async () => {
        const alarms = await apiGet<Collection<Alarm>>(
          request,
          token,
          `/alarms?kind=device_critical&device=${encodeURIComponent(device['@id'])}&status=${status}`,
        );
        found = alarms.member.find((a) => a.code === code);
        return found !== undefined;
      },
      { message: `the ${status} alarm ${code} of ${device.name}`, timeout: 20_000 },
    )
    .toBe(true);
  return found as Alarm;
}

/** The logger reports its machine critical with a code of this run; the sweep raises the alarm. */
async function raise(request: APIRequestContext, device: Device, code: string): Promise<Alarm> {
  await sendTelemetry(request, device.imei ?? '', [{ type: 'alarm', code, critical: true }]);
  return alarmOf(request, device, code, 'open');
}

/** The logger clears the code; the sweep resolves the alarm. */
async function clear(request: APIRequestContext, device: Device, code: string): Promise<Alarm> {
  await sendTelemetry(request, device.imei ?? '', [{ type: 'alarm_cleared', code }]);
  return alarmOf(request, device, code, 'resolved');
}

/** An alarm's row, by its code (unique to the run). */
const rowOf = (page: Page, code: string) => page.getByRole('row').filter({ hasText: code });

async function expectNoWiderThanScreen(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(1);
}

let devices: Device[] = [];
const device = (i: number): Device => {
  const d = devices[i];
  if (!d) throw new Error(`no spare device ${i}`);
  return d;
};
const codeOf = (tag: string) => `E2E-${tag}-${Date.now() % 100_000}`;

test.beforeAll(async ({ request }) => {
  devices = await spareDevices(request);
});

test('a manager acknowledges the selected alarms at once; a resolved one goes to the history', async ({ page }) => {
  const { user } = await signIn(page, USERS.manager);
  const first = codeOf('A');
  const second = codeOf('B');
  await raise(page.request, device(0), first);
  await raise(page.request, device(1), second);

  await page.goto('/dashboard');
  await followMenu(page, 'Alarms', 'Open alarms');
  await expect(page).toHaveURL(/\/alarms\/list/);
  await expect(page.getByRole('heading', { level: 1, name: 'Open alarms' })).toBeVisible();
  // What the open alarms cost now, all of them: the demo's machines have no history, so nothing yet.
  await expect(page.getByRole('status').filter({ hasText: 'Being lost now' })).toContainText('an hour');
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await screenshot(page, 'alarms-list-all-1280-en');
  await chooseOption(page, 'Alarm', 'Critical device');
  await expect(page).toHaveURL(/kind=device_critical/);
  for (const [i, code] of [first, second].entries()) {
    const row = rowOf(page, code);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Critical device');
    await expect(row.getByRole('link', { name: device(i).name })).toBeVisible();
    await expect(row.getByText('Open', { exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  const bulk = page.getByRole('button', { name: 'Acknowledge selected' });
  await expect(bulk).toBeDisabled();
  for (const i of [0, 1]) await page.getByRole('checkbox', { name: `Select Critical device: ${device(i).name}` }).check();
  await expect(page.getByText('Selected: 2')).toBeVisible();
  await bulk.click();
  await expect(page.getByText('2 alarms acknowledged.')).toBeVisible();
  for (const code of [first, second]) {
    const row = rowOf(page, code);
    await expect(row.getByText('Acknowledged', { exact: true })).toBeVisible();
    await expect(row).toContainText(`${user.name} ${user.surname}`);
    // Acknowledged, it asks for nobody's attention any more: no action, no checkbox.
    await expect(row.getByRole('button', { name: /^Acknowledge: / })).toHaveCount(0);
    await expect(row.getByRole('checkbox')).toHaveCount(0);
  }

  // Its code cleared, the alarm is resolved: gone from the open list, first in the history.
  await clear(page.request, device(0), first);
  // The group is open already (its other screen is the one shown): its link, not the group's button.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Alarm history' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alarm history' })).toBeVisible();
  const resolved = rowOf(page, first);
  await expect(resolved.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(resolved).toContainText(`${user.name} ${user.surname}`);
  await expect(page.getByRole('columnheader', { name: 'Resolved at' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/alarms/list?kind=device_critical');
  await expect(rowOf(page, second)).toHaveCount(1);
  await expect(rowOf(page, first)).toHaveCount(0);
  await clear(page.request, device(1), second);
});

/** Each size and language: who acknowledges, and the words the screen uses. */
const runs = [
  { width: 1280, language: 'en', user: USERS.manager },
  { width: 375, language: 'en', user: USERS.worker },
  { width: 1280, language: 'hr', user: USERS.accountant },
  { width: 375, language: 'hr', user: USERS.worker },
] as const;
const words = {
  en: {
    open: 'Open alarms',
    history: 'Alarm history',
    kind: 'Critical device',
    status: 'Open',
    acknowledged: 'Acknowledged',
    resolved: 'Resolved',
    action: 'Acknowledge',
    done: '1 alarm acknowledged.',
  },
  hr: {
    open: 'Otvoreni alarmi',
    history: 'Povijest alarma',
    kind: 'Kritičan uređaj',
    status: 'Otvoren',
    acknowledged: 'Potvrđen',
    resolved: 'Riješen',
    action: 'Potvrdi',
    done: 'Potvrđen je 1 alarm.',
  },
} as const;

for (const [i, run] of runs.entries()) {
  test(`an alarm acknowledged from its row at ${run.width} px in ${run.language}`, async ({ page }) => {
    const w = words[run.language];
    const subject = device(2 + i);
    const code = codeOf(`${run.width}${run.language}`);
    await page.setViewportSize({ width: run.width, height: 900 });
    const { user } = await signIn(page, run.user);
    await page.evaluate((l) => localStorage.setItem('language', l), run.language);
    await raise(page.request, subject, code);

    await page.goto('/alarms/list?kind=device_critical');
    await expect(page.getByRole('heading', { level: 1, name: w.open })).toBeVisible();
    const row = rowOf(page, code);
    await expect(row).toContainText(w.kind);
    await expect(row).toContainText(subject.name);
    await expect(row.getByText(w.status, { exact: true })).toBeVisible();
    // Accountants do not open devices: the name is no link for them.
    await expect(row.getByRole('link', { name: subject.name })).toHaveCount(run.user === USERS.accountant ? 0 : 1);
    await expectAccessible(page);
    await expectNoWiderThanScreen(page);

    await row.getByRole('button', { name: `${w.action}: ${w.kind}: ${subject.name}` }).click();
    await expect(page.getByText(w.done)).toBeVisible();
    await expect(row.getByText(w.acknowledged, { exact: true })).toBeVisible();
    await expect(row).toContainText(`${user.name} ${user.surname}`);
    await screenshot(page, `alarms-list-${run.width}-${run.language}`);

    await clear(page.request, subject, code);
    await page.goto('/alarms/history');
    await expect(page.getByRole('heading', { level: 1, name: w.history })).toBeVisible();
    const resolved = rowOf(page, code);
    await expect(resolved.getByText(w.resolved, { exact: true })).toBeVisible();
    await expect(resolved).toContainText(`${user.name} ${user.surname}`);
    await expectAccessible(page);
    await expectNoWiderThanScreen(page);
    await screenshot(page, `alarms-history-${run.width}-${run.language}`);
  });
}

/** The manager's company as the API has it now. */
async function managersCompany(request: APIRequestContext): Promise<Company> {
  const token = await apiToken(request, USERS.manager);
  const [user] = (await apiGet<{ member: { company: string }[] }>(request, token, `/users?email=${encodeURIComponent(USERS.manager)}`))
    .member;
  return apiGet<Company>(request, token, (user?.company ?? '').replace('/api/v2', ''));
}

/** The demo company's settings of the two kinds the test changes: the defaults, as the demo leaves them. */
const DEFAULT_RULES = {
  cash_box_full: { enabled: true, threshold: 80 },
  prize_stock_low: { enabled: true, threshold: 10 },
} as const;

test.afterAll(async ({ request }) => {
  // Other specs share the server: whatever a failed run left, the two kinds are the defaults again.
  const company = await managersCompany(request);
  const token = await apiToken(request, USERS.manager);
  await apiPatch(request, token, `/companies/${company.id}`, {
    alarmRules: { cash_box_full: { threshold: null }, prize_stock_low: { enabled: true } },
  });
});

test('a manager sets the cash box alarm at 50 % and switches the prize alarm off; both are kept, then set back', async ({ page }) => {
  const { company } = await signIn(page, USERS.manager);
  expect(company.alarmRules).toMatchObject(DEFAULT_RULES);

  await page.goto('/dashboard');
  await followMenu(page, 'Alarms', 'Alarm settings');
  await expect(page).toHaveURL(/\/alarms\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alarm settings' })).toBeVisible();
  // One switch per kind, in the contract's order, every one on as the demo leaves them (the company's
  // card: "My alarms" above it has switches of its own).
  const switches = page.getByRole('region', { name: `Alarms of ${company.name}` }).getByRole('switch');
  await expect(switches).toHaveCount(8);
  const names = await switches.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? ''));
  expect(names).toEqual([
    'Critical device',
    'Device offline',
    'Machine event',
    'Cash box full',
    'Few prizes left',
    'Deposit difference',
    'Bill without JIR',
    'Lessor contract ending',
  ]);
  // Offline has no figure here: it is the company's offline threshold, one link away.
  await expect(page.getByText("It uses the company's offline threshold, now 120 min")).toBeVisible();
  await expect(page.getByRole('link', { name: 'open the main settings' }).first()).toHaveAttribute('href', '/settings/main');

  const percent = page.getByRole('textbox', { name: 'Full at' });
  const prizes = page.getByRole('switch', { name: 'Few prizes left' });
  const save = page.getByRole('button', { name: 'Save alarm settings' });
  await expect(percent).toHaveValue('80');
  await expect(page.getByText('Default 80 %; empty: the default.')).toBeVisible();
  await expect(prizes).toBeChecked();

  // Below the kind's least, the browser says so before anything is sent.
  await percent.fill('5');
  await save.click();
  await expect(page.getByText('The value must be at least 10.')).toBeVisible();

  await percent.fill('50');
  await prizes.uncheck();
  await save.click();
  await expect(page.getByText('The alarm settings are saved.')).toBeVisible();
  expect((await managersCompany(page.request)).alarmRules).toMatchObject({
    cash_box_full: { enabled: true, threshold: 50 },
    prize_stock_low: { enabled: false, threshold: 10 },
  });
  await page.reload();
  await expect(percent).toHaveValue('50');
  await expect(prizes).not.toBeChecked();
  await expectAccessible(page);
  await screenshot(page, 'alarm-settings-changed-1280-en');

  // Back as found: the figure emptied is the default again, and the prize alarm on.
  await percent.clear();
  await prizes.check();
  await save.click();
  await expect(page.getByText('The alarm settings are saved.')).toBeVisible();
  await expect(percent).toHaveValue('80');
  expect((await managersCompany(page.request)).alarmRules).toMatchObject(DEFAULT_RULES);
});

test("in All Companies a manager reads a subsidiary's alarm settings, which only its own managers change", async ({ page }) => {
  const { token, company } = await signIn(page, USERS.manager);
  const subsidiaries = await apiGet<Collection<Company>>(page.request, token, `/companies?parent=${encodeURIComponent(company['@id'])}`, {
    'x-kovanica-view': 'all',
  });
  const subsidiary = subsidiaries.member[0];
  if (!subsidiary) throw new Error('the demo company has no subsidiary');
  await page.evaluate(() => {
    const account = JSON.parse(localStorage.getItem('accountInfo') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('accountInfo', JSON.stringify({ ...account, isTopGun: true }));
  });
  await page.goto(`/alarms/settings?company=${subsidiary.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Alarm settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: `Alarms of ${subsidiary.name}` })).toBeVisible();
  // The server would refuse a save (writeRules.companies): the form says so instead of offering one.
  await expect(page.getByText("Only this company's managers and the administrators change its alarm settings.")).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Cash box full' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save alarm settings' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'alarm-settings-subsidiary-1280-en');

  // Its own company, chosen at the top, is the manager's to change.
  await chooseOption(page, 'Company', company.name, { search: company.name });
  await expect(page).toHaveURL(new RegExp(`company=${company.id}`));
  await expect(page.getByRole('region', { name: `Alarms of ${company.name}` })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Cash box full' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Save alarm settings' })).toBeVisible();
});

test("a worker is offered their own alarms at /alarms/settings, not the company's", async ({ page }) => {
  await signIn(page, USERS.worker);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Alarms' }).click();
  await expect(menu.getByRole('link', { name: 'Open alarms' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Alarm settings' })).toBeVisible();

  await page.goto('/alarms/settings');
  await expect(page.getByRole('region', { name: 'My alarms' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Alarms of / })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Cash box full' })).toHaveCount(0);
});

const settingsWords = {
  en: { title: 'Alarm settings', kind: 'Cash box full', figure: 'Full at', save: 'Save alarm settings' },
  hr: { title: 'Postavke alarma', kind: 'Kasica puna', figure: 'Postotak punoće', save: 'Spremi postavke alarma' },
} as const;

for (const width of [1280, 375] as const) {
  for (const language of ['en', 'hr'] as const) {
    test(`the alarm settings at ${width} px in ${language}`, async ({ page }) => {
      const w = settingsWords[language];
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, USERS.manager);
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      await page.goto('/alarms/settings');
      await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();
      await expect(page.getByRole('switch', { name: w.kind })).toBeChecked();
      await expect(page.getByRole('textbox', { name: w.figure })).toHaveValue('80');
      await expect(page.getByRole('button', { name: w.save })).toBeVisible();
      await expectAccessible(page);
      await expectNoWiderThanScreen(page);
      await screenshot(page, `alarm-settings-${width}-${language}`);
    });
  }
}
