import { expect, type Page, test } from '@playwright/test';
import { apiToken, expectAccessible, newOib, signIn, USERS } from './support.ts';

/** Picks an option of a (searchable) select by typing part of its label. */
async function pick(page: Page, label: string, option: string) {
  const input = page.getByRole('textbox', { name: label, exact: true }).or(page.getByRole('combobox', { name: label, exact: true }));
  await input.click();
  await input.fill(option.slice(0, 12));
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function createByApi<T>(page: Page, path: string, data: object): Promise<T> {
  const token = await apiToken(page.request, USERS.manager);
  const response = await page.request.post(`/api/v2${path}`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201);
  return (await response.json()) as T;
}

test('a POS owner and its point of sale, whose terminal key is shown once', async ({ page }) => {
  await signIn(page, USERS.manager);
  const stamp = Date.now();
  const ownerName = `E2E trafika ${stamp}`;

  await page.goto('/loyalty/pos-owners/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(ownerName);
  await page.getByRole('textbox', { name: 'OIB' }).fill('12345678901');
  await page.getByRole('button', { name: 'Create POS owner' }).click();
  await expect(page.getByText('Enter a valid OIB: 11 digits with a correct check digit.')).toBeVisible();
  await page.getByRole('textbox', { name: 'OIB' }).fill(newOib());
  await page.getByRole('textbox', { name: 'Phone' }).fill('+385 1 234 5678');
  await page.getByRole('button', { name: 'Create POS owner' }).click();
  await expect(page.getByText('The POS owner has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/loyalty\/pos-owners\/edit\/\d+$/);

  await page.goto('/loyalty/pos-locations/new');
  await pick(page, 'POS owner', ownerName);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E kiosk ${stamp}`);
  await page.getByRole('textbox', { name: 'Business premises label' }).fill('KIOSK-1');
  await page.getByRole('textbox', { name: 'Charging device (ISU)' }).fill('01');
  await page.getByRole('button', { name: 'Create POS location' }).click();
  await expect(page.getByText('This value is not in the right format.')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Business premises label' }).fill('KIOSK1');
  await page.getByRole('textbox', { name: 'Charging device (ISU)' }).fill('1');
  await page.getByRole('button', { name: 'Create POS location' }).click();
  await expect(page.getByText('The POS location has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/loyalty\/pos-locations\/edit\/\d+$/);
  await expect(page.getByText('No key issued yet: the terminal cannot sign in.')).toBeVisible();

  // The first key is issued at once, shown once, and only its date stays on the page.
  await page.getByRole('button', { name: 'Issue new terminal key' }).click();
  const modal = page.getByRole('dialog', { name: 'POS terminal key' });
  await expect(modal.getByText('This key will not be shown again')).toBeVisible();
  const key = await modal.getByRole('textbox', { name: 'Terminal key' }).inputValue();
  expect(key).toMatch(/^kvl_[A-Za-z0-9_-]{43}$/);
  await modal.getByRole('button', { name: 'I have stored it, continue' }).click();
  await expect(page.getByText(/^Current key issued \d\d\.\d\d\.\d{4} \d\d:\d\d\.$/)).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);
  // A second key replaces the first only after a question.
  await page.getByRole('button', { name: 'Issue new terminal key' }).click();
  const question = page.getByRole('dialog', { name: 'Issue a new terminal key?' });
  await question.getByRole('button', { name: 'Issue new key' }).click();
  const second = await page.getByRole('dialog', { name: 'POS terminal key' }).getByRole('textbox', { name: 'Terminal key' }).inputValue();
  expect(second).not.toBe(key);
  await page.getByRole('button', { name: 'I have stored it, continue' }).click();

  await page.goto(`/loyalty/pos-locations/list?name=${encodeURIComponent(`E2E kiosk ${stamp}`)}`);
  const row = page
    .getByRole('table', { name: 'POS locations' })
    .getByRole('row')
    .filter({ hasText: `E2E kiosk ${stamp}` });
  await expect(row).toContainText(ownerName);
  await expect(row).toContainText('KIOSK1');
});

test('a POS worker gets a PIN on creation and a new one from their page, never shown', async ({ page }) => {
  await signIn(page, USERS.manager);
  const stamp = Date.now();
  const owner = await createByApi<{ '@id': string }>(page, '/pos-owners', { name: `E2E vlasnik ${stamp}`, oib: newOib() });
  const location = await createByApi<{ '@id': string; name: string }>(page, '/pos-locations', {
    posOwner: owner['@id'],
    name: `E2E prodajno mjesto ${stamp}`,
    premisesLabel: 'PM1',
    isu: '3',
  });

  await page.goto('/loyalty/pos-workers/new');
  await pick(page, 'POS location', location.name);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Iva');
  await page.getByRole('textbox', { name: 'Surname' }).fill(`Perić ${stamp}`);
  await page.getByRole('textbox', { name: 'OIB' }).fill(newOib());
  await page.getByRole('textbox', { name: 'PIN', exact: true }).fill('12');
  await page.getByRole('button', { name: 'Create POS worker' }).click();
  await expect(page.getByText('Enter a PIN of 4 to 8 digits.')).toBeVisible();
  await page.getByRole('textbox', { name: 'PIN', exact: true }).fill('2468');
  await page.getByRole('button', { name: 'Create POS worker' }).click();
  await expect(page.getByText('The POS worker has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/loyalty\/pos-workers\/edit\/\d+$/);
  await expect(page.getByText(/^Current PIN set /)).toBeVisible();
  // The edit form has no PIN field: the PIN has its own action.
  await expect(page.getByRole('textbox', { name: 'PIN', exact: true })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Set new PIN' }).click();
  const dialog = page.getByRole('dialog', { name: `New PIN for Iva Perić ${stamp}` });
  await dialog.getByRole('textbox', { name: 'PIN', exact: true }).fill('12ab');
  await dialog.getByRole('button', { name: 'Set PIN' }).click();
  await expect(dialog.getByText('Enter a PIN of 4 to 8 digits.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'PIN', exact: true }).fill('87654321');
  await dialog.getByRole('button', { name: 'Set PIN' }).click();
  await expect(page.getByText('The new PIN has been set.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.goto(`/loyalty/pos-workers/list?surname=${encodeURIComponent(String(stamp))}`);
  const row = page
    .getByRole('table', { name: 'POS workers' })
    .getByRole('row')
    .filter({ hasText: `Perić ${stamp}` });
  await expect(row).toContainText(location.name);
  await expect(row).not.toContainText('2468');
});

test('the points of sale are in the loyalty menu, for the manager', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/loyalty/pos-owners');
  await expect(page).toHaveURL(/\/loyalty\/pos-owners\/list$/);
  // On one of its screens the group is open already.
  const group = page.getByRole('button', { name: 'Loyalty' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  for (const entry of ['Promotions', 'POS owners', 'POS locations', 'POS workers']) {
    await expect(page.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
});

test('an accountant reads a point of sale, with no changes offered', async ({ page }) => {
  await signIn(page, USERS.manager);
  const stamp = Date.now();
  const owner = await createByApi<{ '@id': string }>(page, '/pos-owners', { name: `E2E čitanje ${stamp}`, oib: newOib() });
  const location = await createByApi<{ id: number; name: string }>(page, '/pos-locations', {
    posOwner: owner['@id'],
    name: `E2E samo čitanje ${stamp}`,
    premisesLabel: 'RO1',
    isu: '4',
  });
  await signIn(page, USERS.accountant);
  await page.goto(`/loyalty/pos-locations/list?name=${encodeURIComponent(location.name)}`);
  await page.getByRole('link', { name: `Open ${location.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/loyalty/pos-locations/edit/${location.id}$`));
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Issue new terminal key' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  // POS workers are not the accountant's: no entry in the menu.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'POS workers' })).toHaveCount(0);
});
