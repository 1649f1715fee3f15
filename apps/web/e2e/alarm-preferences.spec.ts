import { type AlarmSummary, type Collection, type Company, formatMoney, roleKinds, type Tag, type User } from '@kovanica/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiGet, apiPatch, apiToken, chooseOption, expectAccessible, followMenu, screenshot, signIn, USERS } from './support.ts';

/**
 * One's own alarms (docs/rules.md "Alarms", "Who is told") on `/alarms/settings`, for every role: a
 * worker chooses the kinds, the tags, e-mail and quiet hours, and goes back to the role's kinds; a
 * manager sets when the company's unacknowledged alarms escalate; the dashboard shows what the open
 * alarms lose an hour, as `GET /alarms/summary` says. In English and Croatian, at 1280 and 375 px,
 * scanned by axe.
 */
test.describe.configure({ mode: 'serial', timeout: 60_000 });

/** The worker's preferences as a new account has them: the role's kinds, every tag, no e-mail (a worker's), push, no quiet hours. */
const WORKER_DEFAULTS = { kinds: null, tags: [], email: false, push: true, quietHours: null } as const;

async function me(request: APIRequestContext, email: string): Promise<User> {
  const token = await apiToken(request, email);
  const users = await apiGet<Collection<User>>(request, token, `/users?email=${encodeURIComponent(email)}`);
  const user = users.member[0];
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

async function managersCompany(request: APIRequestContext): Promise<Company> {
  const user = await me(request, USERS.manager);
  const token = await apiToken(request, USERS.manager);
  return apiGet<Company>(request, token, user.company.replace('/api/v2', ''));
}

async function expectNoWiderThanScreen(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(1);
}

const myAlarms = (page: Page, name = 'My alarms') => page.getByRole('region', { name, exact: true });

test.afterAll(async ({ request }) => {
  // Other specs share the server: the worker's preferences and the company's escalation as the demo leaves them.
  const worker = await me(request, USERS.worker);
  await apiPatch(request, await apiToken(request, USERS.worker), `/users/${worker.id}`, { alarmPreferences: WORKER_DEFAULTS });
  const company = await managersCompany(request);
  await apiPatch(request, await apiToken(request, USERS.manager), `/companies/${company.id}`, { alarmEscalationMinutes: 30 });
});

test("a worker chooses their kinds, a tag, e-mail and quiet hours, keeps them, then goes back to the role's kinds", async ({ page }) => {
  const { token, user } = await signIn(page, USERS.worker);
  await apiPatch(page.request, token, `/users/${user.id}`, { alarmPreferences: WORKER_DEFAULTS });
  const tags = await apiGet<Collection<Tag>>(page.request, token, '/tags?itemsPerPage=50&order[name]=asc');
  const tag = tags.member[0];
  if (!tag) throw new Error('the demo company has no tag');

  await page.goto('/dashboard');
  await followMenu(page, 'Alarms', 'Alarm settings');
  await expect(page).toHaveURL(/\/alarms\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alarm settings' })).toBeVisible();
  const card = myAlarms(page);
  await expect(card).toBeVisible();
  // A worker sets their own alarms only: the company's rules are its managers'.
  await expect(page.getByRole('region', { name: /^Alarms of / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save alarm settings' })).toHaveCount(0);

  // The role's kinds, as the contract's defaults say.
  const defaults = ['Critical device', 'Device offline', 'Machine event', 'Cash box full', 'Few prizes left'];
  const kinds = [
    'Critical device',
    'Device offline',
    'Machine event',
    'Cash box full',
    'Few prizes left',
    'Deposit difference',
    'Bill without JIR',
    'Lessor contract ending',
  ];
  for (const name of kinds) {
    const box = card.getByRole('checkbox', { name, exact: true });
    if (defaults.includes(name)) await expect(box).toBeChecked();
    else await expect(box).not.toBeChecked();
  }
  const email = card.getByRole('switch', { name: 'E-mail' });
  const push = card.getByRole('switch', { name: 'Push messages', exact: true });
  const quiet = card.getByRole('switch', { name: 'Quiet hours' });
  await expect(email).not.toBeChecked();
  await expect(push).toBeChecked();
  await expect(quiet).not.toBeChecked();
  // With push on, this browser's own switch. The headless Chromium of the suite refuses notifications
  // whatever is granted, so it shows the blocked state; the push protocol itself is tested on the server.
  await expect(card.getByRole('switch', { name: 'Push messages on this device' })).toBeDisabled();
  await expect(card.getByText('Blocked by the browser', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await card.getByRole('checkbox', { name: 'Device offline' }).uncheck();
  await card.getByRole('checkbox', { name: 'Deposit difference' }).check();
  await chooseOption(page, 'Tags', tag.name, { within: card, search: tag.name });
  await page.keyboard.press('Escape');
  await email.check();
  await quiet.check();
  await card.getByLabel('Quiet from').fill('23:00');
  await card.getByLabel('Quiet until').fill('06:30');
  await card.getByRole('button', { name: 'Save my alarms' }).click();
  await expect(page.getByText('Your alarm settings are saved.')).toBeVisible();

  expect((await me(page.request, USERS.worker)).alarmPreferences).toEqual({
    kinds: ['device_critical', 'machine_event', 'cash_box_full', 'prize_stock_low', 'deposit_difference'],
    tags: [tag['@id']],
    email: true,
    push: true,
    quietHours: { from: '23:00', to: '06:30' },
  });
  await page.reload();
  await expect(card.getByRole('checkbox', { name: 'Device offline' })).not.toBeChecked();
  await expect(card.getByRole('checkbox', { name: 'Deposit difference' })).toBeChecked();
  await expect(card.getByText(tag.name, { exact: true })).toBeVisible();
  await expect(email).toBeChecked();
  await expect(quiet).toBeChecked();
  await expect(card.getByLabel('Quiet from')).toHaveValue('23:00');
  await expect(card.getByLabel('Quiet until')).toHaveValue('06:30');
  await expectAccessible(page);
  await screenshot(page, 'alarm-preferences-worker-changed-1280-en');

  // Back to the role's kinds: sent as `kinds: null`, so they follow the role from now on.
  await card.getByRole('button', { name: "Reset to my role's defaults" }).click();
  await expect(card.getByText("Once saved, your alarms follow your role's defaults.")).toBeVisible();
  await expect(card.getByRole('checkbox', { name: 'Device offline' })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: 'Deposit difference' })).not.toBeChecked();
  const sent = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/api/v2/users/${user.id}`));
  await card.getByRole('button', { name: 'Save my alarms' }).click();
  expect((await sent).postDataJSON()).toEqual({ alarmPreferences: { kinds: null } });
  await expect(page.getByText('Your alarm settings are saved.').first()).toBeVisible();
  const after = (await me(page.request, USERS.worker)).alarmPreferences;
  expect(after.kinds).toEqual(roleKinds(['worker']));
  // Only the kinds were sent: the rest stays as chosen.
  expect(after).toMatchObject({ tags: [tag['@id']], email: true, quietHours: { from: '23:00', to: '06:30' } });

  // Quiet hours turned off are none.
  await quiet.uncheck();
  await expect(card.getByLabel('Quiet from')).toHaveCount(0);
  await card.getByRole('button', { name: 'Save my alarms' }).click();
  await expect.poll(async () => (await me(page.request, USERS.worker)).alarmPreferences.quietHours).toBeNull();
});

test('quiet hours that end when they start are refused on the field, and nothing is sent', async ({ page }) => {
  const { token, user } = await signIn(page, USERS.worker);
  await apiPatch(page.request, token, `/users/${user.id}`, { alarmPreferences: WORKER_DEFAULTS });
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH') sent.push(r.url());
  });
  await page.goto('/alarms/settings');
  const card = myAlarms(page);
  await card.getByRole('switch', { name: 'Quiet hours' }).check();
  await card.getByLabel('Quiet from').fill('22:00');
  await card.getByLabel('Quiet until').fill('22:00');
  await card.getByRole('button', { name: 'Save my alarms' }).click();
  await expect(card.getByText('Quiet hours must end at another time than they start.')).toBeVisible();
  await expect(card.getByLabel('Quiet until')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  // The server refuses them too, at the same field.
  const response = await page.request.patch(`/api/v2/users/${user.id}`, {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/merge-patch+json' },
    data: { alarmPreferences: { quietHours: { from: '22:00', to: '22:00' } } },
  });
  expect(response.status()).toBe(422);
  const problem = (await response.json()) as { violations: { propertyPath: string }[] };
  expect(problem.violations.map((v) => v.propertyPath)).toEqual(['alarmPreferences.quietHours.to']);

  // Fixed, it saves.
  await card.getByLabel('Quiet until').fill('06:00');
  await card.getByRole('button', { name: 'Save my alarms' }).click();
  await expect(page.getByText('Your alarm settings are saved.')).toBeVisible();
  expect((await me(page.request, USERS.worker)).alarmPreferences.quietHours).toEqual({ from: '22:00', to: '06:00' });
});

test('a manager sets when unacknowledged alarms escalate, and 0 for never', async ({ page }) => {
  const { company } = await signIn(page, USERS.manager);
  expect(company.alarmEscalationMinutes).toBe(30);
  await page.goto('/alarms/settings');
  await expect(myAlarms(page)).toBeVisible();
  const rules = page.getByRole('region', { name: `Alarms of ${company.name}` });
  const minutes = rules.getByRole('textbox', { name: 'Escalate after' });
  const save = rules.getByRole('button', { name: 'Save alarm settings' });
  await expect(minutes).toHaveValue('30');
  await expect(rules.getByText('Unacknowledged alarms go to the managers after this many minutes; 0: never.')).toBeVisible();

  // More than a day is refused before anything is sent.
  await minutes.fill('1441');
  await save.click();
  await expect(rules.getByText('The value must be at most 1440.')).toBeVisible();

  await minutes.fill('45');
  await save.click();
  await expect(page.getByText('The alarm settings are saved.')).toBeVisible();
  expect((await managersCompany(page.request)).alarmEscalationMinutes).toBe(45);
  await page.reload();
  await expect(minutes).toHaveValue('45');
  await expectAccessible(page);
  await screenshot(page, 'alarm-settings-escalation-1280-en');

  await minutes.fill('0');
  await save.click();
  await expect(page.getByText('The alarm settings are saved.').first()).toBeVisible();
  await expect.poll(async () => (await managersCompany(page.request)).alarmEscalationMinutes).toBe(0);
  // Back as the demo leaves it, for the screens below.
  await apiPatch(page.request, await apiToken(page.request, USERS.manager), `/companies/${company.id}`, { alarmEscalationMinutes: 30 });
});

test('the dashboard shows what the open alarms lose an hour and how many there are, as the summary says', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Alarms', exact: true });
  await expect(card).toBeVisible();
  await expect(async () => {
    const summary = await apiGet<AlarmSummary>(page.request, token, '/alarms/summary');
    await expect(card.getByTestId('figure-alarm-loss')).toHaveText(`${formatMoney(summary.lossCentsPerHour)}/h`, { timeout: 1000 });
    await expect(card.getByTestId('figure-open-alarms')).toHaveText(String(summary.open + summary.acknowledged), { timeout: 1000 });
    await expect(card.getByText(`${summary.acknowledged} of them acknowledged`)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(card.getByRole('region', { name: 'Being lost now' })).toBeVisible();
  await card.getByRole('link', { name: 'Open the alarms list' }).click();
  await expect(page).toHaveURL(/\/alarms\/list/);
  await expect(page.getByRole('heading', { level: 1, name: 'Open alarms' })).toBeVisible();
});

const words = {
  en: {
    title: 'Alarm settings',
    mine: 'My alarms',
    save: 'Save my alarms',
    dashboard: 'Dashboard',
    alarms: 'Alarms',
    loss: 'Being lost now',
  },
  hr: {
    title: 'Postavke alarma',
    mine: 'Moji alarmi',
    save: 'Spremi moje alarme',
    dashboard: 'Nadzorna ploča',
    alarms: 'Alarmi',
    loss: 'Trenutni gubitak',
  },
} as const;

for (const width of [1280, 375] as const) {
  for (const language of ['en', 'hr'] as const) {
    test(`my alarms and the dashboard's loss at ${width} px in ${language}`, async ({ page }) => {
      const w = words[language];
      await page.setViewportSize({ width, height: 900 });
      // A manager sees both parts of the settings; a worker the first (and the same dashboard card).
      for (const user of [USERS.manager, USERS.worker]) {
        await signIn(page, user);
        await page.evaluate((l) => localStorage.setItem('language', l), language);
        await page.goto('/alarms/settings');
        await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();
        await expect(myAlarms(page, w.mine).getByRole('button', { name: w.save })).toBeVisible();
        await expect(page.locator('main .mantine-Skeleton-root')).toHaveCount(0);
        await expectAccessible(page);
        await expectNoWiderThanScreen(page);
        const who = user === USERS.manager ? 'manager' : 'worker';
        await screenshot(page, `alarm-preferences-${who}-${width}-${language}`);

        await page.goto('/dashboard');
        await expect(page.getByRole('heading', { level: 1, name: w.dashboard })).toBeVisible();
        const card = page.getByRole('region', { name: w.alarms, exact: true });
        await expect(card.getByRole('region', { name: w.loss })).toContainText('/h');
        await expectAccessible(page);
        await expectNoWiderThanScreen(page);
        await screenshot(page, `dashboard-alarms-${who}-${width}-${language}`);
      }
    });
  }
}
