import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn, USERS } from './support.ts';

/**
 * Screenshots for a human look, not assertions: run with KV_SHOTS=<dir> (e.g. /tmp/kv-shots).
 * They are written outside the repository.
 */
const dir = process.env.KV_SHOTS;
test.skip(!dir, 'set KV_SHOTS=<dir> to take screenshots');

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 740 },
];

for (const size of sizes) {
  test(`screenshots at ${size.name}`, async ({ browser }) => {
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.screenshot({ path: `${dir}/login-${size.name}.png`, fullPage: true });

    await signIn(page, USERS.admin);
    for (const [name, path, heading] of [
      ['dashboard', '/dashboard', 'Dashboard'],
      ['settings', '/settings/main', 'Main settings'],
      ['profile', '/profile/overview', 'Profile overview'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/${name}-${size.name}.png`, fullPage: true });
    }
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Open user panel/ }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${dir}/user-panel-${size.name}.png` });
    await page.keyboard.press('Escape');
    if (size.name === 'mobile') {
      await page.getByRole('button', { name: 'Open header menu' }).click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/header-offcanvas-${size.name}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Open menu', exact: true }).click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/aside-drawer-${size.name}.png` });
      await page.keyboard.press('Escape');
    } else {
      await page.getByRole('button', { name: 'Minimize menu' }).click();
      await page.mouse.move(700, 400);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/aside-minimized-${size.name}.png` });
    }
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.screenshot({ path: `${dir}/404-${size.name}.png` });
    await signIn(page, USERS.worker);
    await page.goto('/settings/main');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await page.screenshot({ path: `${dir}/refusal-${size.name}.png` });
    await context.close();
  });
}
