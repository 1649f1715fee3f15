import type { City, Collection } from '@kovanica/contract';
import { expect, test } from '@playwright/test';
import { apiGet, signIn, USERS } from './support.ts';

test('an admin creates a city and renames it', async ({ page }) => {
  await signIn(page, USERS.admin);
  const stamp = Date.now();
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Cities' }).click();
  await menu.getByRole('link', { name: 'New city' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New city' })).toBeVisible();

  await page.getByRole('button', { name: 'Create city' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill(`Grad ${stamp}`);
  await page.getByRole('button', { name: 'Create city' }).click();
  await expect(page.getByText('The city has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/cities\/edit\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `City: Grad ${stamp}` })).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill(`Novi grad ${stamp}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The city has been saved.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `City: Novi grad ${stamp}` })).toBeVisible();

  await page.getByRole('link', { name: 'Back to the list' }).click();
  await page.getByRole('searchbox', { name: 'Name' }).fill(`grad ${stamp}`);
  const table = page.getByRole('table', { name: 'Cities' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: `Novi grad ${stamp}`, exact: true })).toBeVisible();
});

test('deleting a city that has locations is refused, naming them', async ({ page }) => {
  const { token } = await signIn(page, USERS.admin);
  const cities = await apiGet<Collection<City>>(page.request, token, '/cities?name=Zagreb');
  const zagreb = cities.member.find((c) => c.name === 'Zagreb');
  expect(zagreb?.locationsCount).toBeGreaterThan(0);

  await page.goto('/cities/list?name=Zagreb');
  const table = page.getByRole('table', { name: 'Cities' });
  await expect(table.getByRole('cell', { name: 'Zagreb', exact: true })).toBeVisible();
  await table.getByRole('button', { name: 'Delete Zagreb', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Zagreb?' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/This item is still in use: locations: \d+\./);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.getByRole('cell', { name: 'Zagreb', exact: true })).toBeVisible();
});

test('a manager is not offered cities and is refused at /cities/new', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('button', { name: 'Locations' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Cities' })).toHaveCount(0);

  // A refusal is the page working as meant: nothing is logged as an error (Lighthouse's best practices).
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/cities/new');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByText('Your role does not allow you to open this page.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
