import { deflateSync } from 'node:zlib';
import type { Collection, Device, Location } from '@kovanica/contract';
import { expect, type Page, type Route, test } from '@playwright/test';
import { apiGet, expectAccessible, signIn, USERS, waitForQuiet } from './support.ts';

/**
 * The map tiles, the navigation links and the cash box layer. The test servers run without tiles
 * (nothing outside is reachable here): the tests hand the page a tiles URL of the app's own origin with
 * the settings, and serve the tiles themselves.
 */

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>';
const SHOTS = '/tmp/map-shots';
const SHOW_HR = 'Prikaži na karti';

/** A CRC-32 of PNG's chunks (zlib's own is not in every Node this runs on). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A 256 px tile: pale sand with a grey frame, so the tiles and their seams show in a screenshot. */
function tilePng(): Buffer {
  const size = 256;
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) {
      const edge = x === 0 || y === 0;
      rows.set(edge ? [190, 190, 190] : [245, 238, 220], row + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Serves tiles from the page's own origin (the CSP allows 'self'), and hands the page their URL with the
 * settings, as a server with `MAP_TILES_URL` would. Returns the tile paths asked for.
 */
async function serveTiles(page: Page, baseURL: string | undefined): Promise<string[]> {
  const asked: string[] = [];
  const png = tilePng();
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
  await page.route('**/e2e-tiles/**', (route: Route) => {
    asked.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 200, contentType: 'image/png', body: png });
  });
  await page.route(/\/api\/v2\/settings(\?|$)/, async (route: Route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const settings = await response.json();
    // Only the body changes: a fresh answer, not the original's (compressed) headers.
    await route.fulfill({
      status: response.status(),
      json: { ...settings, mapTiles: { url: `${origin}/e2e-tiles/{z}/{x}/{y}.png`, attribution: OSM_ATTRIBUTION, maxZoom: 19 } },
    });
  });
  return asked;
}

/** Degrees as the links write them: at most six decimals, no trailing zeros. */
const degrees = (value: number) => String(Number(value.toFixed(6)));

async function placedLocation(page: Page, token: string) {
  const devices = await apiGet<Collection<Device>>(page.request, token, '/devices?itemsPerPage=200');
  const locations = await apiGet<Collection<Location>>(page.request, token, '/locations?itemsPerPage=200');
  const location = locations.member.find(
    (l) => l.latitude != null && l.longitude != null && devices.member.some((d) => d.location === l['@id']),
  );
  if (!location) throw new Error('the demo data needs a location with coordinates and devices');
  return { location, devices: devices.member.filter((d) => d.location === location['@id']) };
}

test('with a tile server configured the map loads its tiles over the outline, with the attribution', async ({ page, baseURL }) => {
  const asked = await serveTiles(page, baseURL);
  await signIn(page, USERS.manager);
  await page.goto('/devices/map');
  const map = page.getByRole('region', { name: 'Map of the devices by location' });
  await expect(map.locator('path.leaflet-interactive').first()).toBeVisible();
  // Tiles come, from the configured URL, numbered by zoom and place; the outline stays underneath.
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  expect(asked.length).toBeGreaterThan(0);
  for (const path of asked) expect(path).toMatch(/^\/e2e-tiles\/\d+\/\d+\/\d+\.png$/);
  await expect(map.locator('.leaflet-land-pane path').first()).toBeAttached();
  // OpenStreetMap's attribution, linking to its copyright page, beside the outline's.
  const attribution = map.locator('.leaflet-control-attribution');
  await expect(attribution.getByRole('link', { name: 'OpenStreetMap contributors' })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/copyright',
  );
  await expect(attribution).toContainText('© OpenStreetMap contributors');
  await expect(attribution).toContainText('Natural Earth');
  await expectAccessible(page);
});

test('a location can be navigated to from its map popup and from its page', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const { location } = await placedLocation(page, token);
  const at = `${degrees(location.latitude as number)},${degrees(location.longitude as number)}`;
  const osm = `https://www.openstreetmap.org/directions?to=${degrees(location.latitude as number)}%2C${degrees(location.longitude as number)}`;

  await page.goto('/devices/map');
  const item = page.getByRole('button', { name: new RegExp(`^${location.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  await item.click();
  await page.locator('.mantine-Accordion-item').filter({ has: item }).getByRole('button', { name: 'Show on the map' }).click();
  const popup = page.locator('.leaflet-popup');
  const links = popup.getByRole('group', { name: `Navigate to ${location.name}` });
  await expect(links.getByRole('link', { name: 'Navigate' })).toHaveAttribute(
    'href',
    `geo:${at}?q=${at}(${encodeURIComponent(location.name.replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim())})`,
  );
  await expect(links.getByRole('link', { name: 'Directions on OpenStreetMap' })).toHaveAttribute('href', osm);
  await expect(links.getByRole('link', { name: 'Directions on OpenStreetMap' })).toHaveAttribute('target', '_blank');

  await page.goto(`/locations/edit/${location.id}`);
  const onPage = page.getByRole('group', { name: `Navigate to ${location.name}` });
  await expect(onPage.getByRole('link', { name: 'Directions on OpenStreetMap' })).toHaveAttribute('href', osm);
  await expect(onPage.getByRole('link', { name: 'Navigate' })).toHaveAttribute('href', new RegExp(`^geo:${at.replace(/\./g, '\\.')}\\?q=`));
  await expectAccessible(page);
});

/** The fill level the map gives a fill: the same bounds as the legend's. */
const levelOf = (fill: number | null) => (fill === null ? 'none' : fill >= 100 ? 'full' : fill >= 80 ? 'high' : fill >= 50 ? 'mid' : 'low');

test('the cash box layer colours the locations by their fullest box, with a legend', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const { location, devices } = await placedLocation(page, token);
  const fills = devices.map((d) => d.state.fillPercent).filter((f): f is number => f !== null && f !== undefined);
  const fullest = fills.length > 0 ? Math.max(...fills) : null;

  await page.goto('/devices/map');
  const circle = page.getByRole('img', { name: new RegExp(`^${location.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `) });
  const item = page.getByRole('button', { name: new RegExp(`^${location.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  await item.click();
  await page.locator('.mantine-Accordion-item').filter({ has: item }).getByRole('button', { name: 'Show on the map' }).click();
  await expect(circle).not.toHaveAttribute('data-fill', /.*/);
  await expect(page.getByTestId('fill-legend')).toHaveCount(0);

  await page.getByRole('switch', { name: 'Cash box fill' }).check();
  const legend = page.getByRole('group', { name: 'Cash box fill' });
  await expect(legend).toHaveText('Cash box fill< 50 %50–80 %≥ 80 %≥ 100 %No capacity');
  await expect(circle).toHaveAttribute('data-fill', levelOf(fullest));
  await expect(circle).toHaveAttribute(
    'aria-label',
    fullest === null ? /no cash box capacity$/ : new RegExp(`fullest cash box ${fullest} %$`),
  );
  await expect(item).toContainText(fullest === null ? 'no cash box capacity' : `fullest cash box ${fullest} %`);
  await expectAccessible(page);

  await page.getByRole('switch', { name: 'Cash box fill' }).uncheck();
  await expect(circle).not.toHaveAttribute('data-fill', /.*/);
});

for (const [width, height] of [
  [1280, 900],
  [375, 812],
] as const) {
  for (const language of ['en', 'hr'] as const) {
    test(`screenshots of the map with tiles and the cash box layer: ${width} px, ${language}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ viewport: { width, height }, baseURL });
      const page = await context.newPage();
      await serveTiles(page, baseURL);
      await signIn(page, USERS.manager);
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      await page.goto('/devices/map');
      const map = page.locator('.leaflet-container');
      await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
      await page.getByRole('switch', { name: language === 'en' ? 'Cash box fill' : 'Popunjenost kasica' }).check();
      await expect(page.getByTestId('fill-legend')).toBeVisible();
      await waitForQuiet(page);
      await page.screenshot({ path: `${SHOTS}/map-fill-${width}-${language}.png`, fullPage: width > 400 });
      // A popup with the navigation links.
      const item = page.locator('.mantine-Accordion-control').first();
      await item.click();
      await expect(item).toHaveAttribute('aria-expanded', 'true');
      await page
        .locator('.mantine-Accordion-item')
        .filter({ has: item })
        .getByRole('button', { name: language === 'en' ? 'Show on the map' : SHOW_HR })
        .click();
      await expect(page.locator('.leaflet-popup').getByTestId('navigate-links')).toBeVisible();
      await waitForQuiet(page);
      await map.screenshot({ path: `${SHOTS}/map-popup-${width}-${language}.png` });
      await context.close();
    });
  }
}

/** A stop of a day's proposal, as `GET /visits/proposal` gives it. */
const proposalStop = (position: number, lat: number, lng: number, locationName: string) => ({
  id: null,
  position,
  device: `/api/v2/devices/${900 + position}`,
  deviceName: `Device ${position}`,
  location: `/api/v2/locations/${900 + position}`,
  locationName,
  address: 'Ilica 1, Zagreb',
  point: { lat, lng },
  reasons: ['fill'],
  expectedCents: 10_000,
  fillPercent: 85,
  fullOn: null,
  status: 'to_do',
  doneAt: null,
  doneByName: null,
  deposit: null,
  depositStatus: null,
  depositCoinsCents: null,
  depositTokens: null,
  note: null,
});

test('the route map draws the start, the numbered stops in order and the line through them, and lists them in words', async ({
  page,
  baseURL,
}) => {
  const asked = await serveTiles(page, baseURL);
  // A day's proposal of three stops (the demo's boxes have no capacity, so none is due).
  await page.route(/\/api\/v2\/visits\/proposal(\?|$)/, async (route) => {
    const company = new URL(route.request().url()).searchParams.get('company') ?? '/api/v2/companies/1';
    await route.fulfill({
      json: {
        day: '2026-12-07',
        company,
        start: { lat: 45.8, lng: 15.95 },
        fillPercent: 80,
        fullWithinDays: 2,
        stops: [
          proposalStop(2, 45.79, 16.0, 'Arena'),
          proposalStop(1, 45.81, 15.98, 'Kafić Centar'),
          proposalStop(3, 45.77, 15.94, 'Kino'),
        ],
        distanceMetres: 9_000,
        expectedCents: 30_000,
      },
    });
  });
  await signIn(page, USERS.manager);
  await page.goto('/visits/plan');
  const routeMap = page.getByTestId('route-map');
  const region = routeMap.getByRole('region', { name: 'Route map: 3 stops' });
  await expect(region).toBeVisible();
  const markers = region.locator('.leaflet-marker-icon');
  await expect(markers).toHaveCount(4);
  expect(await markers.evaluateAll((all) => all.map((m) => `${m.getAttribute('aria-label')}|${m.textContent}`))).toEqual([
    'Start|',
    'Stop 1: Kafić Centar|1',
    'Stop 2: Arena|2',
    'Stop 3: Kino|3',
  ]);
  // One line, from the start through the stops in order (four points), over the tiles.
  const line = region.locator('.leaflet-overlay-pane path');
  await expect(line).toHaveCount(1);
  expect((await line.getAttribute('d'))?.match(/[ML]/g)).toEqual(['M', 'L', 'L', 'L']);
  await expect(region.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  expect(asked.length).toBeGreaterThan(0);
  // Fitted to the route: every marker inside the map.
  const box = await region.boundingBox();
  for (const marker of await markers.all()) {
    const at = await marker.boundingBox();
    expect(
      at && box && at.x >= box.x && at.y >= box.y && at.x + at.width <= box.x + box.width && at.y + at.height <= box.y + box.height,
    ).toBe(true);
  }
  await expect(routeMap.getByRole('list', { name: 'Stops in route order' })).toHaveText('Stop 1: Kafić CentarStop 2: ArenaStop 3: Kino');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/route-plan-1280-en.png`, fullPage: true });
});
