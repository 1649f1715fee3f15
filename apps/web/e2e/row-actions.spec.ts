import { mkdirSync } from 'node:fs';
import { type Deposit, type Device, formatDateTime, imeiCheckDigit } from '@kovanica/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiGet, apiToken, signIn, USERS } from './support.ts';

/**
 * A wide list keeps its row actions in reach: the deposits list has eighteen columns and scrolls
 * sideways inside its card, and the Report and Verify buttons sit in a column pinned to the right
 * edge of that region, at a laptop's width and at a phone's. Screenshots for a human look are
 * written when KV_SHOTS=<dir> is set (outside the repository).
 */
const shots = process.env.KV_SHOTS;
const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 740 },
] as const;

let device: Device;
/** How the screen names the deposit: "Autić 2, 21.11.2026 22:58". */
let label: string;
/** When the deposit's emptying was, as its cell says it ("21.11.2026 22:58", the day over the time). */
let emptiedAt: string;

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, USERS.manager);
  const auth = { Authorization: `Bearer ${token}` };
  // A device and logger of its own, so no other spec's deposits come first in its list.
  const body = String(Date.now()).slice(-14).padStart(14, '7');
  const imei = `${body}${imeiCheckDigit(body)}`;
  const logger = await request.post('/api/v2/loggers', { headers: auth, data: { imei } });
  expect(logger.status(), await logger.text()).toBe(201);
  const { '@id': loggerIri, credential } = (await logger.json()) as { '@id': string; credential: string };
  const location = (await apiGet<{ member: { '@id': string }[] }>(request, token, '/locations?itemsPerPage=1')).member[0];
  const created = await request.post('/api/v2/devices', {
    headers: auth,
    data: { name: `Široki ${body.slice(-5)}`, group: 'kiddie_ride', playPriceCents: 200, logger: loggerIri, location: location?.['@id'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  device = (await created.json()) as Device;

  // An emptying opens a deposit; a reported count makes it wait for verification (Report and Verify both offered).
  const seq = Date.now();
  const at = (seconds: number) => new Date(Date.now() + 2_000 + seconds * 1000).toISOString();
  const batch = await request.post('/api/v2/telemetry/batches', {
    headers: { Authorization: `Bearer ${credential}` },
    data: {
      imei,
      events: [
        { seq, at: at(0), type: 'coin', valueCents: 200, count: 5 },
        { seq: seq + 1, at: at(30), type: 'emptying', coinsCents: 1000, tokens: 0 },
      ],
    },
  });
  expect(batch.status(), await batch.text()).toBe(200);
  const deposit = (await apiGet<{ member: Deposit[] }>(request, token, `/deposits?device=${device.id}`)).member[0];
  if (!deposit) throw new Error(`no deposit was opened for ${device.name}`);
  const report = await request.patch(`/api/v2/deposits/${deposit.id}`, {
    headers: { ...auth, 'Content-Type': 'application/merge-patch+json' },
    data: { depositCoinsCents: deposit.reportedCoinsCents, depositTokens: 0 },
  });
  expect(report.status(), await report.text()).toBe(200);
  label = `${device.name}, ${formatDateTime(deposit.at)}`;
  emptiedAt = formatDateTime(deposit.at);
});

/** The scrolling region of a list's card, by the list's name. */
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/**
 * The button lies inside the viewport sideways, and a click at its middle reaches it (nothing covers
 * it). The page scrolls down to it, but nothing is scrolled sideways to find it.
 */
async function expectInReach(page: Page, button: Locator, width: number) {
  // Retried: a row may still move down while its reference labels (a city, a company) arrive.
  await expect(async () => {
    await button.evaluate((el) => {
      const box = el.getBoundingClientRect();
      window.scrollBy(0, box.top + box.height / 2 - window.innerHeight / 2);
    });
    const box = await button.boundingBox();
    if (!box) throw new Error('the button has no box');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('button, a')?.getAttribute('aria-label') ?? null, [
      box.x + box.width / 2,
      box.y + box.height / 2,
    ] as const);
    expect(hit).toBe(await button.getAttribute('aria-label'));
  }).toPass({ timeout: 5_000 });
}

/** Scrolls a region sideways to one end and waits for the frame that shows it. */
async function scrollTo(scroller: Locator, end: 'start' | 'end') {
  await scroller.evaluate(async (el, to) => {
    el.scrollLeft = to === 'start' ? 0 : el.scrollWidth;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, end);
}

/** A screenshot of the page from its top, when KV_SHOTS is set. */
async function shoot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** Whether the cell casts a visible shadow or border (an animated `none` computes to transparent shadows). */
const hasEdge = (cell: Locator) =>
  cell.evaluate((el) => (getComputedStyle(el).boxShadow.match(/rgba?\([^)]*\)/g) ?? []).some((color) => !/,\s*0\)$/.test(color)));

for (const size of sizes) {
  test(`Report and Verify of a deposit stay in view and work at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const { user } = await signIn(page, USERS.manager);
    // The columns the list hides by default shown too, as a user may choose them: wider than a desktop's region.
    await page.evaluate(
      (key) =>
        localStorage.setItem(
          key,
          JSON.stringify({ reportedTokens: true, depositTokens: true, differenceTokens: true, reportedBy: true, verifiedBy: true }),
        ),
      `kovanica.columns.${user.id}.deposits`,
    );
    await page.goto(`/deposits/list?device=${device.id}`);
    const verify = page.getByRole('button', { name: `Verify: ${label}`, exact: true });
    const report = page.getByRole('button', { name: `Report the count: ${label}`, exact: true });
    await expect(verify).toBeVisible();

    const scroller = region(page, 'Deposits');
    const actionsCell = page.getByRole('cell').filter({ has: verify });
    if (size.width < 768) {
      // On a phone the list is cards (below 48em, components/data-table/README.md "Cards"): nothing
      // scrolls sideways and the actions sit at the foot of the deposit's card, a thumb wide.
      expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await expectInReach(page, report, size.width);
      await expectInReach(page, verify, size.width);
      expect(await hasEdge(actionsCell)).toBe(false);
      expect((await verify.boundingBox())?.width).toBeGreaterThanOrEqual(44);
      await shoot(page, `deposits-list-${size.name}`);
    } else {
      // The list is wider than its region: it scrolls sideways, and the buttons stay put.
      const overflow = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeGreaterThan(200);
      await expectInReach(page, report, size.width);
      await expectInReach(page, verify, size.width);

      // Before any sideways scroll, the device and its emptying's day beside it (header and cell) are
      // clear of the actions and their edge's shadow: at 375 px the actions covered the end of the day.
      const edge = (await actionsCell.boundingBox())?.x ?? 0;
      const day = page.getByRole('row').filter({ has: verify }).getByRole('cell', { name: emptiedAt, exact: true }).locator('span').first();
      const dayHeader = scroller.getByRole('columnheader', { name: 'Emptied at' }).getByRole('button');
      for (const text of [day, dayHeader]) {
        const box = await text.boundingBox();
        if (!box) throw new Error('the day has no box');
        expect(box.x + box.width).toBeLessThanOrEqual(edge - 6);
      }

      // Cells pass under the actions: their edge shows, until the list is scrolled to its end.
      expect(await hasEdge(actionsCell)).toBe(true);
      await shoot(page, `deposits-list-${size.name}`);
      await scrollTo(scroller, 'end');
      expect(await hasEdge(actionsCell)).toBe(false);
      await expectInReach(page, verify, size.width);
      await scrollTo(scroller, 'start');
    }

    // A selected row's actions take its colour, like every cell of the row.
    const checkbox = page.getByRole('checkbox', { name: `Select ${label}`, exact: true });
    const background = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
    const row = page.getByRole('row').filter({ has: verify });
    await checkbox.check();
    await expect.poll(() => background(actionsCell)).toBe(await background(row));
    expect(await background(row)).not.toBe(await background(scroller));
    await checkbox.uncheck();

    // Each action's name shows beside it when pointed at, and goes when the pointer leaves.
    const tooltip = (name: string) => page.getByRole('tooltip').filter({ hasText: name });
    await verify.hover();
    await expect(tooltip(`Verify: ${label}`)).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(tooltip(`Verify: ${label}`)).toBeHidden();

    // By keyboard: from the row's checkbox the next stop is Report, then Verify, and Enter opens it.
    // The focused action's name shows as it does for the pointer.
    await checkbox.focus();
    await page.keyboard.press('Tab');
    await expect(report).toBeFocused();
    await expect(tooltip(`Report the count: ${label}`)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(verify).toBeFocused();
    await expectInReach(page, verify, size.width);
    await page.keyboard.press('Enter');
    const verifyDialog = page.getByRole('dialog', { name: 'Verify' });
    await expect(verifyDialog.getByText('Are you sure you want to verify this deposit?')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(verifyDialog).toBeHidden();

    // And by pointer.
    await report.click();
    const reportDialog = page.getByRole('dialog', { name: 'Report the count' });
    await expect(reportDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(reportDialog).toBeHidden();
  });
}

/** The lists with row actions the admin sees filled with demo data, by path and table name. */
const lists = [
  ['/devices/list', 'Devices'],
  ['/loggers/list', 'Loggers'],
  ['/locations/list', 'Locations'],
  ['/lessors/list', 'Lessors'],
  ['/users/list', 'Users'],
  ['/companies/list', 'All companies'],
  ['/cities/list', 'Cities'],
  ['/tags/list', 'Tags'],
] as const;

for (const size of sizes) {
  test(`every list's row actions are in view at ${size.width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, USERS.admin);
    for (const [path, name] of lists) {
      await page.goto(path);
      // The first row that offers actions (the admin's own company cannot be deleted, for one).
      const cell = page
        .getByRole('table', { name, exact: true })
        .locator('tbody tr > td:last-child')
        .filter({ has: page.locator('a, button') })
        .first();
      const actions = cell.locator('a, button');
      await expect(actions.first(), `${path}: a row has actions`).toBeVisible();
      for (const action of await actions.all()) await expectInReach(page, action, size.width);
      // Every row's actions cell is opaque, whatever the row's stripe: nothing shows through it.
      const seeThrough = await page
        .getByRole('table', { name, exact: true })
        .locator('tbody tr > td:last-child')
        .evaluateAll((cells) => cells.filter((c) => /^(transparent|rgba\(.*,\s*0\))$/.test(getComputedStyle(c).backgroundColor)).length);
      expect(seeThrough, `${path}: actions cells one can see through`).toBe(0);
      // The edge shows only where cells pass under the actions, i.e. where the list scrolls sideways.
      const overflows = await region(page, name).evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(await hasEdge(cell), `${path}: an edge exactly when the list scrolls`).toBe(overflows);
      if (path === '/devices/list') await shoot(page, `devices-list-${size.name}`);
    }
  });
}

/**
 * The pinned column's header, "Actions" ("Radnje"), whole at 375 px on every list: its text inside
 * the cell's padding (no overflow: scrollWidth <= clientWidth) and inside the visible part of the
 * scrolling region, on one line.
 */
for (const [language, word] of [
  ['en', 'Actions'],
  ['hr', 'Radnje'],
] as const) {
  test(`every list's actions header is whole at 375 px in ${language}`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, USERS.admin);
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    for (const [path] of lists) {
      await page.goto(path);
      await expect(page.locator('main table tbody tr').first()).toBeVisible();
      // A list of cards (below 48em) has no header row: its actions are at each card's foot.
      if ((await page.locator('main table[data-cards]').count()) > 0) continue;
      const header = page.locator('main table thead th').last();
      await expect(header, path).toHaveText(word);
      await expect(
        page
          .locator('main table tbody tr td:last-child')
          .filter({ has: page.locator('a, button') })
          .first(),
      ).toBeVisible();
      const fit = await header.evaluate((th) => {
        const range = document.createRange();
        range.selectNodeContents(th);
        const text = range.getBoundingClientRect();
        const lines = range.getClientRects().length;
        const box = th.getBoundingClientRect();
        const style = getComputedStyle(th);
        const region = th.closest('[role="region"]')?.getBoundingClientRect() ?? box;
        return {
          overflow: th.scrollWidth - th.clientWidth,
          left: text.left - (box.left + Number.parseFloat(style.paddingLeft)),
          right: box.right - Number.parseFloat(style.paddingRight) - text.right,
          inRegion: text.left >= region.left && text.right <= region.right,
          lines,
        };
      });
      expect(fit.overflow, `${path}: the header overflows its cell`).toBeLessThanOrEqual(0);
      expect(fit.left, `${path}: the header's text starts before its cell's padding`).toBeGreaterThanOrEqual(-0.5);
      expect(fit.right, `${path}: the header's text runs into its cell's padding`).toBeGreaterThanOrEqual(-0.5);
      expect(fit.inRegion, `${path}: the header's text runs out of the list's visible part`).toBe(true);
      expect(fit.lines, `${path}: the header's word wraps`).toBe(1);
    }
  });
}

test("a row's edit link opens the item's page in place, and in a new tab with Ctrl", async ({ page, context }) => {
  await signIn(page, USERS.admin);
  await page.goto('/tags/list');
  const edit = page
    .getByRole('table', { name: 'Tags', exact: true })
    .getByRole('link', { name: /^Edit / })
    .first();
  const href = await edit.getAttribute('href');
  expect(href).toMatch(/^\/tags\/edit\/\d+$/);

  // With Ctrl the browser opens it beside the list, which stays.
  const [tab] = await Promise.all([context.waitForEvent('page'), edit.click({ modifiers: ['Control'] })]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(href);
  await tab.close();
  await expect(page).toHaveURL(/\/tags\/list$/);

  // A plain click: the app goes there without loading the page again.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await edit.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tag');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
