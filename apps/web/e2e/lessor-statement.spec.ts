import { readFileSync } from 'node:fs';
import { businessDate, type Collection, type Lessor } from '@kovanica/contract';
import { expect, test } from '@playwright/test';
import { apiGet, apiToken, expectAccessible, signIn, USERS } from './support.ts';

/**
 * The monthly lessor statement: from the lessors list (and a lessor's page), pick a month,
 * and a PDF made in the browser arrives as `statement-<lessor>-<YYYY-MM>.pdf`.
 */

/** Last month, `YYYY-MM`: the statement's default. */
function lastMonth(): string {
  const [year, month] = businessDate().split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

test('the lessors list makes a lessor’s monthly statement as a PDF', async ({ page }) => {
  await signIn(page, USERS.manager);
  const token = await apiToken(page.request, USERS.manager);
  const [first] = (await apiGet<Collection<Lessor>>(page.request, token, '/lessors?order[name]=asc&itemsPerPage=1')).member;
  if (!first) throw new Error('the demo has no lessors');
  await page.goto('/lessors/list');
  await page.getByRole('button', { name: `Monthly statement for ${first.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Monthly statement: ${first.name}` });
  await expect(dialog).toBeVisible();
  // Last month by default, by name.
  const month = lastMonth();
  const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );
  await expect(dialog.getByRole('button', { name: /^Month/ })).toContainText(monthName);
  await expectAccessible(page);

  const answers: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes(`/api/v2/lessors/${first.id}/statement`)) answers.push(r.status());
  });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^statement-[a-z0-9-]+-${month}\\.pdf$`));
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(5_000);
  expect(answers).toEqual([200]);
  await expect(dialog).toBeHidden();
});

test('in Croatian, from the lessor’s page', async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  const token = await apiToken(page.request, USERS.manager);
  const [first] = (await apiGet<Collection<Lessor>>(page.request, token, '/lessors?order[name]=asc&itemsPerPage=1')).member;
  if (!first) throw new Error('the demo has no lessors');
  await page.goto(`/lessors/edit/${first.id}`);
  await page.getByRole('button', { name: 'Mjesečni obračun' }).click();
  const dialog = page.getByRole('dialog', { name: `Mjesečni obračun: ${first.name}` });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Preuzmi PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^obracun-[a-z0-9-]+-${lastMonth()}\\.pdf$`));
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('an accountant (finance.read, lessors read-only) makes statements from the list too', async ({ page }) => {
  await signIn(page, USERS.accountant);
  await page.goto('/lessors/list');
  await expect(page.getByRole('button', { name: /^Monthly statement for / }).first()).toBeVisible();
});
