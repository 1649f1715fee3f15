import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, signIn, USERS } from './support.ts';

/**
 * Every screen of the app (issue 15 §5), read from the router's own list of paths
 * (`src/routeTree.gen.ts`, so a new route is walked without being listed here), for the admin in
 * English at 1280 px and in Croatian at 375 px: it renders (its heading, no "page not found", no
 * error), has no serious or critical accessibility finding (axe, WCAG 2.1 AA) and is no wider than
 * the screen. `$id` is 1: the first demo row of every resource on the test server's new database.
 * The `/loyalty` screens are walked by `loyalty-routes.spec.ts`, as the programme's manager.
 */
const routeTree = readFileSync(new URL('../src/routeTree.gen.ts', import.meta.url), 'utf8');
const byFullPath = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(routeTree)?.[1] ?? '';
const ROUTES = [...byFullPath.matchAll(/'([^']+)':/g)]
  .map((m) => m[1] as string)
  // Not screens of their own: `/` and the `…/` groups redirect to a screen; `/login` is the signed-out
  // screen (a11y.spec.ts); `/404` is walked here as a screen.
  .filter((p) => p !== '/' && p !== '/login' && !p.endsWith('/') && !p.startsWith('/loyalty/'))
  .map((p) => p.replaceAll('$id', '1'));

test('the router lists the screens the walk needs', () => {
  // A parse that found nothing would make the walk pass vacuously.
  expect(ROUTES.length).toBeGreaterThan(60);
  expect(ROUTES).toEqual(expect.arrayContaining(['/dashboard', '/bills/list', '/devices/edit/1', '/settings/main', '/404']));
});

/** Waits for the screen's data: its heading, then no skeleton or loader left (a skeleton is not what a user reads). */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  if (path !== '/404') await expect(page.getByRole('heading', { name: /Page not found|Stranica nije pronađena/ })).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: /Something went wrong|Nešto je pošlo po zlu/ })).toHaveCount(0);
  await expect(page.locator('.mantine-Skeleton-root, main .mantine-Loader-root')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(1);
}

/**
 * The walk takes minutes per size (axe on every screen): `npm test` runs it only with KV_EVERY_ROUTE=1
 * (`KV_EVERY_ROUTE=1 npx playwright test -c apps/web/e2e/playwright.config.ts every-route`); the
 * screens' own specs scan the screens they test.
 */
const WALKS = process.env.KV_EVERY_ROUTE
  ? ([
      [1280, 'en'],
      [375, 'hr'],
    ] as const)
  : [];

for (const [width, language] of WALKS) {
  test(`every screen renders for the admin, accessible and no wider than ${width} px, in ${language}`, async ({ browser }) => {
    test.setTimeout(ROUTES.length * 10_000);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page, USERS.admin);
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    for (const path of ROUTES) await test.step(path, () => visit(page, path));
    await context.close();
  });
}
