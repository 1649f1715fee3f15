import type { Article, Bill, Collection, Device, SearchAnswer } from '@kovanica/contract';
import { expect, type Page, type Request, test } from '@playwright/test';
import { apiGet, axeScan, signIn, USERS } from './support.ts';

/** The typing delay and the pause before the request (original §9), with some slack. */
const SEARCH_WAIT_MS = 1_200 + 500;

const isSearch = (url: URL | string) => new URL(url).pathname === '/api/v2/search';

/** The search requests the page sends from now on. */
function recordSearches(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (isSearch(request.url())) sent.push(request);
  });
  return sent;
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Quick search' });

test('one character sends no request; the search waits until typing pauses', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  const sent = recordSearches(page);

  await searchBox(page).fill('a');
  await page.waitForTimeout(SEARCH_WAIT_MS);
  expect(sent).toHaveLength(0);
  await expect(page.getByRole('listbox', { name: 'Search results' })).toBeHidden();

  // Typed key by key, faster than the typing delay: one request, for the whole word.
  await searchBox(page).fill('');
  await searchBox(page).pressSequentially('arena', { delay: 60 });
  await expect(page.getByRole('listbox', { name: 'Search results' })).toBeVisible({ timeout: SEARCH_WAIT_MS + 8_000 });
  expect(sent.map((r) => new URL(r.url()).searchParams.get('q'))).toEqual(['arena']);
});

test('"arena" finds locations and the lessor; arrow down and Enter open the first location', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const expected = await apiGet<SearchAnswer>(page.request, token, '/search?q=arena');
  const locations = expected.results.filter((r) => r.kind === 'location');
  const lessors = expected.results.filter((r) => r.kind === 'lessor');
  const first = locations[0];
  if (!first || lessors.length === 0) throw new Error('the demo data needs a location and a lessor named Arena');

  await page.goto('/dashboard');
  await searchBox(page).fill('arena');
  const list = page.getByRole('listbox', { name: 'Search results' });
  await expect(list).toBeVisible({ timeout: SEARCH_WAIT_MS + 8_000 });
  const locationGroup = list.getByRole('group', { name: 'Locations' });
  const lessorGroup = list.getByRole('group', { name: 'Lessors' });
  await expect(locationGroup.getByRole('option')).toHaveCount(locations.length);
  await expect(lessorGroup.getByRole('option')).toHaveCount(lessors.length);
  await expect(lessorGroup.getByRole('option').first()).toContainText(lessors[0]?.title ?? '');
  // Title and detail are text on the screen.
  await expect(locationGroup.getByRole('option').first()).toContainText(first.title);
  if (first.detail) await expect(locationGroup.getByRole('option').first()).toContainText(first.detail);
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');

  const accessibility = await axeScan(page).include('header').analyze();
  expect(accessibility.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await searchBox(page).press('ArrowDown');
  const active = await searchBox(page).getAttribute('aria-activedescendant');
  expect(active).toBeTruthy();
  await expect(page.locator(`[id="${active}"]`)).toContainText(first.title);
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/locations/edit/${first.id}$`));
  await expect(list).toBeHidden();
});

test('Escape closes the results; a search with nothing found says so', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  await searchBox(page).fill('arena');
  const list = page.getByRole('listbox', { name: 'Search results' });
  await expect(list).toBeVisible({ timeout: SEARCH_WAIT_MS + 8_000 });
  await searchBox(page).press('Escape');
  await expect(list).toBeHidden();
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');

  await searchBox(page).fill('zzqx-nothing');
  await expect(page.getByText('No record found')).toBeVisible({ timeout: SEARCH_WAIT_MS + 8_000 });
});

test('the last 6 digits of an IMEI find the device', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const devices = await apiGet<Collection<Device>>(page.request, token, '/devices?itemsPerPage=50&order[name]=asc');
  const device = devices.member.find((d) => d.imei);
  if (!device?.imei) throw new Error('the demo data needs a device with a logger');

  await page.goto('/dashboard');
  await searchBox(page).fill(device.imei.slice(-6));
  const group = page.getByRole('listbox', { name: 'Search results' }).getByRole('group', { name: 'Devices' });
  await expect(group.getByRole('option').filter({ hasText: device.name })).toBeVisible({ timeout: SEARCH_WAIT_MS + 8_000 });
  await group.getByRole('option').filter({ hasText: device.name }).click();
  await expect(page).toHaveURL(new RegExp(`/devices/edit/${device.id}$`));
});

test("a bill's number as typed and an article's name show their results under a heading per kind", async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const [bill] = (await apiGet<Collection<Bill>>(page.request, token, '/bills?itemsPerPage=1')).member;
  const [article] = (await apiGet<Collection<Article>>(page.request, token, '/articles?itemsPerPage=1')).member;
  if (!bill || !article) throw new Error('the demo data needs a bill and an article');
  // What a worker types: the sequence number and the premises, without the ISU.
  const typed = `${bill.sequence}/${bill.premises.toLowerCase()}`;
  const expected = await apiGet<SearchAnswer>(page.request, token, `/search?q=${encodeURIComponent(typed)}`);
  const bills = expected.results.filter((r) => r.kind === 'bill');
  expect(bills.map((r) => r.title)).toContain(bill.number);
  expect(bills.every((r) => r.title.startsWith(`${bill.sequence}/${bill.premises}/`))).toBe(true);

  await page.goto('/dashboard');
  await searchBox(page).fill(typed);
  const list = page.getByRole('listbox', { name: 'Search results' });
  const billGroup = list.getByRole('group', { name: 'Bills' });
  await expect(billGroup.getByRole('option')).toHaveCount(bills.length, { timeout: SEARCH_WAIT_MS + 8_000 });
  await expect(billGroup.getByRole('option').filter({ hasText: bill.number })).toBeVisible();

  const part = article.name.slice(0, 6);
  const found = await apiGet<SearchAnswer>(page.request, token, `/search?q=${encodeURIComponent(part)}`);
  const articles = found.results.filter((r) => r.kind === 'article');
  expect(articles.map((r) => r.title)).toContain(article.name);
  await searchBox(page).fill(part);
  const articleGroup = list.getByRole('group', { name: 'Articles' });
  await expect(articleGroup.getByRole('option')).toHaveCount(articles.length, { timeout: SEARCH_WAIT_MS + 8_000 });
  // One heading per kind found, in the order of the kinds.
  const headings = [...new Set(found.results.map((r) => r.kind))].length;
  await expect(list.getByRole('group')).toHaveCount(headings);
  await articleGroup.getByRole('option').filter({ hasText: article.name }).first().click();
  await expect(page).toHaveURL(/\/articles\/items\/edit\/\d+$/);
});

test('a failing search shows the connection error', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.route(isSearch, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({ title: 'Internal Server Error', status: 500 }),
    }),
  );
  await page.goto('/dashboard');
  await searchBox(page).fill('arena');
  await expect(page.getByRole('alert').filter({ hasText: 'Connection error. Please try again later..' })).toBeVisible({
    timeout: SEARCH_WAIT_MS + 3_000,
  });
});

test('a request still under way is abandoned when typing continues', async ({ page }) => {
  await signIn(page, USERS.manager);
  // The server answers only when the test lets it, so the first request is still open when the user
  // types on, however slow the machine (a fixed delay ran out on a loaded one).
  let answer = () => {};
  const answering = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(isSearch, async (route) => {
    await Promise.race([answering, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    await route.continue().catch(() => {});
  });
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    if (isSearch(request.url())) failed.push(new URL(request.url()).searchParams.get('q') ?? '');
  });
  const sent = recordSearches(page);
  await page.goto('/dashboard');
  await searchBox(page).fill('are');
  // That the request goes out at all (how soon is the debounce test's): a loaded machine may take seconds.
  await expect.poll(() => sent.length, { timeout: SEARCH_WAIT_MS + 8_000 }).toBe(1);
  await searchBox(page).fill('arena');
  await expect.poll(() => failed).toEqual(['are']);
  answer();
  await expect(page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first()).toBeVisible({ timeout: 8_000 });
});

test('on a phone the search opens from the top bar', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open quick search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quick search' });
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).fill('arena');
  const option = page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first();
  await expect(option).toBeVisible({ timeout: SEARCH_WAIT_MS + 8_000 });
  // Nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await option.click();
  await expect(page).toHaveURL(/\/locations\/edit\/\d+$/);
  await expect(dialog).toBeHidden();
});
