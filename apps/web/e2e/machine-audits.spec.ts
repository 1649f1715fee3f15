import { readFileSync } from 'node:fs';
import { type Collection, type Device, formatMoney, type MachineAudit } from '@kovanica/contract';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiGet, apiPatch, apiToken, chooseOption, expectAccessible, followMenu, screenshot, signIn, USERS } from './support.ts';

/**
 * Machine audits (docs/rules.md "Machine audits"): a manager uploads EVA-DTS files through the list's
 * bulk upload, one matched to a demo device by its machine serial, one whose serial matches no device,
 * and one with a character changed (refused, naming the line); opens the matched one's page with its
 * figures; assigns the waiting one from the audits to assign; the device's page lists its audits and
 * takes one more file. At 1280 and 375 px, in English and Croatian, scanned by axe.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const FIXTURES = new URL('../../server/src/modules/machine-audits/fixtures/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

/** The cans machine (ID101 `FC8-19-33012`): 4.231,40 € of paid sales since it was initialised. */
const CANS = fixture('cans-frigocan-8.dex');
/** The coffee machine (ID101 `AR12-2024-00417`), which no demo device has as its serial. */
const COFFEE = fixture('coffee-aromatica-c12.dex');
/** The snack machine, uploaded on its device's page. */
const SNACK = fixture('snack-spiralis-s6.dex');
/** The cans file with one character changed: its checksum (G85) no longer matches. */
const CORRUPTED = CANS.replace('VA1*423140', 'VA1*423141');

const file = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') });
const deviceOption = (d: Device) => (d.imei ? `${d.name} (${d.imei})` : d.name);

/** Two demo devices of the manager's company, from the end of the list (other specs take the first ones). */
async function twoDevices(request: APIRequestContext): Promise<[Device, Device, string]> {
  const token = await apiToken(request, USERS.manager);
  const devices = await apiGet<Collection<Device>>(request, token, '/devices?itemsPerPage=200&order[id]=desc');
  const [first, second] = devices.member.filter((d) => d.machineSerial === null);
  if (!first || !second) throw new Error('two demo devices without a machine serial');
  // The cans machine stands in the first: its serial is the device's.
  await apiPatch(request, token, `/devices/${first.id}`, { machineSerial: 'FC8-19-33012' });
  return [first, second, token];
}

/** The upload's result line of one file. */
const resultOf = (page: Page, name: string) =>
  page.getByRole('list', { name: 'What became of each file' }).getByRole('listitem').filter({ hasText: name });

/** The page is no wider than the screen (a phone: no sideways scroll of the page). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

/**
 * Nothing in a section reaches past its right edge or scrolls sideways inside it (a table in a
 * scrolling region would: the page itself would not scroll, the section would).
 */
async function expectNoSidewaysOverflow(section: Locator) {
  const overflow = await section.evaluate((root) => {
    const edge = root.getBoundingClientRect().right;
    let worst = root.scrollWidth - root.clientWidth;
    for (const element of root.querySelectorAll<HTMLElement>('*')) {
      if (['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
        worst = Math.max(worst, element.scrollWidth - element.clientWidth);
      const box = element.getBoundingClientRect();
      if (box.width > 1) worst = Math.max(worst, box.right - edge);
    }
    return worst;
  });
  expect(overflow).toBeLessThanOrEqual(1);
}

let cansDevice: Device;
let otherDevice: Device;
let cansAuditUrl = '';

test('a manager uploads audits in bulk: one matched, one to assign, one refused naming its line', async ({ page }) => {
  [cansDevice, otherDevice] = await twoDevices(page.request);
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  await followMenu(page, 'Devices', 'Machine audits');
  await expect(page.getByRole('heading', { name: 'Machine audits', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Upload audits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload audit files' });
  await expect(dialog).toBeVisible();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles([file('cans-e2e.dex', CANS), file('coffee-e2e.dex', COFFEE), file('cans-corrupted.dex', CORRUPTED)]);
  await dialog.getByRole('button', { name: 'Upload 3 files' }).click();

  await expect(dialog.getByRole('status')).toHaveText('Matched: 1, to assign: 1, refused: 1', { timeout: 30_000 });
  await expect(resultOf(page, 'cans-e2e.dex')).toContainText(`Matched to ${cansDevice.name}.`);
  await expect(resultOf(page, 'coffee-e2e.dex')).toContainText('it waits to be assigned');
  const refused = resultOf(page, 'cans-corrupted.dex');
  await expect(refused).toContainText('Refused');
  await expect(refused).toContainText(/The checksum \(G85\) on line \d+ does not match the file/);
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'machine-audits-upload-en-1280', false);
  await dialog.getByRole('link', { name: 'Open cans-e2e.dex' }).click();
  await expect(page).toHaveURL(/\/machine-audits\/\d+$/);
  cansAuditUrl = new URL(page.url()).pathname;

  // The list has the matched one under its device, and the waiting one "to assign".
  await page.goto('/machine-audits/list');
  const cansRow = page.getByRole('row').filter({ hasText: 'cans-e2e.dex' });
  await expect(cansRow).toContainText(cansDevice.name);
  await expect(cansRow).toContainText('4.231,40 €');
  await expect(cansRow).toContainText('FC8-19-33012');
  await expect(page.getByRole('row').filter({ hasText: 'coffee-e2e.dex' })).toContainText('To assign');
  await expect(page.getByRole('row').filter({ hasText: 'cans-corrupted.dex' })).toHaveCount(0);
  await screenshot(page, 'machine-audits-list-en-1280');
});

test("an audit's page shows its figures, products, events and the file as read", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(cansAuditUrl);
  await expect(page.getByRole('heading', { name: cansDevice.name, level: 1 })).toBeVisible({ timeout: 30_000 });
  const overview = page.getByRole('region', { name: 'Audit', exact: true });
  await expect(overview).toContainText('FC8-19-33012');
  await expect(overview).toContainText('FCB1900331');
  await expect(overview).toContainText('FRIGOCAN 8');
  await expect(overview).toContainText('Uploaded file');

  const counters = page.getByRole('table', { name: 'Counters' });
  await expect(counters.getByRole('row', { name: /^Paid sales/ })).toContainText('4.231,40 €');
  await expect(counters.getByRole('row', { name: /^Paid vends/ })).toContainText('2.663');
  await expect(page.getByText("This is the device's first audit")).toBeVisible();

  const products = page.getByRole('table', { name: 'Products' });
  await expect(products.locator('tbody tr')).toHaveCount(8);
  await expect(products.locator('tbody tr').first()).toContainText('708,00 €');
  const events = page.getByRole('table', { name: 'Events' });
  await expect(events.getByRole('row').filter({ hasText: 'EGS' })).toContainText('Door open');
  await expect(events.getByRole('row').filter({ hasText: 'EJJ' })).toContainText('Cooling: set temperature not reached');

  // The segments as read are folded until asked for.
  const blocksToggle = page.getByRole('button', { name: /^Expand The file as read/ });
  await blocksToggle.click();
  const blocks = page.getByRole('table', { name: /^The file as read/ });
  await expect(blocks.getByRole('row').filter({ hasText: 'VA1' }).first()).toContainText('423140');
  await expectAccessible(page);
  await screenshot(page, 'machine-audits-detail-en-1280');

  // A demo audit with a previous one: what the machine sold in between, against telemetry and the count.
  const token = await apiToken(page.request, USERS.manager);
  const demo = await apiGet<Collection<MachineAudit>>(page.request, token, '/machine-audits?assigned=true&itemsPerPage=50');
  const spanned = demo.member.find((a) => a.reconciliation !== null && a.sincePrevious?.counters.paidSalesCents != null);
  if (!spanned) throw new Error('a demo audit with its previous one and a reconciliation');
  await page.goto(`/machine-audits/${spanned.id}`);
  const reconciliation = page.getByRole('table', { name: 'Reconciliation' });
  await expect(reconciliation.getByRole('row', { name: /^Telemetry revenue/ })).toContainText(
    formatMoney(spanned.sincePrevious?.counters.paidSalesCents ?? 0),
  );
  await expect(page.getByRole('table', { name: 'Counters' }).getByRole('columnheader', { name: 'Since previous audit' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'machine-audits-detail-spanned-en-1280');

  await page.goto(cansAuditUrl);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the file' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('cans-e2e.dex');
  expect(readFileSync(await saved.path(), 'utf8')).toBe(CANS);
});

test('a manager assigns the waiting audit to a device; the device page lists its audits and takes one more', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/machine-audits/unassigned');
  await expect(page.getByRole('heading', { name: 'Audits to assign', level: 1 })).toBeVisible({ timeout: 30_000 });
  const row = page.getByRole('row').filter({ hasText: 'coffee-e2e.dex' });
  await expect(row).toBeVisible();
  await screenshot(page, 'machine-audits-unassigned-en-1280');
  await chooseOption(page, 'Device for coffee-e2e.dex', deviceOption(otherDevice), { within: row, search: otherDevice.name });
  await row.getByRole('button', { name: 'Assign coffee-e2e.dex' }).click();
  await expect(page.getByText(`coffee-e2e.dex assigned to ${otherDevice.name}.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'coffee-e2e.dex' })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(`/devices/edit/${otherDevice.id}`);
  const card = page.getByRole('region', { name: 'Machine audits' });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('link', { name: /\(coffee-e2e\.dex\)$/ })).toBeVisible({ timeout: 20_000 });

  await page.goto(`/devices/edit/${cansDevice.id}`);
  const cansCard = page.getByRole('region', { name: 'Machine audits' });
  await cansCard.scrollIntoViewIfNeeded();
  await expect(cansCard.getByRole('link', { name: /\(cans-e2e\.dex\)$/ })).toBeVisible({ timeout: 20_000 });
  // One more file read out of this machine, sent with the device whatever its serial says.
  await cansCard.locator('input[type="file"]').setInputFiles(file('snack-on-device.dex', SNACK));
  await cansCard.getByRole('button', { name: 'Upload the audit' }).click();
  await expect(cansCard.getByRole('status')).toHaveText('Matched: 1, to assign: 0, refused: 0', { timeout: 20_000 });
  await expect(cansCard.getByRole('link', { name: /\(snack-on-device\.dex\)$/ })).toBeVisible();
  await expectAccessible(page);
  // The card alone, for a human look (KV_SHOTS, as `screenshot`).
  if (process.env.KV_SHOTS) await cansCard.screenshot({ path: `${process.env.KV_SHOTS}/machine-audits-device-card-en-1280.png` });
});

test('at 375 px the list is cards and the audit page has no sideways scroll, in English and Croatian', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, USERS.manager);
  for (const language of ['en', 'hr'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await page.goto('/machine-audits/list');
    const title = language === 'en' ? 'Machine audits' : 'Očitanja automata';
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('table[data-cards]')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'cans-e2e.dex' })).toContainText('4.231,40 €');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshot(page, `machine-audits-list-${language}-375`);

    await page.goto(cansAuditUrl);
    await expect(page.getByRole('heading', { name: cansDevice.name, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table', { name: language === 'en' ? 'Counters' : 'Brojači' })).toContainText('4.231,40 €');
    await expectNoSidewaysScroll(page);
    // The products and the events are cards, each figure under its label: nothing scrolls sideways in their cards.
    const [productsTitle, eventsTitle] = language === 'en' ? ['Products', 'Events'] : ['Proizvodi', 'Događaji'];
    const products = page.getByRole('region', { name: productsTitle, exact: true });
    await expect(products.locator('table[data-cards] tbody tr')).toHaveCount(8);
    const firstProduct = products.locator('tbody tr').first();
    await expect(firstProduct).toContainText('708,00 €');
    await expect(firstProduct.locator('td[data-card="figure"]').first()).toHaveAttribute(
      'data-label',
      language === 'en' ? 'Price' : 'Cijena',
    );
    const events = page.getByRole('region', { name: eventsTitle, exact: true });
    await expect(events.locator('table[data-cards] tbody tr').filter({ hasText: 'EGS' })).toContainText(
      language === 'en' ? 'Door open' : 'Vrata otvorena',
    );
    for (const section of [products, events]) await expectNoSidewaysOverflow(section);
    await expectAccessible(page);
    await screenshot(page, `machine-audits-detail-${language}-375`);
  }
  // Croatian at 1280 px too, for a look at the longer words.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/machine-audits/list');
  await expect(page.getByRole('heading', { name: 'Očitanja automata', level: 1 })).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'machine-audits-list-hr-1280');
  await page.goto(cansAuditUrl);
  await expect(page.getByRole('heading', { name: cansDevice.name, level: 1 })).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'machine-audits-detail-hr-1280');
});

test('a worker uploads but does not assign; an accountant only reads', async ({ page }) => {
  await signIn(page, USERS.worker);
  await page.goto('/machine-audits/list');
  await expect(page.getByRole('heading', { name: 'Machine audits', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Upload audits' })).toBeVisible();
  await page.goto('/machine-audits/unassigned');
  await expect(page.getByRole('heading', { name: 'Audits to assign', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Audits to assign' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Assign to' })).toHaveCount(0);

  await signIn(page, USERS.accountant);
  await page.goto('/machine-audits/list');
  await expect(page.getByRole('heading', { name: 'Machine audits', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Machine audits' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload audits' })).toHaveCount(0);
});
