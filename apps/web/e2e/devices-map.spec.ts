import { type Collection, type Device, isValidOib, type Location, type ModuleComponent, type TelemetryEvent } from '@kovanica/contract';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiGet, apiToken, expectAccessible, followMenu, NEW_USER_PASSWORD, signIn, USERS } from './support.ts';

/** The marker colour of a critical location: Mantine's red 9, as the legend shows it. */
const CRITICAL_RED = '#c92a2a';
/** A demo device no other spec sends telemetry for. */
const DEVICE = 'Lucky Star 2';
const CODE = 'M42';

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type WithoutStamp<E> = E extends unknown ? Omit<E, 'seq' | 'at'> : never;
let lastSeq = 0;
/** What the device's demo logger would send (credential `kvl_demo_<imei>`). */
async function report(request: APIRequestContext, imei: string, ...events: WithoutStamp<TelemetryEvent>[]) {
  lastSeq = Math.max(lastSeq + 1, Date.now());
  const at = new Date().toISOString();
  const response = await request.post('/api/v2/telemetry/batches', {
    headers: { Authorization: `Bearer kvl_demo_${imei}` },
    data: { imei, events: events.map((e, i) => ({ ...e, seq: lastSeq + i, at })) },
  });
  lastSeq += events.length;
  expect(response.ok(), `telemetry of ${imei}`).toBeTruthy();
}

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/v2${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), `POST ${path}`).toBe(201);
  return (await response.json()) as T;
}

/** Every item of a list, as the map reads it (pages of 200). */
async function all<T>(request: APIRequestContext, token: string, path: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const { member } = await apiGet<Collection<T>>(request, token, `${path}?itemsPerPage=200&page=${page}`);
    items.push(...member);
    if (member.length < 200) return items;
  }
}

/** Opens a location's item in the list beside the map (a click on an open one would close it). */
async function openItem(item: Locator) {
  if ((await item.getAttribute('aria-expanded')) !== 'true') await item.click();
  await expect(item).toHaveAttribute('aria-expanded', 'true');
}

/** A state chip of the legend, by its label ("Critical · 2"); its checkbox is visually hidden. */
const chip = (page: Page, label: RegExp) => page.locator('label.mantine-Chip-label').filter({ hasText: label });

/**
 * Where a circle is once the map stands still: a popup that opens pans the map to show itself (an
 * animation of a quarter second), so a box read during it is neither where it was nor where it stops.
 */
async function settledBox(page: Page, target: Locator) {
  await expect(page.locator('.leaflet-pan-anim')).toHaveCount(0);
  let box = await target.boundingBox();
  await expect
    .poll(async () => {
      const first = JSON.stringify(await target.boundingBox());
      await page.waitForTimeout(150);
      box = await target.boundingBox();
      return JSON.stringify(box) === first;
    })
    .toBe(true);
  return box;
}

/** Remembers every request the page makes that leaves the app's own server. */
function watchOutside(page: Page, baseURL: string | undefined): string[] {
  const outside: string[] = [];
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
  });
  return outside;
}

test('the map places the fleet by location, turns a critical device red and says what it cannot place', async ({ page, baseURL }) => {
  // The state refreshes every 30 seconds; the test waits for one refresh.
  test.setTimeout(90_000);
  const outside = watchOutside(page, baseURL);
  const { token } = await signIn(page, USERS.manager);
  const found = await apiGet<Collection<Device>>(page.request, token, `/devices?name=${encodeURIComponent(DEVICE)}`);
  const device = found.member.find((d) => d.name === DEVICE);
  if (!device?.imei || !device.location || !device.locationName) throw new Error(`the demo data needs "${DEVICE}" at a location`);
  const location = device.locationName;
  const locationId = Number(device.location.split('/').pop());
  // A retry starts from a device that is not critical.
  await report(page.request, device.imei, { type: 'alarm_cleared', code: CODE }, { type: 'heartbeat' });

  // Two devices the map cannot place: one at no location, one at a location without coordinates.
  const stamp = Date.now();
  const city = (await apiGet<Location>(page.request, token, device.location.replace('/api/v2', ''))).city;
  const store = await post<Location>(page.request, token, '/locations', { name: `E2E skladište ${stamp}`, city });
  const newDevice = { group: 'other', playPriceCents: 100 };
  const loose = await post<Device>(page.request, token, '/devices', { ...newDevice, name: `E2E bez lokacije ${stamp}` });
  const stored = await post<Device>(page.request, token, '/devices', {
    ...newDevice,
    name: `E2E u skladištu ${stamp}`,
    location: store['@id'],
  });

  // The locations the map should draw: those with coordinates and at least one device.
  const locations = await all<Location>(page.request, token, '/locations');
  const devices = await all<Device>(page.request, token, '/devices');
  const placed = new Set(
    devices.map((d) => locations.find((l) => l['@id'] === d.location)).filter((l) => l?.latitude != null && l.longitude != null),
  );
  expect(placed.size).toBeGreaterThan(10);

  await page.goto('/dashboard');
  await followMenu(page, 'Devices', 'Devices map');
  await expect(page).toHaveURL(/\/devices\/map$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Devices map' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map of the devices by location' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `On the map (${placed.size})` })).toBeVisible();
  // Circles are drawn (nearby locations share one at a country-wide zoom), each named in words.
  const circles = page.locator('path.leaflet-interactive[role="img"]');
  await expect(circles.first()).toBeVisible();
  expect(await circles.count()).toBeLessThanOrEqual(placed.size);
  await expect(circles.first()).toHaveAttribute('aria-label', /\d+ devices? · (Critical|Offline|Service mode|Problematic|Working)$/);

  // The location of the device, shown from the list: its own circle, not red, its popup without the alarm.
  const item = page.getByRole('button', { name: new RegExp(`^${literally(location)}`) });
  const showOnMap = page.locator('.mantine-Accordion-item').filter({ has: item }).getByRole('button', { name: 'Show on the map' });
  await expect(item).not.toContainText('Critical');
  await openItem(item);
  await showOnMap.click();
  const circle = page.getByRole('img', { name: new RegExp(`^${literally(location)}: `) });
  await expect(circle).not.toHaveAttribute('fill', CRITICAL_RED);
  const popup = page.locator('.leaflet-popup');
  await expect(popup.getByRole('link', { name: DEVICE })).toBeVisible();
  await expect(popup.getByText(`Critical (${CODE})`)).toHaveCount(0);
  const before = await settledBox(page, circle);

  // A critical alarm: the next refresh turns the circle red and fills the popup in, without moving the map.
  await report(page.request, device.imei, { type: 'alarm', code: CODE, critical: true });
  await expect(circle).toHaveAttribute('fill', CRITICAL_RED, { timeout: 40_000 });
  await expect(circle).toHaveAttribute('data-state', 'critical');
  await expect(popup.getByText(`Critical (${CODE})`)).toBeVisible();
  const after = await settledBox(page, circle);
  expect(Math.abs((after?.x ?? 0) - (before?.x ?? -99))).toBeLessThan(2);
  expect(Math.abs((after?.y ?? 0) - (before?.y ?? -99))).toBeLessThan(2);
  await expect(item).toContainText('Critical');

  // Only critical: the list and the circles keep the critical locations; the unplaced (offline) ones go.
  await chip(page, /^\s*Critical · \d+$/).click();
  await expect(page).toHaveURL(/state=critical/);
  await expect(page.getByRole('checkbox', { name: /^Critical · \d+$/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^All · \d+$/ })).not.toBeChecked();
  const items = page.locator('.mantine-Accordion-control');
  await expect(items.first()).toBeVisible();
  for (const text of await items.allTextContents()) expect(text).toMatch(/· Critical$/);
  for (const path of await circles.all()) await expect(path).toHaveAttribute('fill', CRITICAL_RED);
  await expect(page.getByText('Every device shown is on the map.')).toBeVisible();

  // Clicking the circle itself opens the popup: the location and the devices, their state in words, with links.
  // A popup still open from above is closed first, so the one "Show on the map" opens is the one closed below.
  if ((await popup.count()) > 0) await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toHaveCount(0);
  await openItem(item);
  await showOnMap.click();
  await expect(popup.getByRole('link', { name: DEVICE })).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toHaveCount(0);
  await circle.click({ force: true });
  await expect(popup.getByRole('link', { name: location })).toHaveAttribute('href', `/locations/edit/${locationId}`);
  await expect(popup.getByRole('link', { name: DEVICE })).toHaveAttribute('href', `/devices/edit/${device.id}`);
  const line = popup.getByRole('listitem').filter({ hasText: DEVICE });
  await expect(line.getByText(`Critical (${CODE})`)).toBeVisible();
  await expect(line.getByText('Online')).toBeVisible();
  await expectAccessible(page);

  // Back to every state: every placed location, and the two devices the map cannot place, with why.
  await chip(page, /^All · \d+$/).click();
  await expect(page).toHaveURL(/\/devices\/map$/);
  await expect(page.getByRole('heading', { name: `On the map (${placed.size})` })).toBeVisible();
  const unplaced = page.getByRole('list', { name: /^Not on the map \(\d+\)$/ });
  const looseLine = unplaced.getByRole('listitem').filter({ hasText: loose.name });
  await expect(looseLine).toContainText('No location');
  await expect(looseLine).toContainText('Offline');
  await expect(looseLine.getByRole('link', { name: loose.name })).toHaveAttribute('href', `/devices/edit/${loose.id}`);
  const storedLine = unplaced.getByRole('listitem').filter({ hasText: stored.name });
  await expect(storedLine).toContainText(`Location without coordinates: ${store.name}`);
  await expect(storedLine.getByRole('link', { name: store.name })).toHaveAttribute('href', `/locations/edit/${store.id}`);
  await expectAccessible(page);

  // Without tiles, nothing is fetched from anywhere but this server.
  expect(outside).toEqual([]);
  await report(page.request, device.imei, { type: 'alarm_cleared', code: CODE });
});

test('"Show on the map" clicked while the map is still loading is carried out once it has', async ({ page }) => {
  await signIn(page, USERS.manager);
  // The map is a chunk of its own: held back until the list has been clicked.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/map-view-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/devices/map');
  const item = page.locator('.mantine-Accordion-control').first();
  await expect(item).toBeVisible();
  const location = (await item.locator('p').first().textContent())?.trim() ?? '';
  await openItem(item);
  await page.locator('.mantine-Accordion-item').filter({ has: item }).getByRole('button', { name: 'Show on the map' }).click();
  await expect(page.getByRole('region', { name: 'Map of the devices by location' })).toHaveCount(0);
  release();
  await expect(page.getByRole('img', { name: new RegExp(`^${literally(location)}: `) })).toBeVisible();
  await expect(page.locator('.leaflet-popup').getByText(location, { exact: true })).toBeVisible();
});

/**
 * Leaflet ignores a view asked for while a zoom animates, and an animated zoom asked for lands after
 * any view set meanwhile: a map that animated a zoom of its own as it opened lost its fit, and a
 * "Show on the map" in that moment did nothing.
 */
test('the map opens still: no zoom animates once it has fitted its circles, at any size', async ({ browser, baseURL }) => {
  // At these sizes the map's lowest zoom (where the region fills it) is above its first view's.
  for (const [width, height] of [
    [768, 1024],
    [1920, 1080],
    [1280, 500],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height }, baseURL });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: number[] = [];
      Object.assign(window, { zoomAnimations: seen });
      new MutationObserver((records) => {
        for (const record of records)
          if ((record.target as Element).classList?.contains('leaflet-zoom-anim')) seen.push(Math.round(performance.now()));
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
    await signIn(page, USERS.manager);
    await page.goto('/devices/map');
    await expect(page.locator('path.leaflet-interactive[role="img"]').first()).toBeVisible();
    // Longer than a zoom's animation (a quarter of a second) and the frame that starts it.
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => (window as unknown as { zoomAnimations: number[] }).zoomAnimations), `${width}×${height}`).toEqual([]);
    await context.close();
  }
});

test('"Show on the map" clicked while a zoom animates shows the location once the zoom ends', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/devices/map');
  const item = page.locator('.mantine-Accordion-control').first();
  await expect(item).toBeVisible();
  const location = (await item.locator('p').first().textContent())?.trim() ?? '';
  await openItem(item);
  const show = page.locator('.mantine-Accordion-item').filter({ has: item }).getByRole('button', { name: 'Show on the map' });
  await expect(show).toBeVisible();
  await expect(page.locator('path.leaflet-interactive[role="img"]').first()).toBeVisible();
  // A zoom in, and the list's button clicked while its animation runs (from the frame it starts in).
  const clickedDuringZoom = await show.evaluate(
    (button: HTMLElement) =>
      new Promise<boolean>((resolve) => {
        (document.querySelector('.leaflet-control-zoom-in') as HTMLElement).click();
        const started = performance.now();
        const look = () => {
          if (document.querySelector('.leaflet-zoom-anim')) {
            button.click();
            resolve(true);
          } else if (performance.now() - started > 5_000) resolve(false);
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
  );
  expect(clickedDuringZoom, 'the zoom animated').toBe(true);
  await expect(page.getByRole('img', { name: new RegExp(`^${literally(location)}: `) })).toBeVisible();
  await expect(page.locator('.leaflet-popup').getByText(location, { exact: true })).toBeVisible();
});

test('on a phone, in Croatian, the lists follow the map', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL });
  const page = await context.newPage();
  const outside = watchOutside(page, baseURL);
  await signIn(page, USERS.accountant);
  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  await page.goto('/devices/map');
  await expect(page.getByRole('heading', { level: 1, name: 'Karta uređaja' })).toBeVisible();
  const map = page.getByRole('region', { name: 'Karta uređaja po lokacijama' });
  await expect(map.locator('path.leaflet-interactive').first()).toBeVisible();
  const list = page.getByRole('heading', { name: /^Na karti \(\d+\)$/ });
  const [mapBox, listBox] = [await map.boundingBox(), await list.boundingBox()];
  expect(listBox?.y ?? 0).toBeGreaterThan((mapBox?.y ?? 0) + (mapBox?.height ?? 0));
  await expect(chip(page, /^\s*Kritično · \d+$/)).toBeVisible();
  // An accountant reads the devices but edits neither them nor locations: names without links.
  await page.locator('.mantine-Accordion-control').first().click();
  await expect(page.locator('.mantine-Accordion-panel').first().getByRole('listitem').first()).toBeVisible();
  await expect(page.locator('.mantine-Accordion-panel').first().getByRole('link')).toHaveCount(0);
  await expectAccessible(page);
  expect(outside).toEqual([]);
  await context.close();
});

/** A new company without devices and its manager's e-mail: the devices module on, and the given components. */
async function emptyCompany(request: APIRequestContext, activeModuleComponents: ModuleComponent[]): Promise<string> {
  const admin = await apiToken(request, USERS.admin);
  // Any valid OIB: ten random digits and the check digit the contract's validator accepts.
  const body = Array.from({ length: 10 }, () => Math.floor(Math.random() * 10)).join('');
  const oib = Array.from({ length: 10 }, (_, d) => `${body}${d}`).find(isValidOib) ?? '';
  const company = await post<{ '@id': string }>(request, admin, '/companies', {
    name: `E2E prazna ${Date.now()} d.o.o.`,
    oib,
    address: 'Ilica 1, Zagreb',
    activeModules: ['devices'],
    activeModuleComponents,
  });
  const email = `karta.${Date.now()}@e2e-map.test`;
  await post(request, admin, '/users', {
    email,
    name: 'Prazna',
    surname: 'Karta',
    roles: ['manager'],
    company: company['@id'],
    password: NEW_USER_PASSWORD,
  });
  return email;
}

test('a company without devices is told so', async ({ page, request }) => {
  await signIn(page, await emptyCompany(request, ['devices.map']), NEW_USER_PASSWORD);
  await page.goto('/devices/map');
  await expect(page.getByRole('heading', { level: 1, name: 'Devices map' })).toBeVisible();
  await expect(page.getByText('There are no devices.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'On the map (0)' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'All · 0' })).toBeChecked();
  // The outline still shows where the fleet would be.
  await expect(page.getByRole('region', { name: 'Map of the devices by location' })).toBeVisible();
  await expect(page.locator('path.leaflet-interactive')).toHaveCount(0);
});

test('a company with the map switched off has neither the menu entry nor the page', async ({ page, request }) => {
  await signIn(page, await emptyCompany(request, []), NEW_USER_PASSWORD);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Devices' }).click();
  // The rest of the devices module is there; only its map is off.
  await expect(menu.getByRole('link', { name: 'List', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Devices map' })).toHaveCount(0);

  // A typed address is refused in words, and the map is not drawn.
  await page.goto('/devices/map');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(page.getByText('This part of the application is switched off for your company.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Devices map' })).toHaveCount(0);
  await expect(page.locator('.leaflet-container')).toHaveCount(0);
});
