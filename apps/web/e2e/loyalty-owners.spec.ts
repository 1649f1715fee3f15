import type { LoyaltyOwner, PromoBox } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, newOib, signIn, USERS } from './support.ts';

/** An owner made through the API, so the holder and promo box screens have one to pick. */
async function createOwner(page: Page, token: string, name: string): Promise<LoyaltyOwner> {
  const response = await page.request.post('/api/v2/loyalty-owners', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, oib: newOib(), isOperator: true },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as LoyaltyOwner;
}

async function pickOwner(page: Page, name: string) {
  const select = page.getByRole('combobox', { name: 'Programme owner' });
  await select.click();
  await select.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

test('a partner owner is created, and its app key is shown once and then only as issued', async ({ page }) => {
  await signIn(page, USERS.manager);
  const name = `E2E partner ${Date.now()}`;
  await page.goto('/loyalty/owners/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'OIB' }).fill(newOib());
  await page.getByRole('textbox', { name: "Partner's commission" }).fill('7,5');
  await page.getByRole('button', { name: 'Create owner' }).click();

  await expect(page.getByText('The owner has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/loyalty\/owners\/edit\/\d+$/);
  await expect(page.getByRole('textbox', { name: "Partner's commission" })).toHaveValue('7,5 %');
  await expect(page.getByText('No key has been issued')).toBeVisible();

  // The first key needs no confirmation: there is none to stop.
  await page.getByRole('button', { name: 'Issue new app key' }).click();
  const dialog = page.getByRole('dialog', { name: "Card holders' app key" });
  await expect(dialog.getByText('This key will not be shown again')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'App key' })).toHaveValue(/^kvl_[A-Za-z0-9_-]{43}$/);
  const first = await dialog.getByRole('textbox', { name: 'App key' }).inputValue();
  await dialog.getByRole('button', { name: 'I have stored it, continue' }).click();
  await expect(page.getByText(/Current key issued \d\d\.\d\d\.\d{4}/)).toBeVisible();
  await expect(page.getByText(first)).toHaveCount(0);

  // A second one is asked first: the app's current key stops working.
  await page.getByRole('button', { name: 'Issue new app key' }).click();
  await page.getByRole('dialog', { name: 'Issue a new app key?' }).getByRole('button', { name: 'Issue new key' }).click();
  await expect(dialog.getByRole('textbox', { name: 'App key' })).not.toHaveValue(first);
  await dialog.getByRole('button', { name: 'I have stored it, continue' }).click();

  await page.goto(`/loyalty/owners/list?name=${encodeURIComponent(name)}`);
  const row = page.getByRole('table', { name: 'Loyalty programme owners' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Partner');
  await expect(row).toContainText('7,5 %');
  await expectAccessible(page);
});

test('a card holder is created in a programme with the consent given', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const owner = await createOwner(page, token, `E2E programme ${Date.now()}`);
  const surname = `Holder${Date.now()}`;
  await page.goto('/loyalty/users/new');
  await pickOwner(page, owner.name);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Marija');
  await page.getByRole('textbox', { name: 'Surname' }).fill(surname);
  await page.getByRole('textbox', { name: 'E-mail' }).fill('marija@example.test');
  await page.getByLabel('Consent given').fill('01.03.2026');
  await page.getByRole('textbox', { name: 'Consent text version' }).fill('v2');
  await page.getByRole('button', { name: 'Create card holder' }).click();

  await expect(page.getByText('The card holder has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/loyalty\/users\/edit\/\d+$/);
  await expect(page.getByLabel('Consent given')).toHaveValue('01.03.2026');
  // Below the form: their cards (none yet) and their cards' transactions.
  await expect(page.getByRole('heading', { name: 'Their cards', exact: true })).toBeVisible();
  await expect(page.getByText('No card is registered to this holder.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Their cards’ transactions' })).toBeVisible();
  await page.goto(`/loyalty/users/list?surname=${surname}`);
  const row = page.getByRole('table', { name: 'Card holders' }).getByRole('row').filter({ hasText: surname });
  await expect(row).toContainText(owner.name);
  await expect(row).toContainText('01.03.2026');
});

test('a promo box with unreadable text is refused; a readable one is previewed, created and deleted with the original messages', async ({
  page,
}) => {
  const { token } = await signIn(page, USERS.manager);
  const owner = await createOwner(page, token, `E2E promo owner ${Date.now()}`);
  const title = `E2E box ${Date.now()}`;
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/v2/promo-boxes')) posts.push(r.url());
  });
  await page.goto('/loyalty/users/promo-boxes/new');
  await pickOwner(page, owner.name);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Top up 20 € and get 10 € more.');
  await page.getByRole('textbox', { name: 'Background colour' }).fill('#ffffff');
  await page.getByRole('textbox', { name: 'Text colour' }).fill('#777777');
  await page.getByLabel('Active from').fill('01.12.2026');

  // The preview shows the box as typed, and that its text is too faint.
  const preview = page.getByRole('img', { name: 'Preview in the app' });
  await expect(preview).toContainText(title);
  await expect(preview).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(page.getByText('Contrast 4.47:1, too low: at least 4.5:1 is needed')).toBeVisible();
  await page.getByRole('button', { name: 'Create Promo Box' }).click();
  await expect(page.getByText('The text is hard to read on this background: contrast 4.47:1, at least 4.5:1 is needed.')).toBeVisible();
  expect(posts).toEqual([]);

  await page.getByRole('textbox', { name: 'Text colour' }).fill('#1a1b1e');
  await expect(page.getByText(/Contrast 1[67]\.\d\d:1, readable/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Button label' }).fill('Details');
  await page.getByRole('textbox', { name: 'Button link' }).fill('https://example.test/offers');
  await expect(preview).toContainText('Details');
  await page.getByRole('button', { name: 'Create Promo Box' }).click();
  await expect(page.getByText('Promo Box has been created successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/loyalty\/users\/promo-boxes\/edit\/\d+$/);
  await expectAccessible(page);

  await page.goto(`/loyalty/users/promo-boxes/list?title=${encodeURIComponent(title)}`);
  const row = page.getByRole('table', { name: 'Promo boxes' }).getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('All card holders');
  await expect(row).toContainText('01.12.2026');
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Promo Box has been deleted successfully.')).toBeVisible();
  await expect(row).toHaveCount(0);
  const left = await page.request.get(`/api/v2/promo-boxes?title=${encodeURIComponent(title)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await left.json()) as { member: PromoBox[] }).member).toEqual([]);
});
