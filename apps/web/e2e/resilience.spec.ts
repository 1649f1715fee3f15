import { expect, test } from '@playwright/test';
import { signIn, USERS } from './support.ts';

test('a route chunk that fails to load shows "Loading chunk failed" with a reload', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/profile/overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile overview' })).toBeVisible();
  // As after a release: the dashboard's code chunk is gone from the server.
  await page.route(/\/assets\/dashboard-[^/]*\.js$/, (route) => route.abort());
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toBeVisible();
  await page.unroute(/\/assets\/dashboard-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('slow work shows "Loading..." at the top centre', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/profile/overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile overview' })).toBeVisible();
  await page.route('**/api/v2/dashboard/summary*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Loading...' });
  await expect(status).toBeVisible();
  const box = await status.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - width / 2)).toBeLessThan(5);
  expect(box?.y ?? 999).toBeLessThan(30);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(status).toBeHidden();
});

test('API calls carry the token, language, client marker and view', async ({ page }) => {
  await signIn(page, USERS.manager);
  const summary = page.waitForRequest((r) => r.url().includes('/api/v2/dashboard/summary'));
  await page.goto('/dashboard');
  const request = await summary;
  expect(new URL(request.url()).searchParams.get('client')).toBe('kovanica-web');
  const headers = await request.allHeaders();
  expect(headers.authorization).toMatch(/^Bearer /);
  expect(headers['accept-language']).toBe('en');
  expect(headers['x-kovanica-view']).toBeUndefined();

  await page.getByRole('button', { name: /Open user panel/ }).click();
  const allView = page.waitForRequest((r) => r.url().includes('/api/v2/dashboard/summary'));
  await page.getByRole('dialog', { name: 'User profile' }).getByText('All Companies').click();
  expect((await (await allView).allHeaders())['x-kovanica-view']).toBe('all');
});
