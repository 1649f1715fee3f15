import { readFileSync } from 'node:fs';
import type { Article, Collection } from '@kovanica/contract';
import { type Download, expect, type Page, test } from '@playwright/test';
import { apiGet, expectAccessible, screenshot, signIn, USERS, waitForQuiet } from './support.ts';

// Several screens, uploads and axe scans per test on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

/** Three articles: two valid (prices in euros with a decimal comma), one without a unit (line 3). */
const fileOf = (stamp: string) =>
  [
    'naziv;jedinica;dobavljač;pdv;nabavna neto;prodajna bruto',
    `E2E ${stamp} Bombon;kom;Kraš;25;0,80;2,00`,
    `E2E ${stamp} Lizalica;;;;;`,
    `E2E ${stamp} Sok;pcs;;13;1,10;`,
  ].join('\n');

/** A downloaded CSV's header row (after the byte order mark). */
const firstLine = async (file: Download) =>
  readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')[0];

async function chooseFile(page: Page, stamp: string) {
  await page.locator('input[type="file"]').setInputFiles({
    name: `articles-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${fileOf(stamp)}`, 'utf8'),
  });
}

test('a manager imports articles with one bad row: preview, confirm, then the history and its refused row', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const stamp = String(Date.now()).slice(-6);
  await page.goto('/imports/history');
  await expect(page.getByRole('heading', { name: 'Imports', exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'New import' }).first().click();
  await expect(page).toHaveURL(/\/imports\/new$/);
  await waitForQuiet(page);
  await expectAccessible(page);

  const template = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the template' }).click();
  expect((await template).suggestedFilename()).toBe('articles-template.csv');
  expect(await firstLine(await template)).toBe('name;unit;supplier;vatRate;purchaseNet;purchaseGross;sellingNet;sellingGross');

  await chooseFile(page, stamp);
  await expect(page.getByText('Rows read: 3')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Valid: 2')).toBeVisible();
  await expect(page.getByText('Refused: 1')).toBeVisible();
  const table = page.getByRole('table', { name: 'Rows of the file' });
  await expect(table.locator('tr[data-refused]')).toHaveCount(1);
  await expect(table.locator('tr[data-refused]')).toContainText(`E2E ${stamp} Lizalica`);
  const written = async () =>
    (await apiGet<Collection<Article>>(page.request, token, `/articles?name=${encodeURIComponent(`E2E ${stamp}`)}`)).totalItems;
  expect(await written()).toBe(0);
  await expectAccessible(page);
  await screenshot(page, 'imports-preview-en-1280');

  await page.getByRole('button', { name: 'Write 2 rows' }).click();
  await expect(page.getByText('The import has been written.')).toBeVisible();
  await expect(page.getByText('2 of 3 rows written, 1 refused.')).toBeVisible();
  expect(await written()).toBe(2);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Imports history' }).click();
  await expect(page).toHaveURL(/\/imports\/history/);
  const row = page.getByRole('row', { name: new RegExp(`articles-${stamp}\\.csv`) });
  await expect(row).toContainText('Articles');
  await expect(row).toContainText('Marko Horvat');
  await expect(row).toContainText('Done, rows refused');
  await expectAccessible(page);
  await screenshot(page, 'imports-history-en-1280');

  await row.getByRole('link', { name: `articles-${stamp}.csv` }).click();
  await expect(page).toHaveURL(/\/imports\/history\/\d+$/);
  await expect(page.getByRole('heading', { name: '1 refused row' })).toBeVisible();
  const refused = page.getByRole('table', { name: '1 refused row' });
  await expect(refused).toContainText(`E2E ${stamp} Lizalica`);
  await expect(refused.locator('tbody td').first()).toHaveText('3');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the refused rows (CSV)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^articles-refused-.*\.csv$/);
  await expectAccessible(page);
  await screenshot(page, 'imports-detail-en-1280');
});

for (const [lang, width] of [
  ['en', 375],
  ['hr', 1280],
  ['hr', 375],
] as const) {
  test(`the import screens in ${lang} at ${width} px`, async ({ page }) => {
    await signIn(page, USERS.manager);
    const stamp = `${String(Date.now()).slice(-6)}${lang}${width}`;
    await page.evaluate((language) => localStorage.setItem('language', language), lang);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/imports/new');
    if (lang === 'hr') {
      // The template in Croatian: its headers and words are the import's Croatian ones.
      const template = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Preuzmi predložak' }).click();
      expect(await firstLine(await template)).toBe(
        'naziv;jedinica mjere;dobavljač;stopa pdv;nabavna cijena neto;nabavna cijena bruto;prodajna cijena neto;prodajna cijena bruto',
      );
    }
    await chooseFile(page, stamp);
    await expect(page.getByText(lang === 'hr' ? 'Odbijeno: 1' : 'Refused: 1')).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page);
    await screenshot(page, `imports-preview-${lang}-${width}`);
    await page.getByRole('button', { name: lang === 'hr' ? 'Upiši 2 retka' : 'Write 2 rows' }).click();
    await expect(page.getByText(lang === 'hr' ? 'Uvoz je upisan.' : 'The import has been written.')).toBeVisible();
    await page.getByRole('link', { name: lang === 'hr' ? 'Otvori ga u povijesti' : 'Open it in the history' }).click();
    await expect(page).toHaveURL(/\/imports\/history\/\d+$/);
    if (lang === 'hr') await expect(page.getByRole('table').getByText('Ovo polje je obavezno.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page);
    await screenshot(page, `imports-detail-${lang}-${width}`);
    await page.goto('/imports/history');
    await expect(page.getByRole('table').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page);
    await screenshot(page, `imports-history-${lang}-${width}`);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
}
