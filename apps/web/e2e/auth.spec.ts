import { messages } from '@kovanica/contract';
import { expect, test } from '@playwright/test';
import { apiToken, PASSWORD, signIn, signInWithForm, storedKeys, summaryOf, USERS } from './support.ts';

test('the demo manager signs in and lands on the dashboard with real figures', async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, USERS.manager);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const summary = await summaryOf(page.request, await apiToken(page.request, USERS.manager));
  const figures = [
    ['Users', summary.users],
    ['Active users', summary.activeUsers],
    ['Companies in view', summary.companies],
    ['Locations', summary.locations],
    ['Devices', summary.devices],
  ] as const;
  for (const [name, value] of figures) {
    await expect(page.getByRole('region', { name, exact: true })).toContainText(String(value));
  }
  await expect(page.getByRole('region', { name: 'Company', exact: true })).toContainText('Zabavni automati d.o.o.');

  const stored = await storedKeys(page);
  expect(stored.token).toBeTruthy();
  expect(JSON.parse(stored.personalInfo ?? '{}')).toMatchObject({ email: USERS.manager, name: 'Marko' });
  expect(JSON.parse(stored.accountInfo ?? '{}')).toMatchObject({ role: 'manager', isTopGun: false, company_id: 1 });
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, USERS.accountant, `${PASSWORD}-wrong`);
  await expect(page.getByRole('alert')).toHaveText(messages.en.problem.bad_credentials);
  await expect(page).toHaveURL(/\/login/);
  expect((await storedKeys(page)).token).toBeNull();
});

test('signed out, /profile/overview asks for a login and returns there afterwards', async ({ page }) => {
  await page.goto('/profile/overview');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Foverview/);
  await signInWithForm(page, USERS.manager);
  await expect(page).toHaveURL(/\/profile\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile overview' })).toBeVisible();
});

test('signed out, /dashboard goes to the login and comes back after signing in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
  await signInWithForm(page, USERS.worker);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sign out clears the token, personal info and account info', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Open user panel/ }).click();
  const panel = page.getByRole('dialog', { name: 'User profile' });
  await expect(panel).toContainText('Marko Horvat');
  await panel.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await storedKeys(page);
  expect(stored).toMatchObject({ token: null, personalInfo: null, accountInfo: null });
  // The session is really gone: a protected page asks for a login again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('an expired or revoked login sends the user to sign in and back', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
  await page.goto('/profile/overview');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Foverview/);
  expect((await storedKeys(page)).token).toBeNull();
  await signInWithForm(page, USERS.manager);
  await expect(page).toHaveURL(/\/profile\/overview$/);
});

test('the language switch to Croatian is kept after a reload', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Open user panel/ }).click();
  await page.getByRole('dialog', { name: 'User profile' }).getByLabel('Language').selectOption('hr');
  await expect(page.getByRole('dialog', { name: 'Korisnički profil' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeVisible();
  expect((await storedKeys(page)).language).toBe('hr');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hr');
  await expect(page.getByRole('region', { name: 'Korisnici', exact: true })).toBeVisible();
});
