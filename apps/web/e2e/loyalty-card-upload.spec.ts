import { type Collection, isValidOib, type LoyaltyCard, type LoyaltyOwner } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, expectAccessible, screenshot, signIn, USERS, waitForQuiet } from './support.ts';

function newOib(): string {
  const body = String(Math.floor(Math.random() * 9e9) + 1e9);
  for (let digit = 0; digit <= 9; digit++) if (isValidOib(`${body}${digit}`)) return `${body}${digit}`;
  throw new Error('no check digit');
}

/** A file of four rows: two valid, a bad chip id, and a number used twice (lines 5 and 6). */
const fileOf = (stamp: string) =>
  [
    'uid;number;status;statusReason',
    `0A${stamp}01;UP-${stamp}-1;;`,
    `0A${stamp}02;UP-${stamp}-2;blocked;Damaged`,
    `not-hex;UP-${stamp}-3;;`,
    `0A${stamp}04;UP-${stamp}-4;;`,
    `0A${stamp}05;UP-${stamp}-4;;`,
  ].join('\n');

async function setUp(page: Page) {
  const { token } = await signIn(page, USERS.manager);
  const stamp = String(Date.now()).slice(-6);
  const response = await page.request.post('/api/v2/loyalty-owners', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `E2E upload ${stamp}`, oib: newOib(), isOperator: true },
  });
  expect(response.status()).toBe(201);
  const owner = (await response.json()) as LoyaltyOwner;
  return { token, stamp, owner };
}

async function chooseOwnerAndFile(page: Page, owner: LoyaltyOwner, stamp: string, lang: 'en' | 'hr') {
  const ownerField = page
    .getByRole('textbox', { name: lang === 'hr' ? 'Vlasnik programa' : 'Programme owner' })
    .or(page.getByRole('combobox', { name: lang === 'hr' ? 'Vlasnik programa' : 'Programme owner' }));
  await ownerField.first().click();
  await ownerField.first().fill(owner.name);
  await page.getByRole('option', { name: owner.name }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'cards.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${fileOf(stamp)}`, 'utf8'),
  });
}

test('a manager uploads cards from CSV: preview with errors, then writes the valid rows', async ({ page }) => {
  const { token, stamp, owner } = await setUp(page);
  await page.goto('/loyalty/cards/list');
  await page.getByRole('link', { name: 'Upload from CSV or Excel' }).click();
  await expect(page).toHaveURL(/\/loyalty\/cards\/upload$/);
  await expect(page.getByRole('heading', { name: 'Upload cards' })).toBeVisible();
  await waitForQuiet(page);
  await expectAccessible(page); // the empty form too

  const template = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the template' }).click();
  expect((await template).suggestedFilename()).toBe('loyalty-cards-template.csv');

  await chooseOwnerAndFile(page, owner, stamp, 'en');
  await expect(page.getByText('Rows read: 5')).toBeVisible();
  await expect(page.getByText('Valid: 2')).toBeVisible();
  await expect(page.getByText('Refused: 3')).toBeVisible();
  const table = page.getByRole('table', { name: 'Rows of the file' });
  await expect(table.getByText('Enter the card chip id: 4 to 32 hexadecimal digits (separators are ignored).')).toBeVisible();
  await expect(table.getByText('Line 6 of the file has the same value.')).toBeVisible();
  // Nothing is written by the preview.
  const before = await apiGet<Collection<LoyaltyCard>>(page.request, token, `/loyalty-cards?owner=${owner.id}`);
  expect(before.totalItems).toBe(0);

  await page.getByRole('switch', { name: 'Only rows with errors' }).check({ force: true });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expectAccessible(page);
  await screenshot(page, 'card-upload-preview-en-1280');

  const refused = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the refused rows (CSV)' }).click();
  expect((await refused).suggestedFilename()).toMatch(/^loyalty-cards-refused-.*\.csv$/);

  await page.getByRole('button', { name: 'Write 2 cards' }).click();
  await expect(page.getByText('The cards have been written.')).toBeVisible();
  await expect(page.getByText('2 of 5 rows written, 3 refused.', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'card-upload-done-en-1280');
  const after = await apiGet<Collection<LoyaltyCard>>(page.request, token, `/loyalty-cards?owner=${owner.id}&order[number]=asc`);
  expect(after.member.map((c) => [c.number, c.status])).toEqual([
    [`UP-${stamp}-1`, 'active'],
    [`UP-${stamp}-2`, 'blocked'],
  ]);
  await page.getByRole('link', { name: 'Go to the cards' }).click();
  await expect(page).toHaveURL(/\/loyalty\/cards\/list/);
});

for (const [lang, width] of [
  ['en', 375],
  ['hr', 1280],
  ['hr', 375],
] as const) {
  test(`the preview in ${lang} at ${width} px`, async ({ page }) => {
    const { stamp, owner } = await setUp(page);
    await page.evaluate((language) => localStorage.setItem('language', language), lang);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/loyalty/cards/upload');
    await chooseOwnerAndFile(page, owner, stamp, lang);
    await expect(page.getByText(lang === 'hr' ? 'Odbijenih: 3' : 'Refused: 3')).toBeVisible();
    if (lang === 'hr') await expect(page.getByText('Redak 6 datoteke ima istu vrijednost.')).toBeVisible();
    // The page itself does not scroll sideways; the table scrolls in its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page);
    await screenshot(page, `card-upload-preview-${lang}-${width}`);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
}
