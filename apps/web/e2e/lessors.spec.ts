import { addDays, businessDate, isValidOib } from '@kovanica/contract';
import { expect, test } from '@playwright/test';
import { chooseOption, signIn, USERS } from './support.ts';

/** A day as the date field shows and takes it: dd.MM.yyyy. */
const shown = (iso: string) => iso.split('-').reverse().join('.');

/** A valid OIB that no demo lessor has: random digits and the right check digit. */
function newOib(): string {
  const body = String(Math.floor(Math.random() * 9e9) + 1e9);
  for (let digit = 0; digit <= 9; digit++) if (isValidOib(`${body}${digit}`)) return `${body}${digit}`;
  throw new Error('no check digit');
}

test('a contract that ends before it starts is refused inline', async ({ page }) => {
  await signIn(page, USERS.manager);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/v2/lessors')) posts.push(r.url());
  });
  await page.goto('/lessors/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E najmodavac ${Date.now()}`);
  await page.getByRole('textbox', { name: 'OIB' }).fill(newOib());
  await chooseOption(page, 'Rental type', 'Fixed');
  await page.getByLabel('Contract start').fill(shown('2026-06-01'));
  await page.getByLabel('Contract end').fill(shown('2026-05-31'));
  await page.getByRole('button', { name: 'Create lessor' }).click();

  await expect(page.getByText('The end must not be before the start.')).toBeVisible();
  await expect(page.getByLabel('Contract end')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/lessors\/new$/);
  expect(posts).toEqual([]);

  // The same day is a one-day contract, which is allowed.
  await page.getByLabel('Contract end').fill(shown('2026-06-01'));
  await expect(page.getByText('The end must not be before the start.')).toHaveCount(0);
});

test('a lessor whose contract ends within 30 days shows the ending badge', async ({ page }) => {
  await signIn(page, USERS.manager);
  const name = `E2E ugovor ${Date.now()}`;
  const today = businessDate();
  await page.goto('/lessors/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'OIB' }).fill(newOib());
  await page.getByLabel('Contract start').fill(shown(addDays(today, -200)));
  await page.getByLabel('Contract end').fill(shown(addDays(today, 10)));
  await chooseOption(page, 'Rental type', 'Mixed');
  // Typed key by key, with the thousands grouped, as people write amounts.
  await page.getByRole('textbox', { name: 'Contract rental amount' }).pressSequentially('1.234,5');
  await page.getByRole('textbox', { name: 'Rental percentage' }).fill('12,5');
  await page.getByRole('textbox', { name: 'Income limit' }).fill('1000');
  await page.getByRole('button', { name: 'Create lessor' }).click();

  await expect(page.getByText('The lessor has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/lessors\/edit\/\d+$/);
  await expect(page.getByText('Ending soon')).toBeVisible();
  // Money typed in euros is kept as cents and shown back in euros.
  await expect(page.getByRole('textbox', { name: 'Contract rental amount' })).toHaveValue('1.234,50');
  await expect(page.getByRole('textbox', { name: 'Rental percentage' })).toHaveValue('12,5 %');

  await page.goto(`/lessors/list?name=${encodeURIComponent(name)}`);
  const table = page.getByRole('table', { name: 'Lessors' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Ending soon');
  await expect(row).toContainText('1.234,50 €');
  await expect(row).toContainText('12,5 %');
});

test('a money field reads an amount as people type it, key by key', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/lessors/new');
  await chooseOption(page, 'Rental type', 'Mixed');
  const field = page.getByRole('textbox', { name: 'Contract rental amount' });
  for (const [typed, shownBack] of [
    ['1.234,50', '1.234,50'],
    ['1.000', '1.000,00'],
    ['12.50', '12,50'], // the numeric keypad's decimal point
    ['12,345', '12,34'], // a third decimal is not taken
    ['7x', '7,00'],
    ['-5', '5,00'], // rent is not negative
  ]) {
    await field.clear();
    await field.pressSequentially(typed);
    await field.blur();
    await expect(field, typed).toHaveValue(shownBack);
  }
  // A tab into the field selects the amount, and what is typed then replaces it.
  await page.getByRole('textbox', { name: 'Contract rental amount' }).focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('80');
  await field.blur();
  await expect(field).toHaveValue('80,00');
});
