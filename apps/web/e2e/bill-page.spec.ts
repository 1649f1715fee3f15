import { readFileSync } from 'node:fs';
import type { Bill, Collection } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, apiToken, expectAccessible, signIn, USERS } from './support.ts';

/**
 * A bill's page (everything of it, the QR code, the PDF receipt, storno, its sends to CIS), the
 * manual bill, and the fiscal settings with the simulated CIS's switches, against the demo bills.
 */
test.describe.configure({ mode: 'serial' });

async function bills(page: Page, query = ''): Promise<Bill[]> {
  const token = await apiToken(page.request, USERS.manager);
  return (await apiGet<Collection<Bill>>(page.request, token, `/bills?itemsPerPage=50${query}`)).member;
}

test('a bill page shows the bill, its fiscalization and QR code, and downloads its PDF receipt', async ({ page }) => {
  await signIn(page, USERS.manager);
  const [bill] = await bills(page);
  if (!bill) throw new Error('the demo has no bills');
  await page.goto(`/bills/${bill.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Bill ${bill.number}` })).toBeVisible();
  const details = page.getByRole('region', { name: 'Bill', exact: true });
  await expect(details).toContainText(bill.premises);
  await expect(details).toContainText(bill.oib);
  const fiscalization = page.getByRole('region', { name: 'Fiscalization' });
  await expect(fiscalization).toContainText(bill.zki);
  if (bill.jir) await expect(fiscalization).toContainText(bill.jir);
  await expect(fiscalization.getByRole('img', { name: 'QR code for checking this bill with the Tax Administration' })).toBeVisible();
  await expect(fiscalization.getByRole('link', { name: /^https:\/\/porezna\.gov\.hr\/rn\?(jir|zki)=/ })).toBeVisible();
  // Its sends to CIS, each with its XML.
  const sends = page.getByRole('table', { name: 'Sends to CIS' });
  await expect(sends.getByRole('row')).not.toHaveCount(1);
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF receipt' }).click()]);
  expect(download.suggestedFilename()).toBe(`bill-${bill.number.replaceAll('/', '-')}.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(5_000);

  if (bill.attempts > 0) {
    await sends
      .getByRole('button', { name: /^Request and answer of / })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toContainText('RacunZahtjev');
  }
});

test('storno: the bill is cancelled by a new bill of the negative amount, which opens', async ({ page }) => {
  await signIn(page, USERS.manager);
  const bill = (await bills(page)).find((b) => b.kind !== 'storno' && b.cancelledBy === null);
  if (!bill) throw new Error('the demo has no bill to cancel');
  await page.goto(`/bills/${bill.id}`);
  await page.getByRole('button', { name: 'Storno' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this bill with a storno bill?' });
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Wrong amount (e2e)');
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Issue storno bill' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Bill \d+\// })).not.toHaveText(`Bill ${bill.number}`);
  await expect(page).not.toHaveURL(new RegExp(`/bills/${bill.id}$`));
  const details = page.getByRole('region', { name: 'Bill', exact: true });
  await expect(details).toContainText('Storno bill');
  await expect(details).toContainText('Wrong amount (e2e)');
  // The storno is sent to CIS in the background after its page opened: the page shows its JIR once CIS
  // answers, without a reload.
  const fiscalization = page.getByRole('region', { name: 'Fiscalization' });
  await expect(fiscalization.getByText('Fiscalized', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('The bill has not been sent to CIS yet')).toHaveCount(0);
  await details.getByRole('link', { name: bill.number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Bill ${bill.number}` })).toBeVisible();
  await expect(page.getByText('This bill was cancelled by a storno bill')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Storno' })).toHaveCount(0);
});

test('a manual bill: a wrong premises label is refused on its field, then the bill is issued and opens', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/bills/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New bill' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Business premises' }).fill('POS-1');
  await page.getByRole('textbox', { name: 'Device number (ISU)' }).fill('7');
  await page.getByRole('textbox', { name: 'Amount' }).fill('12,50');
  // A segmented control: its label takes the click, the radio under it is hidden.
  await page.getByText('Card', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Card' })).toBeChecked();
  await page.getByRole('button', { name: 'Issue bill' }).click();
  await expect(page.getByText('Enter the business premises label: 1 to 20 letters and digits.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Business premises' })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Business premises' }).fill('E2E1');
  await page.getByRole('button', { name: 'Issue bill' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Bill \d+\/E2E1\/7$/ })).toBeVisible();
  const details = page.getByRole('region', { name: 'Bill', exact: true });
  await expect(details).toContainText('Manual bill');
  await expect(details).toContainText('12,50 €');
  await expect(details).toContainText('Card');
});

test('fiscal settings: a wrong .p12 is refused on its field, and the connection check answers', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto('/settings/fiscal');
  await expect(page.getByRole('heading', { level: 1, name: 'Fiscal settings' })).toBeVisible();
  const certificate = page.getByRole('region', { name: 'Fiscal certificate' });
  await expect(certificate).toContainText('Active certificate');
  await certificate.locator('input[type="file"]').setInputFiles({
    name: 'not-a-certificate.p12',
    mimeType: 'application/x-pkcs12',
    buffer: Buffer.from('this is not a PKCS#12 file'),
  });
  await certificate.getByLabel('Certificate password').fill('wrong');
  await certificate.getByRole('button', { name: 'Upload certificate' }).click();
  await expect(certificate.getByText('This is not a .p12 certificate with its private key, or the password is wrong.')).toBeVisible();

  const connection = page.getByRole('region', { name: 'Connection to CIS' });
  await expect(connection.getByRole('radio', { name: 'Simulated CIS' })).toBeChecked();
  await connection.getByRole('button', { name: 'Check connection' }).click();
  await expect(connection.getByText(/^CIS answered in \d+ ms$/)).toBeVisible();
  // The simulated CIS's switches are the admins'.
  await expect(page.getByRole('region', { name: 'Simulated CIS' })).toHaveCount(0);
  await expectAccessible(page);
});

test('the simulated CIS: an admin switches it to refuse connections and back', async ({ page }) => {
  const { token } = await signIn(page, USERS.admin);
  try {
    await page.goto('/settings/fiscal');
    const simulator = page.getByRole('region', { name: 'Simulated CIS' });
    await expect(simulator.getByRole('radio', { name: 'Working' })).toBeChecked();
    await simulator.getByRole('radio', { name: 'Refuses connections' }).click();
    await expect(page.getByText('The simulated CIS has been switched.').first()).toBeVisible();
    await expect(simulator.getByRole('radio', { name: 'Refuses connections' })).toBeChecked();
    const connection = page.getByRole('region', { name: 'Connection to CIS' });
    await connection.getByRole('button', { name: 'Check connection' }).click();
    await expect(connection.getByText(/^CIS did not answer properly/)).toBeVisible();
    await expectAccessible(page);
    await simulator.getByRole('radio', { name: 'Working' }).click();
    await expect(simulator.getByRole('radio', { name: 'Working' })).toBeChecked();
    await connection.getByRole('button', { name: 'Check connection' }).click();
    await expect(connection.getByText(/^CIS answered in \d+ ms$/)).toBeVisible();
  } finally {
    // Whatever happened above, the other specs need a working CIS.
    await page.request.patch('/api/v2/cis-simulator', {
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/merge-patch+json' },
      data: { mode: 'up', forcedError: null },
    });
  }
});

test('in Croatian: the bill page, its storno question and the fiscal settings', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  const bill = (await bills(page)).find((b) => b.kind !== 'storno' && b.cancelledBy === null);
  if (!bill) throw new Error('the demo has no bills');
  await page.goto(`/bills/${bill.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Račun ${bill.number}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Fiskalizacija' })).toContainText('ZKI');
  await expect(page.getByRole('button', { name: 'PDF račun' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Račun', exact: true })).toContainText('Način plaćanja');
  await page.getByRole('button', { name: 'Storno' }).click();
  const question = page.getByRole('dialog', { name: 'Stornirati ovaj račun storno računom?' });
  await expect(question.getByRole('button', { name: 'Izdaj storno račun' })).toBeVisible();
  await question.getByRole('button', { name: 'Odustani' }).click();
  await expect(question).toHaveCount(0);
  await page.goto('/settings/fiscal');
  await expect(page.getByRole('heading', { level: 1, name: 'Fiskalne postavke' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Fiskalni certifikat' })).toContainText('Aktivni certifikat');
  await page.getByRole('button', { name: 'Provjeri vezu' }).click();
  await expect(page.getByText(/^CIS je odgovorio za \d+ ms$/)).toBeVisible();
  await expectAccessible(page);
});
