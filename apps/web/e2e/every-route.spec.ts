import { expect, type Page, test } from '@playwright/test';
import { recordPatterns, screenPaths } from '../../../tools/screens.ts';
import { expectAccessible, signIn, USERS } from './support.ts';

/**
 * Every screen of the app, from the router's own list of paths (`screenPaths`), for the admin in
 * Croatian at 375 px (`WALKS`): it renders (its heading, no "page not found", no
 * error), has no serious or critical accessibility finding (axe, WCAG 2.1 AA) and is no wider than
 * the screen. `$id` is 1: the first demo row of every resource on the test server's new database.
 * The `/loyalty` screens are walked by `loyalty-routes.spec.ts`, as the programme's manager.
 */
// `/404` is walked here as a screen; the sign-in page is scanned by a11y.spec.ts.
const ALL_ROUTES = screenPaths().filter((p) => !p.startsWith('/loyalty/'));
/** KV_ROUTES, a pattern of paths (`outbox|bills`), walks only those (a developer's quick look). */
const ROUTES = process.env.KV_ROUTES ? ALL_ROUTES.filter((p) => new RegExp(process.env.KV_ROUTES as string).test(p)) : ALL_ROUTES;

test('the router lists the screens the walk needs', () => {
  // A parse that found nothing would make the walk pass vacuously.
  expect(ALL_ROUTES.length).toBeGreaterThan(60);
  expect(ALL_ROUTES).toEqual(expect.arrayContaining(['/dashboard', '/bills/list', '/devices/edit/1', '/settings/main', '/404']));
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
 * At 375 px in Croatian in `npm test`: its words are the longer (an overflow in English is one in
 * Croatian too), and a walk is 2.7 minutes of a worker on this machine (2026-11-27), a second one in
 * English was CI's minutes for little. Every screen's own spec reads it in English (most at 1280 px
 * and 375 px) and scans it with axe as it tests it. With KV_ALL_SIZES=1: in English at 375 px and at
 * 1280 px too.
 */
const WALKS = [
  [375, 'hr'],
  ...(process.env.KV_ALL_SIZES
    ? ([
        [375, 'en'],
        [1280, 'en'],
      ] as const)
    : []),
] as const;
test.describe.configure({ mode: 'parallel' });

for (const [width, language] of WALKS) {
  test(`every screen renders for the admin, accessible and no wider than ${width} px, in ${language}`, async ({ browser }) => {
    test.setTimeout(ROUTES.length * 8_000);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page, USERS.admin);
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    for (const path of ROUTES) await test.step(path, () => visit(page, path));
    await context.close();
  });
}

/**
 * Every screen of one record, opened with an id that names nothing: "Device not found" in the record's
 * own words, a way back to its list, no "Try again" (it cannot help) and nothing in the console. An id
 * of another company's record answers the same 404 on the server, so it looks the same.
 */
test('every record screen says when its record is not found, in its own words, with the way back', async ({ page }) => {
  const patterns = recordPatterns();
  expect(patterns.length).toBeGreaterThan(15);
  test.setTimeout(patterns.length * 6_000);
  const logged: string[] = [];
  // The app logs nothing; the browser's own line for the API's 404 ("Failed to load resource") is
  // the network's, which no page can silence.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      logged.push(`${page.url()}: ${message.text()}`);
  });
  await signIn(page, USERS.admin);
  for (const pattern of patterns)
    await test.step(pattern, async () => {
      await page.goto(pattern.replace('$id', '999999999'));
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(/ not found$/, { timeout: 20_000 });
      await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Back to the (list|dashboard)/ }).first()).toBeVisible();
    });
  expect(logged).toEqual([]);
});
