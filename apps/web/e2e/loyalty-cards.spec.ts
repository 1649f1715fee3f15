import type { CardHolder, CardTransaction, Collection, Device, LoyaltyCard, LoyaltyOwner } from '@kovanica/contract';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiGet, apiPost, expectAccessible, newOib, screenshot, sendTelemetry, signIn, USERS } from './support.ts';

/** A chip id no other run has used: 7 bytes, as a reader prints them (lower case, colons). */
const newUid = () =>
  Array.from({ length: 7 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join(':');

/** A programme owner and a holder in it, made through the API: the card form picks them. */
async function programme(request: APIRequestContext, token: string) {
  const stamp = `${Date.now()}`.slice(-7);
  const owner = await apiPost<LoyaltyOwner>(request, token, '/loyalty-owners', {
    name: `E2E program ${stamp}`,
    oib: newOib(),
    isOperator: true,
  });
  const holder = await apiPost<CardHolder>(request, token, '/card-holders', {
    owner: owner['@id'],
    name: 'Ana',
    surname: `Kartičarka${stamp}`,
  });
  return { owner, holder, stamp };
}

/** A field by its label: a searchable select is a textbox or a combobox, depending on its state. */
const field = (scope: Locator | Page, label: string) =>
  scope.getByRole('textbox', { name: label, exact: true }).or(scope.getByRole('combobox', { name: label, exact: true }));

async function choose(page: Page, scope: Locator | Page, label: string, option: string, search?: string) {
  const input = field(scope, label);
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A segment of a segmented control (its radio input is hidden under the label). */
async function pick(scope: Locator, option: string) {
  await scope.getByText(option, { exact: true }).click();
  await expect(scope.getByRole('radio', { name: option, exact: true })).toBeChecked();
}

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('a manager creates a card, corrects its balance, sees the ledger row, blocks the card and checks its flag', async ({ page }) => {
  test.setTimeout(150_000);
  const { token, user } = await signIn(page, USERS.manager);
  const { owner, holder, stamp } = await programme(page.request, token);
  const number = `E2E-${stamp}`;
  const uid = newUid();
  const holderName = `${holder.name} ${holder.surname}`;

  // `/loyalty/cards` opens the list, found in the Loyalty group of the menu.
  await page.goto('/loyalty/cards');
  await expect(page).toHaveURL(/\/loyalty\/cards\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Card transactions' })).toBeVisible();

  // The new card: the owner first (the holder is one of the owner's), the uid as the reader prints it.
  await page.getByRole('main').getByRole('link', { name: 'New card' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New card' })).toBeVisible();
  await expect(field(page, 'Holder')).toBeDisabled();
  await choose(page, page, 'Programme owner', owner.name, owner.name);
  await page.getByRole('textbox', { name: 'Chip id (UID)' }).fill(uid);
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await choose(page, page, 'Holder', holderName, holder.surname);
  await page.getByRole('button', { name: 'Create card' }).click();
  await expect(page.getByText('The card has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/loyalty\/cards\/edit\/\d+$/);
  const cardId = Number(page.url().split('/').pop());
  const normalised = uid.replaceAll(':', '').toUpperCase();
  // The chip stays the card's: shown normalised, not editable.
  await expect(page.getByRole('textbox', { name: 'Chip id (UID)' })).toHaveValue(normalised);
  await expect(page.getByRole('textbox', { name: 'Chip id (UID)' })).toHaveAttribute('readonly', '');
  await expect(page.getByText('No transactions on this card yet.')).toBeVisible();

  // Correct the balance: 12 € of paid credit and 2 € of bonus, with a note.
  await page.getByRole('button', { name: 'Correct balance' }).click();
  const dialog = page.getByRole('dialog', { name: `Correct the balance of card ${number}` });
  await dialog.getByRole('button', { name: 'Record correction' }).click();
  await expect(dialog.getByText('Enter an amount of paid credit or bonus to add or take.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Paid credit', exact: true }).fill('12,00');
  await dialog.getByRole('textbox', { name: 'Bonus', exact: true }).fill('2');
  await expect(dialog.getByText('After the correction: 12,00 € paid credit, 2,00 € bonus.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Note' }).fill('E2E opening credit');
  await screenshot(page, 'loyalty-card-correction-en-1280');
  await dialog.getByRole('button', { name: 'Record correction' }).click();
  await expect(page.getByText('The correction has been recorded.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const balance = page.getByRole('region', { name: 'Balance' });
  await expect(balance).toContainText('12,00 €');
  await expect(balance).toContainText('14,00 €');
  const ledger = page.getByRole('table', { name: 'Last transactions' });
  const correction = ledger.getByRole('row').filter({ hasText: 'E2E opening credit' });
  await expect(correction).toContainText('Correction');
  await expect(correction).toContainText('+12,00 €');
  await expect(correction).toContainText('+2,00 €');
  await expect(correction).toContainText(`${user.name} ${user.surname}`);

  // Taking more bonus than the card has is refused on its field; nothing is recorded.
  await page.getByRole('button', { name: 'Correct balance' }).click();
  await pick(dialog.getByRole('radiogroup').nth(1), 'Take');
  await dialog.getByRole('textbox', { name: 'Bonus', exact: true }).fill('5');
  await dialog.getByRole('textbox', { name: 'Note' }).fill('E2E too much');
  await dialog.getByRole('button', { name: 'Record correction' }).click();
  await expect(dialog.getByText('The bonus cannot go below zero: the card has 2,00 € of bonus.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(ledger.getByRole('row').filter({ hasText: 'E2E too much' })).toHaveCount(0);
  await expectAccessible(page);

  // Block it: the reason is required, and the page says who blocked it and why.
  const form = page.getByRole('region', { name: 'Card', exact: true });
  await pick(form, 'Blocked');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('textbox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: 'Reason' }).fill('Reported stolen at the counter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The card has been saved.')).toBeVisible();
  await expect(balance).toContainText(`Blocked by ${user.name} ${user.surname} on`);
  await expect(balance).toContainText('— Reported stolen at the counter');

  // A spend on the blocked card is recorded (the machine already gave the play) and flags the card.
  const devices = await apiGet<Collection<Device>>(page.request, token, '/devices?itemsPerPage=50');
  const device = devices.member.find((d) => d.imei);
  if (!device?.imei) throw new Error('the demo data needs a device with a logger');
  await sendTelemetry(page.request, device.imei, [{ type: 'card', cardUid: uid, valueCents: 150 }]);
  await page.reload();
  await expect(balance).toContainText('This card needs a look');
  const spend = ledger.getByRole('row').filter({ hasText: 'Spend' });
  await expect(spend).toContainText('-1,50 €');
  await expect(spend).toContainText(device.name);
  await screenshot(page, 'loyalty-card-en-1280');
  await expectAccessible(page);

  // The list finds it among the cards that need a look, the balance's paid credit and bonus apart.
  await page.goto('/loyalty/cards/list?flagged=true');
  const row = page.getByRole('table', { name: 'Cards' }).getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('10,50 € + 2,00 € bonus');
  await expect(row).toContainText('Blocked');
  await expect(row).toContainText('Needs a look');
  await expect(row).toContainText(holderName);
  await screenshot(page, 'loyalty-cards-list-en-1280');
  await expectAccessible(page);

  // Mark as checked clears the flag.
  await page.goto(`/loyalty/cards/edit/${cardId}`);
  await page.getByRole('button', { name: 'Mark as checked' }).click();
  await expect(page.getByText('The card has been marked as checked.')).toBeVisible();
  await expect(balance).not.toContainText('This card needs a look');
  expect((await apiGet<LoyaltyCard>(page.request, token, `/loyalty-cards/${cardId}`)).flagged).toBe(false);

  // The whole ledger, from the card's link: its rows, narrowed by kind.
  await page.getByRole('link', { name: 'All transactions of this card' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Card transactions' })).toBeVisible();
  const all = page.getByRole('table', { name: 'Card transactions' });
  await expect(all.getByRole('row')).toHaveCount(3);
  await expect(all.getByRole('link', { name: number }).first()).toBeVisible();
  await screenshot(page, 'card-transactions-en-1280');
  await choose(page, page, 'Kind', 'Correction');
  await expect(all.getByRole('row')).toHaveCount(2);
  await expectAccessible(page);

  // By owner and by holder: the chooser comes first among the filters.
  await page.goto(`/loyalty/owners/transactions?owner=${encodeURIComponent(owner['@id'])}`);
  await expect(page.getByRole('table', { name: 'Transactions by owner' }).getByRole('row')).toHaveCount(3);
  await screenshot(page, 'owner-transactions-en-1280');
  await page.goto(`/loyalty/users/transactions?holder=${encodeURIComponent(holder['@id'])}`);
  await expect(field(page, 'Holder')).toHaveValue(holderName);
  await expect(page.getByRole('table', { name: 'Transactions by card holder' }).getByRole('row')).toHaveCount(3);

  const rows = await apiGet<Collection<CardTransaction>>(
    page.request,
    token,
    `/card-transactions?card=${encodeURIComponent(`/api/v2/loyalty-cards/${cardId}`)}`,
  );
  expect(rows.member.map((r) => [r.kind, r.paidCents, r.bonusCents, r.paidAfterCents, r.bonusAfterCents])).toEqual([
    ['spend', -150, 0, 1050, 200],
    ['adjustment', 1200, 200, 1200, 200],
  ]);
});

test('an accountant reads a card and its ledger but changes nothing', async ({ page }) => {
  const manager = await signIn(page, USERS.manager);
  const { owner, stamp } = await programme(page.request, manager.token);
  const card = await apiPost<LoyaltyCard>(page.request, manager.token, '/loyalty-cards', {
    owner: owner['@id'],
    uid: newUid(),
    number: `E2E-R-${stamp}`,
  });
  await apiPost(page.request, manager.token, '/card-transactions', {
    card: card['@id'],
    paidCents: 500,
    bonusCents: 0,
    note: 'E2E read-only',
  });

  await signIn(page, USERS.accountant);
  await page.goto(`/loyalty/cards/list?number=${card.number}`);
  await page.getByRole('link', { name: `Open ${card.number}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Card ${card.number}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Card number' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Correct balance' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Last transactions' }).getByRole('row').filter({ hasText: 'E2E read-only' })).toBeVisible();
});

for (const [lang, width] of [
  ['en', 375],
  ['hr', 1280],
  ['hr', 375],
] as const) {
  test(`the cards list and a card's page fit ${width} px in ${lang}`, async ({ page }) => {
    test.skip(!process.env.KV_SHOTS && !(lang === 'hr' && width === 375), 'one size is enough without KV_SHOTS');
    await page.setViewportSize({ width, height: 800 });
    const { token } = await signIn(page, USERS.manager);
    const { owner, holder, stamp } = await programme(page.request, token);
    const card = await apiPost<LoyaltyCard>(page.request, token, '/loyalty-cards', {
      owner: owner['@id'],
      holder: holder['@id'],
      uid: newUid(),
      number: `E2E-${lang}-${stamp}`,
      status: 'lost',
      statusReason: 'Lost on the beach',
    });
    await apiPost(page.request, token, '/card-transactions', { card: card['@id'], paidCents: 2000, bonusCents: 300, note: 'E2E' });
    await page.evaluate((language) => localStorage.setItem('language', language), lang);
    await page.goto(`/loyalty/cards/list?number=${card.number}`);
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: card.number })).toContainText('20,00 € + 3,00 € bonus');
    await fitsWidth(page, width);
    await screenshot(page, `loyalty-cards-list-${lang}-${width}`);
    await page.goto(`/loyalty/cards/edit/${card.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(card.number);
    await expect(page.getByText('Lost on the beach').first()).toBeVisible();
    await fitsWidth(page, width);
    await screenshot(page, `loyalty-card-${lang}-${width}`);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
}
