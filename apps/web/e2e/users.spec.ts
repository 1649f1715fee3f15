import type { User } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, apiToken, chooseOption, columnTexts, createUsers, signIn, USERS } from './support.ts';

// A 2×2 PNG: the server squares and enlarges it to 256×256 WebP.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4YSMHRAwQCgAibgSJoCkBrwAAAABJRU5ErkJggg==', 'base64');

/** Twelve workers to page through; their e-mails sort pager01…pager12. */
const PAGER_COUNT = 12;
const pagerEmail = (n: number) => `pager${String(n).padStart(2, '0')}@e2e-users.test`;

test.beforeAll(({ request }) =>
  createUsers(
    request,
    Array.from({ length: PAGER_COUNT }, (_, i) => ({
      email: pagerEmail(i + 1),
      name: 'Pager',
      surname: `P${i + 1}`,
      role: 'worker' as const,
      password: 'pager-password-1',
    })),
  ),
);

/** The e-mail cells of the list, top to bottom. */
const emails = (page: Page) => columnTexts(page.getByRole('table'), 'E-mail');

test('the admin filters by role, sorts by e-mail and pages; a reload keeps the list', async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Users' }).click();
  await menu.getByRole('link', { name: 'All users' }).click();
  await expect(page).toHaveURL(/\/users\/all\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All users' })).toBeVisible();
  const table = page.getByRole('table', { name: 'All users' });
  await expect(table.getByRole('cell', { name: USERS.admin })).toBeVisible();

  // Role: managers of both demo companies, nobody else.
  await chooseOption(page, 'Role', 'Manager');
  await expect(page).toHaveURL(/role=manager/);
  await expect.poll(() => emails(page)).toEqual(expect.arrayContaining([USERS.manager, USERS.otherManager]));
  await expect(table).toHaveAttribute('aria-busy', 'false');
  for (const row of await table
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') })
    .all()) {
    await expect(row).toContainText('Manager');
  }

  // Workers named Pager (made above, so other tests' users cannot change the figures), ten a page.
  await chooseOption(page, 'Role', 'Field worker');
  await page.getByRole('searchbox', { name: 'Name', exact: true }).fill('Pager');
  await expect(page).toHaveURL(/name=Pager/);
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page.getByText(`1–10 of ${PAGER_COUNT}`)).toBeVisible();

  // Sorting by e-mail: ascending, then descending; then the second page.
  const emailHeader = table.getByRole('columnheader', { name: 'E-mail' });
  await expect(emailHeader).toHaveAttribute('aria-sort', 'none');
  await emailHeader.getByRole('button').click();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => (await emails(page)).slice(0, 3)).toEqual([pagerEmail(1), pagerEmail(2), pagerEmail(3)]);
  await emailHeader.getByRole('button').click();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => (await emails(page)).slice(0, 2)).toEqual([pagerEmail(12), pagerEmail(11)]);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText(`11–${PAGER_COUNT} of ${PAGER_COUNT}`)).toBeVisible();
  await expect.poll(() => emails(page)).toEqual([pagerEmail(2), pagerEmail(1)]);
  const url = page.url();
  expect(url).toMatch(/page=2/);
  expect(url).toMatch(/itemsPerPage=10/);
  expect(url).toMatch(/sort=email/);
  expect(url).toMatch(/dir=desc/);

  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByText(`11–${PAGER_COUNT} of ${PAGER_COUNT}`)).toBeVisible();
  await expect.poll(() => emails(page)).toEqual([pagerEmail(2), pagerEmail(1)]);
  await expect(page.getByRole('searchbox', { name: 'Name', exact: true })).toHaveValue('Pager');
  await expect(page.getByRole('combobox', { name: 'Role', exact: true })).toHaveValue('Field worker');
  await expect(table.getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute('aria-sort', 'descending');
});

test('the admin creates a user (after fixing an error), edits and deletes them', async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto('/users/list');
  await page.getByRole('link', { name: 'New user' }).click();
  await expect(page).toHaveURL(/\/users\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New user' })).toBeVisible();
  // A new user in the My Company view joins the admin's company unless another is chosen.
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue('Zabavni automati d.o.o.');

  const email = `new.user.${Date.now()}@e2e-users.test`;
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Nina');
  await page.getByRole('textbox', { name: 'Surname', exact: true }).fill('Novak');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
  await chooseOption(page, 'Role', 'Accountant');
  await page.getByLabel('Initial password').fill('zelena-livada-33');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
  await expect(page).toHaveURL(/\/users\/new$/);

  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('The user has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/users\/edit\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'User: Nina Novak' })).toBeVisible();
  const id = Number(page.url().split('/').pop());

  await page.getByRole('textbox', { name: 'Phone' }).fill('+385 1 555 0101');
  await page.getByRole('switch', { name: 'Active' }).uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The user has been saved.')).toBeVisible();
  const token = await apiToken(page.request, USERS.admin);
  const saved = await apiGet<User>(page.request, token, `/users/${id}`);
  expect(saved).toMatchObject({ email, phone: '+385 1 555 0101', active: false, roles: ['accountant'] });

  // The admin sets the user's photo (decision 0029): saved at once, the user's and not the admin's.
  await page.locator('input[type="file"]').setInputFiles({ name: 'nina.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('The photo is saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo of Nina Novak' })).toHaveAttribute('src', new RegExp(`/api/v2/users/${id}/photo\\?v=`));
  await expect(page.locator('header img')).not.toHaveAttribute('src', new RegExp(`/users/${id}/photo`));
  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByText('The photo is removed.')).toBeVisible();
  expect((await apiGet<User>(page.request, token, `/users/${id}`)).photo).toBeNull();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Nina Novak?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('The user has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/users\/list$/);
  const gone = await page.request.get(`/api/v2/users/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(gone.status()).toBe(404);
});

test('a row is deleted from the list after confirming', async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto(`/users/all/list?email=${encodeURIComponent(pagerEmail(12))}`);
  const table = page.getByRole('table', { name: 'All users' });
  await expect(table.getByRole('cell', { name: pagerEmail(12) })).toBeVisible();
  await table.getByRole('button', { name: 'Delete Pager P12' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Pager P12?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('cell', { name: pagerEmail(12) })).toBeVisible();

  await table.getByRole('button', { name: 'Delete Pager P12' }).click();
  await page.getByRole('dialog', { name: 'Delete Pager P12?' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(table.getByText('No record found')).toBeVisible();
});

test('the admin cannot change their own role, company, e-mail or active flag: the form locks them, the API refuses them', async ({
  page,
}) => {
  const { user, token } = await signIn(page, USERS.admin);
  await page.goto(`/users/edit/${user.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `User: ${user.name} ${user.surname}` })).toBeVisible();
  // Nobody deletes themselves: the form does not offer it.
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Role', exact: true })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Active' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeEditable();
  // One's own password changes on the profile, with the current one.
  await expect(page.getByText('Your own password changes on your profile, with the current one.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open my profile' })).toHaveAttribute('href', '/profile/overview');
  const refused = await page.request.patch(`/api/v2/users/${user.id}`, {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/merge-patch+json' },
    data: { roles: ['manager'] },
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { message: string }).message).toBe('You cannot change your own role, company, e-mail or active flag.');
});

test('a manager who types /users/list sees the refusal, and the API refuses a user write', async ({ page }) => {
  const { token, company } = await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Users' })).toHaveCount(0);
  for (const path of ['/users/list', '/users/all/list', '/users/new']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  }
  // A manager reads themself (the sign-in flow needs it) but may not write users.
  const response = await page.request.post('/api/v2/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      email: 'sneaky@e2e-users.test',
      name: 'S',
      surname: 'S',
      roles: ['admin'],
      company: company['@id'],
      password: 'tiha-voda-brege-dere',
    },
  });
  expect(response.status()).toBe(403);
});
