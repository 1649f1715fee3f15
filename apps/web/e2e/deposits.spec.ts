import { type Collection, type Deposit, type Device, formatDateTime, formatMoney } from '@kovanica/contract';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiGet, apiToken, expectAccessible, signIn, USERS } from './support.ts';

/**
 * Deposits as they happen: four demo devices report coins and an emptying through the real ingestion
 * API (each emptying opens a deposit), a worker reports what was counted, one of them 5,00 € short
 * with a note, and managers and accountants verify them, one at a time or several at once; the short
 * one with a verification note of the manager's, beside the worker's.
 */
// Dialogs, axe scans and the bell's polling: a minute each, not the suite's 30 s.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

interface Opened {
  device: Device;
  deposit: Deposit;
  /** How the screen names the deposit: "Autić 2, 21.11.2026 22:58". */
  label: string;
}
let opened: Opened[] = [];

async function openDeposits(request: APIRequestContext): Promise<Opened[]> {
  const token = await apiToken(request, USERS.manager);
  const devices = await apiGet<Collection<Device>>(request, token, '/devices?itemsPerPage=200&order[id]=asc');
  // Devices nobody has reported for yet, from the end of the list: other specs take the first ones.
  const fresh = devices.member.filter((d) => d.imei && d.location && d.state.lastSeenAt === null).slice(-4);
  expect(fresh, 'four demo devices with a logger that have not reported yet').toHaveLength(4);
  const result: Opened[] = [];
  for (const [i, device] of fresh.entries()) {
    const seq = Date.now();
    const events = [
      { seq, at: new Date(Date.now() - (10 - i) * 60_000).toISOString(), type: 'coin', valueCents: 200, count: 5 },
      { seq: seq + 1, at: new Date(Date.now() - (6 - i) * 60_000).toISOString(), type: 'emptying', coinsCents: 1000, tokens: 0 },
    ];
    const response = await request.post('/api/v2/telemetry/batches', {
      headers: { Authorization: `Bearer kvl_demo_${device.imei}` },
      data: { imei: device.imei, events },
    });
    expect(response.status(), await response.text()).toBe(200);
    const deposits = await apiGet<Collection<Deposit>>(request, token, `/deposits?device=${device.id}&status=awaiting_count`);
    const deposit = deposits.member[0];
    if (!deposit) throw new Error(`no deposit was opened for ${device.name}`);
    expect(deposit.reportedCoinsCents).toBeGreaterThanOrEqual(500);
    result.push({ device, deposit, label: `${device.name}, ${formatDateTime(deposit.at)}` });
  }
  return result;
}

const nth = (i: number): Opened => {
  const o = opened[i];
  if (!o) throw new Error(`deposit ${i} was not opened`);
  return o;
};

/** A deposit's row, found by the checkbox or an action that names it. */
const rowOf = (page: Page, name: string | RegExp) => page.getByRole('row').filter({ has: page.getByRole('button', { name }) });
/** A deposit's row by its cells: the emptying's time and the device's name, exactly ("Autić 1" is not "Autić 10"). */
const depositRow = (page: Page, o: Opened) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: formatDateTime(o.deposit.at), exact: true }) })
    .filter({ has: page.getByRole('cell', { name: o.device.name, exact: true }) });
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The worker's note on the deposit counted short, and the manager's when verifying it. */
const WORKER_NOTE = 'The bag was torn; 5 € may be in the van.';
const VERIFICATION_NOTE = 'A 5 € coin bag was left in the machine.';

/** The number of unverified deposits the header's bell announces. */
async function bellCount(bell: Locator): Promise<number> {
  const description = await bell.evaluate((el) => {
    const id = el.getAttribute('aria-describedby');
    return (id && document.getElementById(id)?.textContent) || '';
  });
  // The bell counts alarms too (before the deposits): the deposits' own part of what it says.
  const match = /Unverified deposits: (\d+)/.exec(description);
  return match ? Number(match[1]) : Number.NaN;
}

test.beforeAll(async ({ request }) => {
  opened = await openDeposits(request);
});

test('a worker reports the counted amounts; one deposit comes up 5,00 € short', async ({ page }) => {
  await signIn(page, USERS.worker);
  await page.goto('/deposits/list?status=unverified');
  await expect(page.getByRole('heading', { level: 1, name: 'Deposits' })).toBeVisible();
  // A worker counts; verifying is not theirs.
  await expect(page.getByRole('button', { name: 'Verify selected' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /^Select / })).toHaveCount(0);

  for (const [i, o] of opened.entries()) {
    const short = i === 0;
    const counted = short ? o.deposit.reportedCoinsCents - 500 : o.deposit.reportedCoinsCents;
    const row = rowOf(page, `Report the count: ${o.label}`);
    await expect(row.getByRole('button', { name: /^Verify/ })).toHaveCount(0);
    await row.getByRole('button', { name: `Report the count: ${o.label}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Report the count' });
    await expect(dialog).toBeVisible();
    if (i === 0) {
      // Nothing is sent while a count is missing: the contract's words stand at the fields.
      await dialog.getByRole('button', { name: 'Save the report' }).click();
      await expect(dialog.getByText('This field is required.').first()).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: 'Coins counted' })).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, '[role="dialog"]');
    }
    await dialog.getByRole('textbox', { name: 'Coins counted' }).fill((counted / 100).toFixed(2).replace('.', ','));
    await dialog.getByRole('textbox', { name: 'Tokens counted' }).fill('0');
    // A worker's own note; the verification note is no field of theirs.
    await expect(dialog.getByRole('textbox')).toHaveCount(3);
    if (short) await dialog.getByRole('textbox', { name: 'Note', exact: true }).fill(WORKER_NOTE);
    await dialog.getByRole('button', { name: 'Save the report' }).click();
    await expect(page.getByText('Report created successfully.').last()).toBeVisible();
    await expect(dialog).toBeHidden();

    const reported = rowOf(page, `Report the count: ${o.label}`);
    await expect(reported.getByText('Pending verification')).toBeVisible();
    // Coins deposited (and, when nothing is missing, the same amount reported beside it).
    await expect(reported.getByText(formatMoney(counted), { exact: true }).last()).toBeVisible();
    if (short) {
      await expect(reported.getByText(formatMoney(-500), { exact: true })).toBeVisible();
      await expect(reported.getByText('Outside tolerance')).toBeVisible();
      await expect(reported.getByText(WORKER_NOTE)).toBeVisible();
    }
  }
});

test('a manager verifies several at once: the count is asked, the short one needs a verification note of their own', async ({ page }) => {
  const [short, exact] = [nth(0), nth(1)];
  await signIn(page, USERS.manager);
  await page.goto('/deposits/list?status=unverified');
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(bell).toBeVisible();
  await expect.poll(() => bellCount(bell)).toBeGreaterThanOrEqual(opened.length);
  const before = await bellCount(bell);

  await page.getByRole('checkbox', { name: `Select ${short.label}`, exact: true }).check();
  await page.getByRole('checkbox', { name: `Select ${exact.label}`, exact: true }).check();
  await expect(page.getByText('Selected: 2')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Verify selected' }).click();

  const dialog = page.getByRole('dialog', { name: 'Verify' });
  await expect(dialog.getByText('Are you sure you want to verify 2 deposits?', { exact: true })).toBeVisible();
  const note = dialog.getByRole('textbox', { name: `Verification note: ${short.label}` });
  await expect(note).toBeVisible();
  // Only the deposit past the tolerance asks for a note: the verifier's own, empty, with the worker's
  // note beside it (not copied into it: it does not stand in for the verifier's).
  await expect(dialog.getByRole('textbox')).toHaveCount(1);
  await expect(note).toHaveValue('');
  await expect(note).toHaveAccessibleDescription(new RegExp(`Worker's note: “${literal(WORKER_NOTE)}”`));
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(dialog.getByText('The difference is outside the tolerance: add a verification note.')).toBeVisible();
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, '[role="dialog"]');

  await note.fill(VERIFICATION_NOTE);
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('Verification successful.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Verified deposits leave the unverified list and the bell; the selection is empty again.
  await expect(page.getByRole('checkbox', { name: `Select ${short.label}`, exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Verify selected' })).toBeDisabled();
  await expect.poll(() => bellCount(bell)).toBe(before - 2);

  // Verified rows are read-only: no checkbox, no action but their history; the note and the verifier are shown.
  await page.getByRole('button', { name: 'Verified', exact: true }).click();
  await expect(page).toHaveURL(/status=verified/);
  for (const o of [short, exact]) {
    const row = depositRow(page, o);
    await expect(row.getByText('Verified', { exact: true })).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(1);
    await expect(row.getByRole('button', { name: /^History of / })).toBeVisible();
    await expect(row.getByRole('checkbox')).toHaveCount(0);
  }
  // Both notes: the worker's as reported, and the verifier's under the status.
  const shortRow = depositRow(page, short);
  await expect(shortRow.getByText(WORKER_NOTE)).toBeVisible();
  await expect(shortRow.getByText(VERIFICATION_NOTE)).toBeVisible();
  await expect(shortRow.getByText(VERIFICATION_NOTE)).toHaveAttribute('title', `Verification note: ${VERIFICATION_NOTE}`);
  // The history names the verification note among what the verification changed; the worker's is not there.
  await shortRow.getByRole('button', { name: /^History of / }).click();
  const history = page.getByRole('dialog', { name: new RegExp(literal(short.label)) });
  const verification = history.getByRole('table').filter({ has: page.getByRole('rowheader', { name: 'Verified at' }) });
  await expect(verification.getByRole('row', { name: new RegExp(`^Verification note .*${literal(VERIFICATION_NOTE)}$`) })).toBeVisible();
  await expect(verification.getByRole('rowheader', { name: "Worker's note" })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  // The verifier's column is hidden by default (so the list fits a desktop's region); shown, it names the manager.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Verified by' }).check();
  await page.keyboard.press('Escape');
  await expect(shortRow.getByText('Marko', { exact: false })).toBeVisible();
});

test('the header bell lists unverified deposits and opens the device’s deposits', async ({ page }) => {
  const o = nth(2);
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Notifications' }).click();
  const item = page.getByRole('menuitem', {
    name: new RegExp(`^${literal(o.device.name)} — .+ — ${literal(formatDateTime(o.deposit.at))}$`),
  });
  await expect(item).toBeVisible();
  // Verified deposits are not listed.
  await expect(page.getByRole('menuitem', { name: new RegExp(literal(formatDateTime(nth(0).deposit.at))) })).toHaveCount(0);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/deposits/list\\?device=${o.device.id}$`));
  const deviceFilter = page
    .getByRole('textbox', { name: 'Device', exact: true })
    .or(page.getByRole('combobox', { name: 'Device', exact: true }));
  await expect(deviceFilter).toHaveValue(`${o.device.name} (${o.device.imei})`);
  await expect(page.getByRole('checkbox', { name: `Select ${o.label}`, exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Select (?!all)/ })).toHaveCount(1);
});

test('an accountant verifies a deposit from its row; a refusal is said in the dialog', async ({ page, request }) => {
  const [one, stale] = [nth(2), nth(3)];
  await signIn(page, USERS.accountant);
  await page.goto('/deposits/list?status=unverified');
  // Accountants verify but do not count.
  await expect(page.getByRole('button', { name: /^Report the count/ })).toHaveCount(0);

  await page.getByRole('button', { name: `Verify: ${one.label}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify' });
  await expect(dialog.getByText('Are you sure you want to verify this deposit?', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('Verification successful.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Verify: ${one.label}`, exact: true })).toHaveCount(0);

  // Someone else verifies the other one while the question is open: nothing is verified, and the
  // dialog names the deposit and why.
  await page.getByRole('button', { name: `Verify: ${stale.label}`, exact: true }).click();
  await expect(dialog).toBeVisible();
  const token = await apiToken(request, USERS.manager);
  const answer = await request.post('/api/v2/deposits/verify', {
    headers: { Authorization: `Bearer ${token}` },
    data: { deposits: [stale.deposit['@id']] },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Nothing was verified');
  await expect(dialog.getByRole('alert')).toContainText(`${stale.label}: A verified deposit cannot be changed.`);
});

test('a worker sees no Verify action; the menu names Deposits', async ({ page }) => {
  await signIn(page, USERS.worker);
  await page.goto('/deposits/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Deposits' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Verify/ })).toHaveCount(0);
  // Their note stayed as they wrote it, the manager's beside it.
  const short = depositRow(page, nth(0));
  await expect(short.getByText(WORKER_NOTE)).toBeVisible();
  await expect(short.getByText(VERIFICATION_NOTE)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Deposits' })).toBeVisible();
});
