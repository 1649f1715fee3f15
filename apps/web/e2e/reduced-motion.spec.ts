import { expect, type Page, test } from '@playwright/test';
import { chooseOption, createUsers, signIn, USERS } from './support.ts';

// A user whose system asks for reduced motion: nothing moves, and everything still opens, closes and
// lands where it should.
test.use({ reducedMotion: 'reduce' });

/** Twelve workers, so that the list's pagination bar sits below the fold at 1280 × 800. */
const COUNT = 12;

test.beforeAll(({ request }) =>
  createUsers(
    request,
    Array.from({ length: COUNT }, (_, i) => ({
      email: `still${String(i + 1).padStart(2, '0')}@e2e-motion.test`,
      name: 'Still',
      surname: `S${i + 1}`,
      role: 'worker' as const,
      password: 'still-password-1',
    })),
  ),
);

test('a select below the fold opens where it is, after another select was used, and the page stays put', async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto('/users/all/list?name=Still');
  await expect(page.getByText(`1–${COUNT} of ${COUNT}`)).toBeVisible();

  await chooseOption(page, 'Role', 'Field worker');
  await expect(page).toHaveURL(/role=worker/);
  const rows = page.getByRole('combobox', { name: 'Rows per page' });
  await rows.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await rows.click();
  const option = page.getByRole('option', { name: '10', exact: true });
  await expect(option).toBeInViewport();
  // Before decision 0038 it did not: every style change was a transition, so the dropdown still stood
  // at the page's top when the chosen option was scrolled into view; the page jumped there, and the
  // dropdown, its input gone from view, hid.
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);
  await option.click();
  await expect(page.getByText(`1–10 of ${COUNT}`)).toBeVisible();

  // Styles change at once: no element on the page has a transition left.
  expect(
    await page.evaluate(() => [...document.querySelectorAll('*')].filter((e) => getComputedStyle(e).transitionProperty !== 'none').length),
  ).toBe(0);
});

test('the side menu unfolds at once, and a card folds and unfolds', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Devices' }).click();
  const link = menu.getByRole('link', { name: 'Maintenance by period' });
  // Unfolded in the click's own frame: the link has its full height at once.
  expect((await link.boundingBox())?.height ?? 0).toBeGreaterThan(10);
  await link.click();
  await expect(page).toHaveURL(/\/devices-maintenance\/range$/);

  await page.goto('/dashboard');
  const indexes = page.getByRole('region', { name: 'Revenue indexes', exact: true });
  const daily = indexes.getByRole('region', { name: 'Daily index', exact: true });
  await expect(daily).toBeVisible();
  await indexes.getByRole('button', { name: 'Collapse Revenue indexes' }).click();
  await expect(daily).toBeHidden();
  await indexes.getByRole('button', { name: 'Expand Revenue indexes' }).click();
  await expect(daily).toBeVisible();
  await expect(indexes.getByRole('button', { name: 'Collapse Revenue indexes' })).toHaveAttribute('aria-expanded', 'true');
});

/** Zooms the map in with its button and tells whether Leaflet animated the zoom (its `leaflet-zoom-anim` class). */
async function zoomAnimates(page: Page): Promise<boolean> {
  await signIn(page, USERS.manager);
  await page.goto('/devices/map');
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { zoomAnimated: boolean };
    w.zoomAnimated = false;
    new MutationObserver(() => {
      if (document.querySelector('.leaflet-zoom-anim')) w.zoomAnimated = true;
    }).observe(document.querySelector('.leaflet-container') as Element, { attributes: true, subtree: true, attributeFilter: ['class'] });
  });
  await page.getByRole('button', { name: 'Zoom in' }).click();
  // An animated zoom takes its class in the click's first frame and keeps it 250 ms.
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as { zoomAnimated: boolean }).zoomAnimated);
}

test('the map zooms without animating', async ({ page }) => {
  expect(await zoomAnimates(page)).toBe(false);
});

test.describe('with motion', () => {
  test.use({ reducedMotion: 'no-preference' });
  test('the map animates its zoom', async ({ page }) => {
    expect(await zoomAnimates(page)).toBe(true);
  });
});
