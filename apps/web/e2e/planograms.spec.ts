import type { Article, Device, Planogram } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, apiPost, apiToken, expectAccessible, followMenu, signIn, USERS } from './support.ts';

/**
 * Planograms and audit sales (docs/rules.md "Planograms and audit sales"): a manager gives a vending
 * machine's selections their articles on the device's page and saves them; a worker sees them
 * without editing; the product sales report opens with its range and device filter. At 1280 and 375 px.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const stamp = Date.now().toString(36);

/** The page is no wider than the screen (a phone: no sideways scroll of the page). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test('a manager edits a vending machine’s planogram on its page; a worker reads it', async ({ page, request }) => {
  const token = await apiToken(request, USERS.manager);
  const device = await apiPost<Device>(request, token, '/devices', { name: `Planogram ${stamp}`, group: 'vending' });
  const cola = await apiPost<Article>(request, token, '/articles', { name: `Cola ${stamp}`, unit: 'pcs' });
  const chips = await apiPost<Article>(request, token, '/articles', { name: `Chips ${stamp}`, unit: 'pcs' });

  await signIn(page, USERS.manager);
  await page.goto(`/devices/edit/${device.id}`);
  const card = page.getByRole('region', { name: 'Planogram' });
  await expect(card.getByText('No selections yet.')).toBeVisible();

  const pick = async (index: number, selection: string, article: Article) => {
    await card.getByRole('button', { name: 'Add selection' }).click();
    await card.getByRole('textbox', { name: 'Selection' }).nth(index).fill(selection);
    const input = card
      .getByRole('textbox', { name: 'Article' })
      .or(card.getByRole('combobox', { name: 'Article' }))
      .nth(index);
    await input.click();
    await input.fill(article.name);
    await page.getByRole('option', { name: article.name, exact: true }).click();
  };
  await pick(0, '12', chips);
  await pick(1, '11', cola);
  await card.getByRole('button', { name: 'Save planogram' }).click();
  await expect(page.getByText('The planogram is saved.')).toBeVisible();
  // Saved in the machine's order.
  await expect(card.getByRole('textbox', { name: 'Selection' })).toHaveCount(2);
  await expect(card.getByRole('textbox', { name: 'Selection' }).first()).toHaveValue('11');
  const saved = await apiGet<Planogram>(request, token, `/devices/${device.id}/planogram`);
  expect(saved.selections.map((s) => [s.selection, s.articleName])).toEqual([
    ['11', cola.name],
    ['12', chips.name],
  ]);
  await expectAccessible(page);

  // A phone: the card fits.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(card.getByRole('textbox', { name: 'Selection' }).first()).toHaveValue('11');
  await expectNoSidewaysScroll(page);

  // A worker reads it and has nothing to save.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USERS.worker);
  await page.goto(`/devices/edit/${device.id}`);
  await expect(card.getByText(`→ ${cola.name}`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save planogram' })).toHaveCount(0);
});

test('the product sales report opens from the menu with its range, in English and Croatian', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  await followMenu(page, 'Logistic report', 'Product sales (audits)');
  await expect(page.getByRole('heading', { name: 'Product sales', level: 1 })).toBeVisible();
  await page.goto('/product-sales-report?from=2026-10-01&to=2026-10-31');
  await expect(page.getByRole('heading', { name: 'Product sales', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'From' }).or(page.getByLabel('From')).first()).toBeVisible();
  await expect(page.getByText(/audits? counted/)).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Prodaja proizvoda', level: 1 })).toBeVisible();
});
