import { readFileSync } from 'node:fs';
import {
  addDays,
  type Bill,
  type BillComparison,
  businessDate,
  type Collection,
  type Device,
  formatDate,
  formatMoney,
  iri,
} from '@kovanica/contract';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiGet, apiToken, chooseOption, expectAccessible, signIn, USERS } from './support.ts';

/**
 * The bills screens on the demo's bills: Zabavni's, sent to the simulated CIS when the server starts
 * (one cancelled by a storno), and its subsidiary Istra's, left unfiscalized on CIS's test service
 * (one just issued, two past the 24-hour alarm, one past the 48-hour limit). A manager sees both in
 * the All Companies view. Payments sent through the ingestion API give the comparison its figures.
 */
test.describe.configure({ mode: 'serial' });

const ALL = { 'x-kovanica-view': 'all' };

/** Signs in and switches to the All Companies view (the user panel's switch, stored with the session). */
async function signInAll(page: Page, email: string) {
  const session = await signIn(page, email);
  await page.evaluate(() => {
    const account = JSON.parse(localStorage.getItem('accountInfo') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('accountInfo', JSON.stringify({ ...account, isTopGun: true }));
  });
  return session;
}

async function bills(request: APIRequestContext, query: string): Promise<Bill[]> {
  const token = await apiToken(request, USERS.manager);
  return (await apiGet<Collection<Bill>>(request, token, `/bills?itemsPerPage=200&${query}`, ALL)).member;
}

const rowsOf = (table: Locator) => table.locator('tbody tr');

test.beforeAll(async ({ request }) => {
  // Zabavni's demo bills go to the simulated CIS when the server starts: wait for their JIRs (a busy
  // machine starts the sender late).
  test.setTimeout(120_000);
  // Other specs may have cancelled bills too: every storno so far must be fiscalized.
  await expect
    .poll(async () => (await bills(request, 'kind=storno')).every((b) => b.status === 'fiscalized'), { timeout: 110_000 })
    .toBe(true);
});

test('the list shows every bill with its status; a storno and the bill it cancels are marked', async ({ page, request }) => {
  // The newest storno: the demo's, or one another spec issued.
  const [storno] = await bills(request, 'kind=storno');
  if (!storno?.stornoOf) throw new Error('the demo has no storno');
  await signInAll(page, USERS.manager);
  await page.goto('/bills/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Bills' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Bills' });
  const stornoRow = rowsOf(table).filter({ has: page.getByRole('cell', { name: 'Storno', exact: true }) });
  await expect(stornoRow.first()).toContainText(formatMoney(storno.totalCents));
  // The list shows a JIR by its first eight characters, the whole one as its title.
  if (!storno.jir) throw new Error('the storno has no JIR');
  await expect(stornoRow.first().getByTitle(storno.jir, { exact: true })).toHaveText(`${storno.jir.slice(0, 8)}…`);
  await expect(rowsOf(table).filter({ hasText: 'Cancelled' }).first()).toBeVisible();
  await expectAccessible(page);

  await chooseOption(page, 'Status', 'Unfiscalized');
  await expect(page).toHaveURL(/status=unfiscalized/);
  await expect(rowsOf(table).filter({ hasNotText: 'Unfiscalized' })).toHaveCount(0);
  await expect(rowsOf(table).first()).toContainText('Zabavni automati Istra d.o.o.');

  await page.getByRole('link', { name: 'Advanced filter' }).click();
  await expect(page).toHaveURL(/\/bills\/filter$/);
});

test('the advanced filter finds a bill by its number as printed, by its JIR, and says what it cannot read', async ({ page, request }) => {
  const bill = (await bills(request, 'kind=manual&status=fiscalized')).find((b) => b.jir);
  if (!bill?.jir) throw new Error('no fiscalized demo bill');
  await signInAll(page, USERS.manager);
  await page.goto('/bills/filter');
  await expect(page.getByRole('heading', { level: 1, name: 'Bill filter' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Matching bills' });
  await expect(rowsOf(table).first()).toContainText(/\S/);

  // The same number is printed in both companies: the status tells Zabavni's (sent) from Istra's.
  await page.getByRole('textbox', { name: 'Number' }).fill(bill.number);
  await chooseOption(page, 'Status', 'Fiscalized');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/number=.*status=fiscalized|status=fiscalized.*number=/);
  await expect(page.getByText('2 filters applied.')).toBeVisible();
  await expect(rowsOf(table)).toHaveCount(1);
  await expect(rowsOf(table).first().getByTitle(bill.jir, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('textbox', { name: 'Number' })).toHaveValue('');
  await page.getByRole('textbox', { name: 'JIR' }).fill(bill.jir.toUpperCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`jir=${bill.jir}`));
  await expect(rowsOf(table)).toHaveCount(1);
  await expect(rowsOf(table).first()).toContainText(bill.number);

  // A reload keeps the filter (it lives in the URL) and fills the form in again.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'JIR' })).toHaveValue(bill.jir);
  await expect(rowsOf(table)).toHaveCount(1);

  await page.getByRole('textbox', { name: 'Number' }).fill('12/PP 01');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Enter the number as printed (12/PP01/3) or the sequence alone (12).')).toBeVisible();
  await expectAccessible(page);
});

test('unfiscalized bills: countdown, alarm and overdue, send again; in Croatian too', async ({ page, request }) => {
  const open = await bills(request, 'status=unfiscalized&order[issuedAt]=asc');
  const [oldest, second] = open;
  if (!oldest || !second) throw new Error('the demo has no unfiscalized bills');
  await signInAll(page, USERS.manager);
  // The page's counts are the header bell's own requests: each asked once, not once by each.
  const counts: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/v2/bills' && url.searchParams.get('status') === 'unfiscalized' && !url.searchParams.has('order[issuedAt]')) {
      counts.push(url.searchParams.toString());
    }
  });
  await page.goto('/bills/unfiscalized');
  await expect(page.getByRole('heading', { level: 1, name: 'Unfiscalized bills' })).toBeVisible();
  await expect(page.getByText(/^\d+ bills unfiscalized for over 24 hours$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send all again' })).toBeEnabled();
  expect(counts).toHaveLength(2);
  expect(new Set(counts).size).toBe(2);
  const table = page.getByRole('table', { name: 'Unfiscalized bills' });
  // Oldest first: the demo's oldest is past the 48-hour limit; its last send failed.
  const first = rowsOf(table).first();
  await expect(first).toContainText(oldest.number);
  await expect(first).toContainText('Overdue');
  await expect(first).toContainText(/past the limit/);
  await expect(rowsOf(table).nth(1)).toContainText(/\d+ h \d\d min left/);
  // The last failure in words, not its code.
  if (oldest.lastError === 'network') await expect(first).toContainText('No connection to the Tax Administration');
  if (oldest.lastError) await expect(first).not.toContainText(new RegExp(`\\b${oldest.lastError}\\b`));
  await expectAccessible(page);

  const sendSelected = page.getByRole('button', { name: 'Send selected again' });
  await expect(sendSelected).toBeDisabled();
  await page.getByRole('checkbox', { name: `Select bill ${second.number}`, exact: true }).check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await sendSelected.click();
  await expect(page.getByText('1 bill queued for sending.')).toBeVisible();
  await page.getByRole('button', { name: 'Send all again' }).click();
  await expect(page.getByText(/^\d+ bills queued for sending\.$/)).toBeVisible();

  // The same screen in Croatian.
  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Nefiskalizirani računi' })).toBeVisible();
  await expect(page.getByText(/^\d+ računa nisu fiskalizirana dulje od 24 sata$/)).toBeVisible();
  await expect(rowsOf(page.getByRole('table', { name: 'Nefiskalizirani računi' })).first()).toContainText('Rok je istekao');
  await expect(page.getByRole('button', { name: 'Ponovno pošalji sve' })).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});

test('requests to CIS: late deliveries, and a send’s request and answer as indented XML', async ({ page }) => {
  await signInAll(page, USERS.manager);
  await page.goto('/bills/request');
  await expect(page.getByRole('heading', { level: 1, name: 'Requests to CIS' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Requests to CIS' });

  // "Send again" made late deliveries (NakDost) of the unfiscalized bills.
  await chooseOption(page, 'Late delivery', 'Yes');
  await expect(page).toHaveURL(/late=true/);
  await expect(rowsOf(table).first()).toContainText('Late');
  await expect(rowsOf(table).filter({ hasNotText: 'Late' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await chooseOption(page, 'Outcome', 'JIR received');
  await expect(page).toHaveURL(/outcome=jir/);
  const row = rowsOf(table).first();
  await expect(row).toContainText('Simulated');
  await expectAccessible(page);

  await row.getByRole('button', { name: /^Show the XML of the send of / }).click();
  const drawer = page.getByRole('dialog', { name: /^Bill \d+\/\w+\/\d+, sent / });
  await expect(drawer).toBeVisible();
  const request = drawer.getByRole('region', { name: 'Request' });
  const answer = drawer.getByRole('region', { name: 'Answer' });
  await expect(request).toContainText('RacunZahtjev');
  await expect(answer).toContainText('Jir');
  // Indented: one element a line, children two spaces further in.
  expect(await request.textContent()).toMatch(/\n {2,}<[\w:]*Racun[ >]/);
  await expect(drawer.getByRole('button', { name: 'Copy the Request XML as sent' })).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

/**
 * Two payments just now on a device of Istra, whose bills go to CIS's test service and stay
 * unfiscalized: the comparison shows a day that disagrees. Waits until the bills are issued.
 */
async function paymentsOnIstra(request: APIRequestContext): Promise<Device> {
  const token = await apiToken(request, USERS.manager);
  const istra = (await bills(request, 'status=unfiscalized'))[0]?.company;
  const devices = await apiGet<Collection<Device>>(request, token, `/devices?itemsPerPage=200&order[id]=asc&company=${istra}`, ALL);
  const device = devices.member.filter((d) => d.imei).at(-1);
  if (!device?.imei) throw new Error('no Istra device with a logger');
  // Just now: the demo placed its devices when the server started, and a payment is billed where its device stood.
  const at = new Date(Date.now() - 5_000).toISOString();
  const seq = Date.now();
  const response = await request.post('/api/v2/telemetry/batches', {
    headers: { Authorization: `Bearer kvl_demo_${device.imei}` },
    data: {
      imei: device.imei,
      events: [
        { seq, at, type: 'coin', valueCents: 200, count: 2 },
        { seq: seq + 1, at, type: 'cashless', valueCents: 500 },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  // The comparison is computed at each request (the bills' list may answer from the server's read cache for a while).
  const today = businessDate();
  await expect
    .poll(async () => {
      const answer = await apiGet<BillComparison>(request, token, `/bill-comparison?from=${today}&to=${today}&device=${device.id}`, ALL);
      return answer.totals.bills;
    })
    .toBeGreaterThanOrEqual(2);
  return device;
}

test('the comparison marks a day whose bills are not fiscalized and leads to them', async ({ page, request }) => {
  const device = await paymentsOnIstra(request);
  const today = businessDate();
  await signInAll(page, USERS.manager);
  await page.goto(`/transactions-bills/comparison?device=${encodeURIComponent(iri('devices', device.id))}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions and bills' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Transactions and bills' });
  const day = formatDate(today);
  const row = rowsOf(table).filter({ hasText: day }).filter({ hasText: device.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('(mismatch)');
  await expect(table.locator('tfoot')).toContainText('Total');
  await expectAccessible(page);

  await page
    .getByRole('switch', { name: 'Only mismatches' })
    .or(page.getByRole('checkbox', { name: 'Only mismatches' }))
    .check();
  await expect(page).toHaveURL(/mismatches=true/);
  await expect(row).toHaveCount(1);

  await row.getByRole('link', { name: `Unfiscalized bills of ${device.name} on ${day}` }).click();
  await expect(page).toHaveURL(/\/bills\/unfiscalized\?/);
  const listed = rowsOf(page.getByRole('table', { name: 'Unfiscalized bills' }));
  await expect(listed.first()).toContainText(device.name);
  await expect(listed.filter({ hasNotText: device.name })).toHaveCount(0);
});

/** How far a table's scrolling region overflows sideways (0: the table fits). */
const overflowOf = (table: Locator) =>
  table.evaluate((t) => {
    let region = t.parentElement;
    while (region && getComputedStyle(region).overflowX === 'visible') region = region.parentElement;
    return region ? region.scrollWidth - region.clientWidth : -1;
  });

test('the comparison puts the largest difference first, keeps device and difference in view and fits a laptop beside the menu', async ({
  page,
  request,
}) => {
  await paymentsOnIstra(request);
  const token = await apiToken(request, USERS.manager);
  const today = businessDate();
  const from = addDays(today, -6);
  const answer = await apiGet<BillComparison>(request, token, `/bill-comparison?from=${from}&to=${today}`, ALL);
  // The demo's Istra leaves its bills unfiscalized: the period has rows that disagree.
  expect(answer.rows.some((r) => r.unfiscalized > 0 || r.unbilled > 0)).toBe(true);

  await signInAll(page, USERS.manager);
  await page.goto('/transactions-bills/comparison');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Transactions and bills' });
  const rows = rowsOf(table);
  await expect(rows.first()).toHaveAttribute('data-mismatch', 'true');
  await expect(page.getByRole('textbox', { name: 'Order' }).or(page.getByRole('combobox', { name: 'Order' }))).toHaveValue(
    'Largest difference',
  );

  // The rows that disagree come first, the largest difference (the second column) first.
  const euros = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
  const flags = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-mismatch') === 'true'));
  const differences = (await rows.locator('> :nth-child(2)').allInnerTexts()).map(euros);
  const firstAgreeing = flags.indexOf(false);
  if (firstAgreeing !== -1) expect(flags.slice(firstAgreeing)).not.toContain(true);
  const flagged = differences.slice(0, firstAgreeing === -1 ? undefined : firstAgreeing);
  expect(flagged.length).toBeGreaterThan(0);
  expect(flagged).toEqual([...flagged].sort((a, b) => b - a));
  // The marked row says so in words, and its differing figures are flagged.
  await expect(rows.first().getByRole('rowheader')).toContainText('(mismatch)');

  // At 1280 px with the side menu open, the default columns fit: no sideways scrolling.
  expect(await overflowOf(table)).toBeLessThanOrEqual(1);

  // With the counts shown as well the figures scroll sideways, the device and the difference stay in view.
  await page.getByRole('button', { name: 'Columns' }).click();
  for (const name of ['Payments', 'Bills', 'Fiscalized']) await page.getByRole('checkbox', { name, exact: true }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Payments', exact: true })).toBeVisible();
  expect(await overflowOf(table)).toBeGreaterThan(0);
  const device = rows.first().getByRole('rowheader');
  const difference = rows.first().locator('> :nth-child(2)');
  const day = rows.first().locator('> :nth-child(3)');
  const before = await Promise.all([device, difference, day].map((cell) => cell.boundingBox()));
  await table.evaluate((t) => {
    let region = t.parentElement;
    while (region && getComputedStyle(region).overflowX === 'visible') region = region.parentElement;
    region?.scrollBy({ left: 400 });
  });
  await expect.poll(async () => (await day.boundingBox())?.x).toBeLessThan((before[2]?.x ?? 0) - 100);
  expect((await device.boundingBox())?.x).toBeCloseTo(before[0]?.x ?? -1, 0);
  expect((await difference.boundingBox())?.x).toBeCloseTo(before[1]?.x ?? -1, 0);

  // The file says what it holds (decision 0042), then the columns shown, the largest difference first.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'CSV (semicolon-separated)' }).click();
  const [about = '', content = ''] = readFileSync(await (await download).path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n\r\n');
  const aboutLines = about.split('\r\n').map((l) => l.split(';'));
  expect(aboutLines.map((l) => l[0])).toEqual(['Company', 'Report', 'Period', 'Filters', 'Made']);
  expect(aboutLines[1]?.[1]).toBe('Transactions and bills');
  expect(aboutLines[2]?.[1]).toBe(`${formatDate(from)} – ${formatDate(today)}`);
  const lines = content.split('\r\n');
  expect(lines[0]?.split(';').slice(0, 5)).toEqual(['Device and location', 'Location', 'Difference', 'Day', 'Payments']);
  expect(lines).toHaveLength(answer.rows.length + 2);
  expect(lines.at(-1)?.startsWith('Total;')).toBe(true);
  const fileDifferences = lines.slice(1, 1 + flagged.length).map((l) => euros(l.split(';')[2] ?? ''));
  expect(fileDifferences).toEqual(flagged);
});

test('the header bell lists unfiscalized bills beside deposits, with the alarm; a worker sees only deposits', async ({ page }) => {
  await signInAll(page, USERS.manager);
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(bell).toHaveAccessibleDescription(/Unverified deposits: \d+\. Unfiscalized bills: [1-9]\d*/);
  await bell.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Unverified deposits', { exact: true })).toBeVisible();
  await expect(menu.getByText('Unfiscalized bills', { exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /^\d+ bills unfiscalized for over 24 hours$/ })).toBeVisible();
  const billItem = page.getByRole('menuitem', { name: /^\d+\/PP\d+\/\d+ — / }).first();
  await expect(billItem).toBeVisible();
  // Every line says what its bill is for: a device, a location or its kind and premises, never a bare dash.
  for (const text of await page.getByRole('menuitem', { name: /^\d+\/\w+\/\d+ — / }).allInnerTexts()) expect(text).not.toMatch(/ — – /);
  await page.getByRole('menuitem', { name: /^All unfiscalized bills \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/bills\/unfiscalized$/);

  await signIn(page, USERS.worker);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('menu').getByText('Unverified deposits', { exact: true })).toBeVisible();
  await expect(page.getByRole('menu').getByText('Unfiscalized bills', { exact: true })).toHaveCount(0);
});
