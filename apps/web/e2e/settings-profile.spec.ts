import type { Company } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, apiPatch, apiToken, expectAccessible, screenshot, signIn, USERS, waitForQuiet } from './support.ts';

/** Issue 15 §3: /settings/main is the company's settings for its managers (and admins). */

let original: Company;
test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, USERS.manager);
  const { company } = await companyOf(request, token);
  original = company;
});
test.afterAll(async ({ request }) => {
  // Leave the shared database as the other tests expect it.
  const token = await apiToken(request, USERS.admin);
  const { tokenValueCents, sendDailyReports, offlineThresholdMinutes } = original;
  await apiPatch(request, token, original['@id'].replace('/api/v2', ''), { tokenValueCents, sendDailyReports, offlineThresholdMinutes });
});

async function companyOf(request: Parameters<typeof apiToken>[0], token: string) {
  const me = await apiGet<{ member: Company[] }>(request, token, '/companies?name=Zabavni');
  return { company: me.member[0] as Company };
}

test('a manager changes the token value and a notification toggle of their company; an empty threshold is refused', async ({
  page,
  request,
}) => {
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Settings' }).click();
  await menu.getByRole('link', { name: 'Main settings' }).click();
  await expect(page).toHaveURL(/\/settings\/main$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Main settings' })).toBeVisible();
  // The update banner is the admins'.
  await expect(page.getByLabel('Banner text')).toHaveCount(0);

  await page.getByLabel('Offline threshold (minutes)').fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText("The company's settings are saved.")).toHaveCount(0);

  await page.getByLabel('Offline threshold (minutes)').fill('90');
  await page.getByLabel('Token value').fill('1,50');
  const daily = page.getByRole('switch', { name: 'Daily reports' });
  const wasOn = await daily.isChecked();
  await daily.click({ force: true });
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText("The company's settings are saved.")).toBeVisible();

  const token = await apiToken(request, USERS.manager);
  const { company } = await companyOf(request, token);
  expect(company).toMatchObject({ tokenValueCents: 150, offlineThresholdMinutes: 90, sendDailyReports: !wasOn });
  await expect(page.getByRole('link', { name: 'open the fiscal settings' })).toBeVisible();
  await screenshot(page, 'settings-main-manager');
});

test('an accountant is refused at /settings/main', async ({ page }) => {
  await signIn(page, USERS.accountant);
  await page.goto('/settings/main');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
});

async function check(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForQuiet(page);
  await expectAccessible(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(1);
}

for (const [width, language] of [
  [1280, 'en'],
  [375, 'en'],
  [1280, 'hr'],
  [375, 'hr'],
] as const) {
  test(`settings and profile are axe clean and fit at ${width} px in ${language}`, async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const user of [USERS.manager, USERS.admin]) {
      await signIn(page, user);
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      await check(page, '/settings/main');
      await screenshot(page, `settings-main-${user.split('@')[0]}-${width}-${language}`);
      await check(page, '/profile/overview');
    }
    await context.close();
  });
}
