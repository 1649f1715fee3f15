import { expect, type Page, test } from '@playwright/test';
import { apiToken, expectAccessible, newOib, signIn, USERS } from './support.ts';

async function pick(page: Page, label: string, option: string) {
  const input = page.getByRole('textbox', { name: label, exact: true }).or(page.getByRole('combobox', { name: label, exact: true }));
  await input.click();
  await input.fill(option.slice(0, 12));
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A loyalty owner of the manager's company (its screens are another part of the programme). */
async function newOwner(page: Page, name: string) {
  const token = await apiToken(page.request, USERS.manager);
  const response = await page.request.post('/api/v2/loyalty-owners', {
    data: { name, oib: newOib() },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('a bonus promotion with tiers added in the form, listed with its terms', async ({ page }) => {
  await signIn(page, USERS.manager);
  const stamp = Date.now();
  const owner = `E2E program ${stamp}`;
  await newOwner(page, owner);

  await page.goto('/loyalty/promotions/new');
  await pick(page, 'Programme owner', owner);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E bonus ${stamp}`);
  await page.getByLabel('Valid from').fill('01.11.2026');
  await page.getByRole('textbox', { name: 'Tier 1: from' }).fill('50');
  await page.getByRole('textbox', { name: 'Tier 1: bonus' }).fill('20');
  await page.getByRole('button', { name: 'Add tier' }).click();
  await page.getByRole('textbox', { name: 'Tier 2: from' }).fill('20');
  await page.getByRole('textbox', { name: 'Tier 2: bonus' }).fill('10');
  await page.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page.getByText('Each tier must start at a larger amount than the one before.')).toBeVisible();
  await expect(page).toHaveURL(/\/loyalty\/promotions\/new$/);

  // The first row removed, the other made first: +10 % from 20 €, then +20 % from 50 € added after.
  await page.getByRole('button', { name: 'Remove tier 1' }).click();
  await page.getByRole('button', { name: 'Add tier' }).click();
  await page.getByRole('textbox', { name: 'Tier 2: from' }).fill('50');
  await page.getByRole('textbox', { name: 'Tier 2: bonus' }).fill('20');
  await page.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page.getByText('The promotion has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/loyalty\/promotions\/edit\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Tier 2: from' })).toHaveValue('50,00');
  await expectAccessible(page);

  await page
    .getByRole('button', { name: 'Back to the list' })
    .or(page.getByRole('link', { name: 'Back to the list' }))
    .click();
  await expect(page).toHaveURL(/\/loyalty\/promotions\/all/);
  await page.goto(`/loyalty/promotions/all?name=${encodeURIComponent(`E2E bonus ${stamp}`)}`);
  const row = page
    .getByRole('table', { name: 'Promotions' })
    .getByRole('row')
    .filter({ hasText: `E2E bonus ${stamp}` });
  await expect(row).toContainText('+10 % from 20,00 €; +20 % from 50,00 €');
  await expect(row).toContainText(owner);
});

test('a happy hour asks for its own fields: devices, price, days and hours', async ({ page }) => {
  await signIn(page, USERS.manager);
  const stamp = Date.now();
  const owner = `E2E sretni ${stamp}`;
  await newOwner(page, owner);

  await page.goto('/loyalty/promotions/new');
  await pick(page, 'Programme owner', owner);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E sretni sat ${stamp}`);
  await page.getByLabel('Valid from').fill('01.11.2026');
  await page
    .getByRole('textbox', { name: 'Kind' })
    .or(page.getByRole('combobox', { name: 'Kind' }))
    .click();
  await page.getByRole('option', { name: 'Happy hour' }).click();
  await expect(page.getByRole('textbox', { name: 'Tier 1: from' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page.getByText('Choose at least 1.').first()).toBeVisible();

  const devices = page.getByRole('textbox', { name: 'Devices' }).or(page.getByRole('combobox', { name: 'Devices' }));
  await devices.click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Play price' }).fill('0,5');
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('18:00');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('20:00');
  await page.getByRole('checkbox', { name: 'Saturday' }).check();
  await page.getByRole('checkbox', { name: 'Sunday' }).check();
  await page.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page.getByText('The promotion has been created.')).toBeVisible();

  await page.goto(`/loyalty/promotions/all?name=${encodeURIComponent(`E2E sretni sat ${stamp}`)}`);
  const row = page
    .getByRole('table', { name: 'Promotions' })
    .getByRole('row')
    .filter({ hasText: `E2E sretni sat ${stamp}` });
  await expect(row).toContainText('Happy hour');
  await expect(row).toContainText('0,50 € · Sat, Sun 18:00–20:00 · devices: 1');
});
