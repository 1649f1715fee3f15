import { type Collection, imeiCheckDigit, type Mail } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, apiPatch, apiPost, apiToken, expectAccessible, screenshot, signIn, USERS } from './support.ts';

/**
 * The outbox (decision 0025): a new device is emptied and its deposit counted; the mail sweep (every
 * minute; no SMTP here, so the mail is held) puts "Deposit recorded" in the outbox, which an admin reads
 * in the list and opens, in English at 1280 px and Croatian at 375 px, axe clean; accountants have no way in.
 */
test.describe.configure({ mode: 'serial' });

let mail: Mail;
let deviceName: string;

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  const manager = await apiToken(request, USERS.manager);
  const worker = await apiToken(request, USERS.worker);
  const admin = await apiToken(request, USERS.admin);
  const body = `86997${String(Date.now()).slice(-9)}`;
  const logger = await apiPost<{ '@id': string; imei: string; credential: string }>(request, manager, '/loggers', {
    imei: `${body}${imeiCheckDigit(body)}`,
  });
  deviceName = `Outbox ${body.slice(-4)}`;
  const device = await apiPost<{ id: number }>(request, manager, '/devices', {
    name: deviceName,
    group: 'other',
    playPriceCents: 200,
    tokenValueCents: 100,
    logger: logger['@id'],
  });
  const now = Date.now();
  const sent = await request.post('/api/v2/telemetry/batches', {
    headers: { Authorization: `Bearer ${logger.credential}` },
    data: {
      imei: logger.imei,
      events: [
        { seq: 1, at: new Date(now - 5 * 60_000).toISOString(), type: 'coin', valueCents: 200, count: 3 },
        { seq: 2, at: new Date(now - 2 * 60_000).toISOString(), type: 'emptying', coinsCents: 600, tokens: 0 },
      ],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const opened = await apiGet<Collection<{ id: number }>>(request, manager, `/deposits?device=${device.id}`);
  const deposit = opened.member[0];
  if (!deposit) throw new Error('no deposit opened');
  await apiPatch(request, worker, `/deposits/${deposit.id}`, { depositCoinsCents: 600, depositTokens: 0 });
  // The sweep runs each minute.
  await expect
    .poll(
      async () => {
        const found = await apiGet<Collection<Mail>>(request, admin, '/mails?kind=deposit&itemsPerPage=50', { 'x-kovanica-view': 'all' });
        const mine = found.member.find((m) => m.subject.includes(deviceName));
        if (mine) mail = mine;
        return Boolean(mine);
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(true);
});

async function noOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} is wider than the screen`).toBeLessThanOrEqual(1);
}

const words = {
  en: { title: 'Outbox', status: 'Kept (no SMTP)', text: 'Plain text', back: 'Back to the outbox' },
  hr: { title: 'Izlazna pošta', status: 'Zadržano (bez SMTP-a)', text: 'Običan tekst', back: 'Natrag na izlaznu poštu' },
} as const;

for (const [width, language] of [
  [1280, 'en'],
  [375, 'hr'],
] as const) {
  test(`an admin reads the outbox and a mail at ${width} px in ${language}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const w = words[language];
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page, USERS.admin);
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await page.goto('/settings/outbox?kind=deposit');
    await expect(page.getByRole('heading', { name: w.title, level: 1 })).toBeVisible();
    const link = page.getByRole('link', { name: mail.subject });
    await expect(link).toBeVisible();
    await expect(page.getByText(w.status).first()).toBeVisible();
    await expectAccessible(page);
    await noOverflow(page, '/settings/outbox');
    await screenshot(page, `outbox-list-${width}-${language}`);

    await link.click();
    await expect(page.getByRole('heading', { name: mail.subject, level: 1 })).toBeVisible();
    // The HTML in a sandboxed frame: no scripts, nothing of the app reachable.
    const frame = page.locator('iframe[sandbox=""]');
    await expect(frame).toHaveCount(1);
    await expect(page.frameLocator('iframe[sandbox=""]').getByText(deviceName).first()).toBeVisible();
    await page.getByRole('tab', { name: w.text }).click();
    await expect(page.getByText('6,00 €').first()).toBeVisible();
    await expectAccessible(page);
    await noOverflow(page, `/settings/outbox/${mail.id}`);
    await screenshot(page, `outbox-mail-${width}-${language}`);
    await context.close();
  });
}

test('accountants have no outbox: not in the menu, 403 from the API', async ({ browser, request }) => {
  const token = await apiToken(request, USERS.accountant);
  const res = await request.get('/api/v2/mails', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, USERS.accountant);
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Outbox' })).toHaveCount(0);
  await context.close();
});
