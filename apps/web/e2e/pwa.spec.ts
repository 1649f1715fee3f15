import { expect, type Page, type Response, test } from '@playwright/test';
import { screenshot, signIn, USERS, waitForQuiet } from './support.ts';

/**
 * The installable app (decision 0054): the manifest the pages link, its icons, the headers the server
 * sends with them, and the service worker: it controls the app, never answers the API (the live
 * events' stream included), and with the network gone a reload still draws the app from its cache.
 * The suite blocks service workers (playwright.config.ts); this file allows them.
 */
test.use({ serviceWorkers: 'allow' });

const THEME = '#3b5bdb';

/** An image's natural size, as the browser decodes it. */
const sizeOf = (page: Page, src: string) =>
  page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return `${image.naturalWidth}x${image.naturalHeight}`;
  }, src);

test('the pages link the manifest, which describes the installable app with icons of the sizes it says', async ({ page, request }) => {
  for (const path of ['/login', '/visits/today']) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]'), path).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]'), path).toHaveAttribute('content', THEME);
    await expect(page.locator('link[rel="apple-touch-icon"]'), path).toHaveAttribute('href', '/apple-touch-icon.png');
  }

  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Kovanica',
    short_name: 'Kovanica',
    start_url: '/visits/today',
    scope: '/',
    display: 'standalone',
    theme_color: THEME,
    background_color: '#ffffff',
  });
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of pngs) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
    expect(await sizeOf(page, icon.src), icon.src).toBe(icon.sizes);
  }
  expect(await sizeOf(page, '/apple-touch-icon.png')).toBe('180x180');

  // The worker is fetched anew on every check for an update; the policy lets the page use both.
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const policy = (await request.get('/login')).headers()['content-security-policy'] ?? '';
  expect(policy).toContain("manifest-src 'self'");
  expect(policy).toContain("worker-src 'self'");
});

test('the service worker controls the app, leaves the API alone, and offline a reload still draws the app', async ({ page, context }) => {
  await signIn(page, USERS.manager);
  await page.goto('/devices/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  // Registered after the page's load; ready once installed (the app shell precached) and active.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);

  // Controlled: the app's files come from the worker's cache, the API from the server, untouched.
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  const events = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v2/events');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  expect((await events).fromServiceWorker(), 'the live events stream').toBe(false);
  await waitForQuiet(page);
  const api = responses.filter((r) => new URL(r.url()).pathname.startsWith('/api/'));
  expect(api.length).toBeGreaterThan(1);
  for (const r of api) expect(r.fromServiceWorker(), r.url()).toBe(false);
  const assets = responses.filter((r) => new URL(r.url()).pathname.startsWith('/assets/'));
  expect(assets.length).toBeGreaterThan(1);
  for (const r of assets) expect(r.fromServiceWorker(), r.url()).toBe(true);
  // The page itself went through the worker (network first while online).
  expect(responses.find((r) => r.request().isNavigationRequest())?.fromServiceWorker()).toBe(true);

  // Offline, for the page and for the worker alike.
  await context.setOffline(true);
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker in the context');
  expect(
    await worker.evaluate(() =>
      fetch('/favicon.svg', { cache: 'no-store' }).then(
        () => 'online',
        () => 'offline',
      ),
    ),
  ).toBe('offline');

  // A reload of an app page draws the app's shell from the cache, not the browser's offline page.
  await page.reload();
  expect(page.url()).toMatch(/\/devices\/list$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  await screenshot(page, 'pwa-offline-devices-1280-en', false);
  // Another screen of the app, never opened online: its scripts were precached too.
  await page.goto('/alarms/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Open alarms' })).toBeVisible();

  // The API is never answered by the worker, not even with the app's page: offline, it fails.
  const apiOffline = await page.evaluate(() =>
    fetch('/api/v2/dashboard/summary').then(
      (r) => `answered ${r.status} ${r.headers.get('content-type')}`,
      () => 'failed',
    ),
  );
  expect(apiOffline).toBe('failed');
  // Nor is a page of the API (its docs): the browser's own offline error, not the app.
  const docs = await page.goto('/api/v2/docs').catch((error: Error) => error);
  expect(docs).toBeInstanceOf(Error);

  await context.setOffline(false);
});
