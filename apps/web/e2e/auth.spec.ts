import { messages } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
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

test('sign out clears the token, personal info and account info, and ends the sign-in on the server', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Open user panel/ }).click();
  const panel = page.getByRole('dialog', { name: 'User profile' });
  await expect(panel).toContainText('Marko Horvat');
  const logout = page.waitForResponse((r) => r.url().endsWith('/api/v2/logout'));
  await panel.getByRole('button', { name: 'Sign out' }).click();
  expect((await logout).status()).toBe(204);
  await expect(page).toHaveURL(/\/login$/);
  // The old token is refused by the server too, not only forgotten by the browser.
  const old = await page.request.get('/api/v2/settings', { headers: { Authorization: `Bearer ${token}` } });
  expect(old.status()).toBe(401);
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

  // A token whose account was lost from the storage is no session either: a login, not "Access denied".
  await page.evaluate(() => localStorage.removeItem('accountInfo'));
  await page.goto('/profile/overview');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Foverview/);
  expect((await storedKeys(page)).token).toBeNull();
  await signInWithForm(page, USERS.manager);
  await expect(page).toHaveURL(/\/profile\/overview$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Access denied');
});

/** A user of the test's own (what it changes stays with them), signed in through the login screen. */
async function signInAsNewUser(page: Page, name: string, role: 'manager' | 'worker', password: string): Promise<string> {
  const admin = await apiToken(page.request, USERS.admin);
  const email = `${name}.${Date.now()}@zabavni.test`;
  const created = await page.request.post('/api/v2/users', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { email, name: 'Nova', surname: 'Osoba', roles: [role], company: '/api/v2/companies/1', password },
  });
  expect(created.status()).toBe(201);
  await page.goto('/login');
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

test('the language switch to Croatian is kept after a reload, and by the account for the next sign-in', async ({ page, browser }) => {
  // A user of its own: the account keeps the language, and the demo users should stay in English.
  const email = await signInAsNewUser(page, 'jezik', 'manager', 'hrvatski-jezik-i-more');
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/v2/users/'));
  await page.getByRole('button', { name: /Open user panel/ }).click();
  await page.getByRole('dialog', { name: 'User profile' }).getByLabel('Language').selectOption('hr');
  await expect(page.getByRole('dialog', { name: 'Korisnički profil' })).toBeVisible();
  expect((await saved).status()).toBe(200);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeVisible();
  expect((await storedKeys(page)).language).toBe('hr');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hr');
  await expect(page.getByRole('region', { name: 'Korisnici', exact: true })).toBeVisible();

  // Another browser, in English until the sign-in: the account's language takes over.
  const context = await browser.newContext({ locale: 'en-GB', baseURL: test.info().project.use.baseURL });
  const other = await context.newPage();
  await other.goto('/login');
  await signInWithForm(other, email, 'hrvatski-jezik-i-more');
  await expect(other.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeVisible();
  await context.close();
});

test('a user changes their own password with the current one, and stays signed in', async ({ page }) => {
  const email = await signInAsNewUser(page, 'lozinka', 'worker', 'stara-lozinka-s-mora');
  const other = await page.request.post('/api/v2/authentication_token', { data: { email, password: 'stara-lozinka-s-mora' } });
  const otherToken = ((await other.json()) as { token: string }).token;

  await page.goto('/profile/overview');
  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('Current password').fill('wrong-current-password');
  await form.getByLabel(/^New password/).fill('nova-lozinka-uz-more');
  await form.getByLabel('Repeat the new password').fill('nova-lozinka-uz-more');
  await form.getByRole('button', { name: 'Change password', exact: true }).click();
  await expect(form.getByText('The current password is not correct.')).toBeVisible();

  await form.getByLabel('Current password').fill('stara-lozinka-s-mora');
  await form.getByLabel(/^New password/).fill('password1234');
  await form.getByLabel('Repeat the new password').fill('password1234');
  await form.getByRole('button', { name: 'Change password', exact: true }).click();
  await expect(form.getByText(/too easy to guess/)).toBeVisible();

  await form.getByLabel(/^New password/).fill('nova-lozinka-uz-more');
  await form.getByLabel('Repeat the new password').fill('nova-lozinka-uz-more');
  await form.getByRole('button', { name: 'Change password', exact: true }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();
  // This browser signed in again with the new password; the other sign-in has ended.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  const stale = await page.request.get('/api/v2/settings', { headers: { Authorization: `Bearer ${otherToken}` } });
  expect(stale.status()).toBe(401);
});
