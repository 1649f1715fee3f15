import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn, USERS } from './support.ts';

/** Serious and critical findings fail; lesser ones are printed so they do not go unnoticed. */
async function check(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of results.violations) console.log(`[axe] ${v.impact} ${v.id}: ${v.nodes.length} node(s)`);
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the login screen has no serious accessibility violations', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await check(page);
  await context.close();
});

test('the dashboard has no serious accessibility violations', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Users', exact: true })).toContainText(/\d/);
  await check(page);
  await context.close();
});

test('the dashboard on a phone has no serious accessibility violations', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signIn(page, USERS.admin);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Users', exact: true })).toContainText(/\d/);
  await check(page);
  await context.close();
});

test('the menu works by keyboard with visible focus', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Profile' }).focus();
  await page.keyboard.press('Enter');
  // The group opens with an animation; its link takes focus once it is shown.
  await expect(menu.getByRole('link', { name: 'Overview' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Overview' })).toBeFocused();
  const outline = await menu.getByRole('link', { name: 'Overview' }).evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile\/overview$/);
});
