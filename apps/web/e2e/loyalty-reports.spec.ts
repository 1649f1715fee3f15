import { readFileSync } from 'node:fs';
import {
  addDays,
  businessDate,
  type Collection,
  type Device,
  formatMoney,
  type LoyaltyCard,
  type LoyaltyGeneralReport,
  type LoyaltyOwnerReport,
  type PosLocation,
  type PosWorker,
} from '@kovanica/contract';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiGet, expectAccessible, screenshot, sendTelemetry, signIn, USERS } from './support.ts';

// Four report pages, each checked by axe, next to a busy server: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const today = businessDate();
const from = addDays(today, -180);

/** A demo card topped up at the demo point of sale and spent on a machine, through the API (the e2e server has no history). */
async function topUpAndSpend(request: APIRequestContext, token: string) {
  const [card] = (await apiGet<Collection<LoyaltyCard>>(request, token, '/loyalty-cards?status=active&itemsPerPage=1')).member;
  const [pos] = (await apiGet<Collection<PosLocation>>(request, token, '/pos-locations?itemsPerPage=1')).member;
  if (!card || !pos) throw new Error('the demo data needs a card and a point of sale');
  const [worker] = (await apiGet<Collection<PosWorker>>(request, token, `/pos-workers?posLocation=${pos.id}&itemsPerPage=1`)).member;
  const response = await request.post('/api/v2/top-ups', {
    headers: { Authorization: `Bearer ${token}` },
    data: { card: card['@id'], posLocation: pos['@id'], posWorker: worker?.['@id'], paidCents: 2000, payment: 'cash' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const devices = await apiGet<Collection<Device>>(request, token, '/devices?itemsPerPage=50');
  const device = devices.member.find((d) => d.imei && d.company === card.company);
  if (!device?.imei) throw new Error('the demo data needs a device with a logger');
  await sendTelemetry(request, device.imei, [{ type: 'card', cardUid: card.uid, valueCents: 350 }]);
  return card;
}

test('the general report shows the outstanding balance the API works out, its chart and its periods', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  await topUpAndSpend(page.request, token);
  const api = await apiGet<LoyaltyGeneralReport>(page.request, token, `/loyalty-reports/general?from=${from}&to=${today}`);
  expect(api.totals.topUps).toBeGreaterThan(0);
  expect(api.totals.spendPaidCents).toBeGreaterThanOrEqual(350);
  await page.goto('/dashboard');
  await page.getByRole('navigation').getByText('Loyalty', { exact: true }).first().click();
  await page.getByRole('link', { name: 'General report' }).click();
  await expect(page).toHaveURL(/\/loyalty\/general-report/);
  await page.goto(`/loyalty/general-report?from=${from}&to=${today}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loyalty general report' })).toBeVisible();
  await expect(page.getByText(formatMoney(api.totals.outstandingPaidCents)).first()).toBeVisible();
  await expect(
    page.getByRole('figure').filter({ hasText: 'Outstanding balance at the end of each period' }).locator('svg').first(),
  ).toBeVisible();
  // A line per month, and the totals row.
  const table = page.getByRole('table', { name: 'Loyalty general report' });
  await expect(table.getByRole('row')).toHaveCount(api.periods.length + 2);
  await expectAccessible(page);
  await screenshot(page, 'general-1280-en');
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, 'general-375-en');
  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Opći izvještaj programa vjernosti' })).toBeVisible();
  await screenshot(page, 'general-375-hr');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'general-1280-hr');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});

test('a loyalty report’s file says whose it is and what it is narrowed to, named after the report in the user’s language', async ({
  page,
}) => {
  const { token } = await signIn(page, USERS.manager);
  const owners = await apiGet<LoyaltyOwnerReport>(page.request, token, `/loyalty-reports/owners?from=${from}&to=${today}`);
  const owner = owners.rows[0];
  if (!owner) throw new Error('the demo data needs a loyalty owner');
  await page.goto(`/loyalty/general-report?from=${from}&to=${today}&owner=${encodeURIComponent(owner.owner)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loyalty general report' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Loyalty general report' }).getByRole('row').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'CSV (semicolon-separated)' }).click();
  const file = await download;
  // `<title>-filtered-<from>-<to>-<the Zagreb day>` (decision 0042).
  expect(file.suggestedFilename()).toBe(`loyalty-general-report-filtered-${from}-${today}-${businessDate()}.csv`);
  const [about = ''] = readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n\r\n');
  const lines = about.split('\r\n').map((l) => l.split(';'));
  expect(lines.map((l) => l[0])).toEqual(['Company', 'Report', 'Period', 'Filters', 'Made']);
  expect(lines[1]?.[1]).toBe('Loyalty general report');
  expect(lines[3]?.[1]).toBe(`Programme owner: ${owner.name}`);

  // In Croatian the file is named in Croatian.
  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Opći izvještaj programa vjernosti' })).toBeVisible();
  const second = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Izvoz', exact: true }).click();
  await page.getByRole('menuitem', { name: /^CSV/ }).click();
  expect((await second).suggestedFilename()).toMatch(/^opci-izvjestaj-programa-vjernosti-filtrirano-/);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});

test("the owner report shows a partner's settlement and how it is worked out", async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const api = await apiGet<LoyaltyOwnerReport>(page.request, token, `/loyalty-reports/owners?from=${from}&to=${today}`);
  const partner = api.rows.find((r) => r.settlement !== null);
  await page.goto(`/loyalty/reports/owner?from=${from}&to=${today}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loyalty report by owner' })).toBeVisible();
  if (partner?.settlement) {
    const row = page.getByRole('row').filter({ hasText: partner.name });
    await expect(row).toContainText(`= ${formatMoney(partner.settlement.owedCents)}`);
  }
  await expectAccessible(page);
  await screenshot(page, 'owner-1280-en');
});

test('the card report sorts by balance as the API does; the holder report lists holders', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  await page.goto(`/loyalty/reports/card?from=${from}&to=${today}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loyalty report by card' })).toBeVisible();
  await page.getByRole('button', { name: 'Balance: paid credit' }).click();
  await expect(page).toHaveURL(/sort=balance&dir=desc/);
  const cards = await apiGet<{ rows: { number: string }[] }>(
    page.request,
    token,
    `/loyalty-reports/cards?from=${from}&to=${today}&order[balance]=desc&itemsPerPage=5`,
  );
  await expect(page.getByRole('row').nth(1)).toContainText(cards.rows[0]?.number ?? '');
  await expectAccessible(page);
  await screenshot(page, 'card-1280-en');

  await page.goto(`/loyalty/reports/user?from=${from}&to=${today}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loyalty report by card holder' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'user-1280-en');
});
