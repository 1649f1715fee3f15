import { expect, test } from '@playwright/test';
import { apiToken, signIn, USERS } from './support.ts';

const DEFAULT_BANNER = 'The system is being updated from v1.2 to v2.0. Failures are possible.';

test.afterAll(async ({ request }) => {
  // Leave the shared database as the other tests expect it: banner on, default text.
  const token = await apiToken(request, USERS.admin);
  await request.patch('/api/v2/settings', {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/merge-patch+json' },
    data: { updateBannerEnabled: true, updateBannerText: null },
  });
});

test('an admin edits the banner text and every user then sees it', async ({ page, browser }) => {
  await signIn(page, USERS.admin);
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'System notice' });
  await expect(banner).toHaveText(DEFAULT_BANNER);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Main settings' }).click();
  await expect(page).toHaveURL(/\/settings\/main$/);
  await expect(page.getByLabel('Show the update banner')).toBeChecked();

  const text = `Maintenance tonight from 22:00 (${Date.now()}).`;
  await page.getByLabel('Banner text').fill('x'.repeat(501));
  await page.getByRole('button', { name: 'Save the banner' }).click();
  await expect(page.getByText('Enter at most 500 characters.')).toBeVisible();

  await page.getByLabel('Banner text').fill(text);
  await page.getByRole('button', { name: 'Save the banner' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(banner).toHaveText(text);

  // Another user, in a separate browser context, sees the new text.
  const context = await browser.newContext();
  const worker = await context.newPage();
  await signIn(worker, USERS.worker);
  await worker.goto('/dashboard');
  await expect(worker.getByRole('region', { name: 'System notice' })).toHaveText(text);

  // Switching the banner off hides it for everyone, at their next navigation.
  await page.getByLabel('Show the update banner').uncheck();
  await page.getByRole('button', { name: 'Save the banner' }).click();
  await expect(page.getByText('Settings saved.').first()).toBeVisible();
  await expect(banner).toHaveCount(0);
  await worker.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Profile' }).click();
  await worker.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Overview' }).click();
  await expect(worker.getByRole('heading', { level: 1, name: 'Profile overview' })).toBeVisible();
  await expect(worker.getByRole('region', { name: 'System notice' })).toHaveCount(0);
  await context.close();
});

test('a worker is not offered Settings and is refused at /settings/main', async ({ page }) => {
  await signIn(page, USERS.worker);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Profile' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Settings' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Header menu' }).getByRole('button', { name: 'Settings' })).toHaveCount(0);

  await page.goto('/settings/main');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(page.getByText('Your role does not allow you to open this page.')).toBeVisible();
  // The refusal sits inside the layout, so the way back is right there.
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByLabel('Banner text')).toHaveCount(0);
});

test('a top-level manager switches between My Company and All Companies', async ({ page, request }) => {
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  const token = await apiToken(request, USERS.manager);
  const get = async (view?: string) => {
    const res = await request.get('/api/v2/dashboard/summary', {
      headers: { Authorization: `Bearer ${token}`, ...(view ? { 'x-kovanica-view': view } : {}) },
    });
    return (await res.json()) as { companies: number };
  };
  const [mine, all] = [await get(), await get('all')];
  const companies = page.getByRole('region', { name: 'Companies in view', exact: true });
  await expect(companies).toContainText(String(mine.companies));

  await page.getByRole('button', { name: /Open user panel/ }).click();
  const panel = page.getByRole('dialog', { name: 'User profile' });
  await panel.getByText('All Companies').click();
  await expect(companies).toContainText(String(all.companies));
  const account = await page.evaluate(() => JSON.parse(localStorage.getItem('accountInfo') ?? '{}'));
  expect(account).toMatchObject({ isTopGun: true, role: 'manager', company_id: 1 });

  await panel.getByText('My Company').click();
  await expect(companies).toContainText(String(mine.companies));
});

test('a manager of a company without subsidiaries has no view switch', async ({ page }) => {
  await signIn(page, USERS.otherManager);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Open user panel/ }).click();
  const panel = page.getByRole('dialog', { name: 'User profile' });
  await expect(panel).toContainText('Drugi automati');
  await expect(panel.getByText('All Companies')).toHaveCount(0);
});
