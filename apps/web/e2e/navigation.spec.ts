import { expect, test } from '@playwright/test';
import { signIn, USERS } from './support.ts';

test('/ redirects to /dashboard', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('the side menu leads to the working screens, and an unknown path to /404', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // A manager keeps the company's settings (the main ones, the fiscal ones) and reads its outbox.
  await menu.getByRole('button', { name: 'Settings' }).click();
  await expect(menu.getByRole('link', { name: 'Fiscal settings' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Main settings' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Outbox' })).toBeVisible();

  await menu.getByRole('button', { name: 'Profile' }).click();
  await menu.getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/profile\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile overview' })).toBeVisible();

  await menu.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/no/such/screen');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the header menu opens its dropdown and navigates', async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto('/dashboard');
  const header = page.getByRole('navigation', { name: 'Header menu' });
  await header.getByRole('button', { name: 'Companies' }).click();
  await page.getByRole('menuitem', { name: 'All companies' }).click();
  await expect(page).toHaveURL(/\/companies\/list$/);
  // The admin's "More" holds dozens of entries: its dropdown scrolls within the screen rather than running off it.
  // The admin's menu is longer than the header: the rest is under "More", and fits at 1280 px.
  await header.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Main settings' }).click();
  await expect(page).toHaveURL(/\/settings\/main$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});

test('a form with unsaved changes asks before leaving', async ({ page }) => {
  await signIn(page, USERS.accountant);
  await page.goto('/profile/overview');
  await page.getByLabel('Phone').fill('+385 1 234 5678');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/profile\/overview$/);
  await expect(page.getByLabel('Phone')).toHaveValue('+385 1 234 5678');

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a user edits their own personal information', async ({ page }) => {
  await signIn(page, USERS.accountant);
  await page.goto('/profile/overview');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ana-Marija');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your personal information is saved.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Personal information', exact: true })).toContainText('Ana-Marija');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('personalInfo') ?? '{}'));
  expect(stored.name).toBe('Ana-Marija');
});
