import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { createUsers, expectAccessible, signIn, USERS } from './support.ts';

/** Twelve users of our own, so the figures do not depend on what other tests create. */
const COUNT = 12;
const email = (n: number) => `exporter${String(n).padStart(2, '0')}@e2e-table.test`;
// A surname with the CSV separator and quotes, to see the quoting in a real file.
const surname = (n: number) => (n === 1 ? 'Horvat; "Jr"' : `E${n}`);

test.beforeAll(({ request }) =>
  createUsers(
    request,
    Array.from({ length: COUNT }, (_, i) => ({
      email: email(i + 1),
      name: 'Exporter',
      surname: surname(i + 1),
      role: 'accountant' as const,
      password: 'izvoz-po-mjesecu-9',
    })),
  ),
);

async function download(page: Page, item: string): Promise<Buffer> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
  return readFileSync(await file.path());
}

test('the column chooser hides a column, and it stays hidden after a reload', async ({ page }) => {
  const { user } = await signIn(page, USERS.admin);
  await page.goto('/users/list');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
  // Created is hidden until asked for.
  await expect(table.getByRole('columnheader', { name: 'Created' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Phone' }).uncheck();
  await page.getByRole('checkbox', { name: 'Created' }).check();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Phone' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Created' })).toBeVisible();

  await page.reload();
  await expect(table.getByRole('cell', { name: USERS.admin })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Phone' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Created' })).toBeVisible();
  // Remembered per user, in this browser.
  const stored = await page.evaluate((key) => localStorage.getItem(key), `kovanica.columns.${user.id}.users`);
  expect(JSON.parse(stored ?? '{}')).toEqual({ phone: false, createdAt: true });

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Default columns' }).click();
  await expect(table.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
});

test('CSV export holds every filtered row (all pages) with the visible columns', async ({ page }) => {
  await signIn(page, USERS.admin);
  // Ten a page: the export must still hold all twelve.
  await page.goto('/users/all/list?name=Exporter&itemsPerPage=10&sort=email&dir=desc');
  const table = page.getByRole('table', { name: 'All users' });
  await expect(page.getByText(`1–10 of ${COUNT}`)).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Phone' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Phone' })).toHaveCount(0);

  const bytes = await download(page, 'CSV (semicolon-separated)');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  // What it holds first (decision 0042): five lines, an empty one, then the header row.
  const [about = '', csv = ''] = bytes.toString('utf8').slice(1).split('\r\n\r\n');
  expect(about.split('\r\n').map((l) => l.split(';')[0])).toEqual(['Company', 'Report', 'Period', 'Filters', 'Made']);
  expect(about).toContain('\r\nReport;All users\r\n');
  expect(about).toMatch(/\r\nFilters;[^\r]*Exporter[^\r]*\r\n/);
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Name;Surname;E-mail;Role;Company;Active');
  expect(lines).toHaveLength(COUNT + 1);
  // The list's order: e-mail descending.
  expect(lines[1]).toBe(`Exporter;E12;${email(12)};Accountant;Zabavni automati d.o.o.;Active`);
  expect(lines[COUNT]).toBe(`Exporter;"Horvat; ""Jr""";${email(1)};Accountant;Zabavni automati d.o.o.;Active`);
  expect(lines.join('\n')).not.toContain(USERS.admin);
  await expect(page.getByText(`Exported rows: ${COUNT}.`)).toBeVisible();
});

test('XLSX export holds the filtered rows as a workbook', async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto('/users/all/list?name=Exporter&role=accountant&itemsPerPage=10');
  await expect(page.getByText(`1–10 of ${COUNT}`)).toBeVisible();
  const bytes = await download(page, 'Excel (XLSX)');
  const parts = unzipSync(new Uint8Array(bytes));
  expect(Object.keys(parts)).toEqual(
    expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'xl/styles.xml']),
  );
  const sheet = strFromU8(parts['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
  // Five lines of what it holds and an empty row above the header (decision 0042).
  expect(sheet).toContain('<c r="A1" s="1" t="inlineStr"><is><t>Company</t></is></c>');
  expect(sheet).toContain('<c r="A7" s="1" t="inlineStr"><is><t>Name</t></is></c>');
  for (let n = 1; n <= COUNT; n++) expect(sheet).toContain(`<t>${email(n)}</t>`);
  expect(sheet).toContain('<t>Horvat; &quot;Jr&quot;</t>');
  expect(sheet).not.toContain(USERS.admin);
  expect(sheet.match(/<row /g)).toHaveLength(5 + COUNT + 1);
});

test('at phone width the table scrolls inside its card and the toolbar wraps', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, USERS.admin);
  await page.goto('/users/list');
  const region = page.getByRole('region', { name: 'Users', exact: true });
  await expect(region.getByRole('cell', { name: USERS.admin })).toBeVisible();
  const sizes = await region.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client);
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(page.getByRole('link', { name: 'New user' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeInViewport();
});

/** The list's scrolling region does not scroll: nothing passes under the row actions. */
async function expectFits(region: Locator) {
  const sizes = await region.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
}

/** No badge of the table is cut short ("Online" to "O…"): each label shows whole. */
async function expectBadgesWhole(region: Locator) {
  const cut = await region.evaluate((el) =>
    [...el.querySelectorAll('td .mantine-Badge-label')].filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent),
  );
  expect(cut).toEqual([]);
}

test('at 1280 px a list of eight columns fits its card beside the menu, and a tag keeps its whole name', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USERS.manager);
  await page.goto('/locations/list');
  const region = page.getByRole('region', { name: 'Locations', exact: true });
  const badge = region.getByTitle('Trgovački centar').first();
  await expect(badge).toBeVisible();
  // The row actions and the columns of words each count their own width: nothing scrolls under the actions.
  await expectFits(region);
  // The badge's label is not cut to "Trgovački…".
  const label = await badge.evaluate((el) => {
    const text = el.querySelector('.mantine-Badge-label') ?? el;
    return { client: text.clientWidth, scroll: text.scrollWidth, text: text.textContent };
  });
  expect(label.text).toBe('Trgovački centar');
  expect(label.scroll).toBeLessThanOrEqual(label.client);
});

// Headers wrap, figures and badges do not, a JIR shows its first eight characters, a device's
// problems are one badge with the reasons under it: the lists of nine and ten columns fit at 1280 px.
for (const [path, name, language] of [
  ['/bills/list', 'Bills', 'en'],
  ['/devices/list', 'Devices', 'en'],
  ['/devices/list', 'Uređaji', 'hr'],
  ['/lessors/list', 'Lessors', 'en'],
  ['/lessors/list', 'Najmodavci', 'hr'],
] as const) {
  test(`at 1280 px ${path} (${language}) fits its card and cuts no badge short`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, USERS.manager);
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await page.goto(path);
    const region = page.getByRole('region', { name, exact: true });
    await expect(region.locator('td .mantine-Badge-root').first()).toBeVisible();
    await expect(region.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    await expectFits(region);
    await expectBadgesWhole(region);
  });
}

test('at phone width an empty list says so where it can be read, centred in what shows of the table', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, USERS.admin);
  await page.goto('/users/list?email=nobody%40nowhere.test');
  const region = page.getByRole('region', { name: 'Users', exact: true });
  const words = region.getByText('No record found', { exact: true });
  await expect(words).toBeInViewport({ ratio: 1 });
  // The table is wider than the screen; its empty row's words are centred in the visible part.
  const [box, shown] = await Promise.all([words.boundingBox(), region.boundingBox()]);
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const centre = (b: { x: number; width: number } | null) => (b ? b.x + b.width / 2 : Number.NaN);
  expect(Math.abs(centre(box) - centre(shown))).toBeLessThan(4);
});

for (const [name, path, width] of [
  ['the list', '/users/list', 1280],
  ['the list on a phone', '/users/list?role=admin', 375],
  ['the form', '/users/edit/1', 1280],
] as const) {
  test(`${name} has no serious accessibility violations`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signIn(page, USERS.admin);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole('table')
        .or(page.getByRole('button', { name: 'Save', exact: true }))
        .first(),
    ).toBeVisible();
    await expectAccessible(page);
    await context.close();
  });
}

test('the delete dialog has no serious accessibility violations', async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto(`/users/all/list?email=${encodeURIComponent(email(2))}`);
  await page.getByRole('button', { name: 'Delete Exporter E2' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete Exporter E2?' })).toBeVisible();
  await expectAccessible(page);
});

test('in the All Companies view a list has the company column (second) and filter; My Company has neither', async ({ page }) => {
  const { user } = await signIn(page, USERS.admin);
  await page.goto('/locations/list');
  const table = page.getByRole('table', { name: 'Locations' });
  const rows = table.locator('tbody tr');
  const companyFilter = page.getByRole('combobox', { name: 'Company', exact: true });
  await expect(rows.first()).toContainText(/\S/);
  await expect(table.getByRole('columnheader', { name: 'Company' })).toHaveCount(0);
  await expect(companyFilter).toHaveCount(0);

  await page.getByRole('button', { name: /Open user panel/ }).click();
  await page.getByRole('dialog', { name: 'User profile' }).getByText('All Companies').click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader').nth(1)).toHaveText('Company');
  await expect(rows.filter({ hasText: 'Zabavni automati d.o.o.' }).first()).toBeVisible();

  await companyFilter.click();
  await companyFilter.fill('Drugi');
  await page.getByRole('option', { name: 'Drugi automati j.d.o.o.', exact: true }).click();
  await expect(page).toHaveURL(/[?&]company=/);
  await expect(rows.first()).toContainText('Drugi automati j.d.o.o.');
  await expect(rows.filter({ hasNotText: 'Drugi automati j.d.o.o.' })).toHaveCount(0);

  // The column chooser keeps it under the key `company`.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Company' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Company' })).toHaveCount(0);
  const stored = await page.evaluate((key) => localStorage.getItem(key), `kovanica.columns.${user.id}.locations`);
  expect(JSON.parse(stored ?? '{}')).toEqual({ company: false });
});

test('a date filter’s calendar names its buttons, in both languages (axe: button-name)', async ({ page }) => {
  await signIn(page, USERS.admin);
  for (const [language, previous, next] of [
    ['en', 'Previous month', 'Next month'],
    ['hr', 'Prethodni mjesec', 'Sljedeći mjesec'],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await page.goto('/transactions/list');
    await page
      .getByPlaceholder(language === 'en' ? 'dd.mm.yyyy' : 'dd.mm.gggg.')
      .first()
      .click();
    await expect(page.getByRole('button', { name: previous, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: next, exact: true })).toBeVisible();
    await expectAccessible(page);
  }
});
