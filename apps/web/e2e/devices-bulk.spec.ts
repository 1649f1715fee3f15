import { type Collection, type Command, type Device, imeiCheckDigit } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, apiPost, expectAccessible, screenshot, signIn, USERS, waitForQuiet } from './support.ts';

/**
 * Bulk actions on the devices list (docs/rules.md "Bulk actions on devices"): a manager selects
 * devices, picks an action, confirms with the count and reads each device's result; the list then
 * shows the change. At 1280 and 375 px, in English and Croatian, the dialog scanned by axe.
 */
test.describe.configure({ timeout: 90_000 });

const words = {
  en: {
    select: (name: string) => `Select ${name}`,
    menu: 'Bulk actions',
    tag: 'Add a tag',
    freeRide: 'Give a free ride',
    tagField: 'Tag',
    reason: 'Reason',
    next: 'Continue',
    apply: 'Yes, apply',
    close: 'Back to the list',
    question: (tag: string) => `Add the tag “${tag}” to 3 devices?`,
    rideQuestion: 'Send a free ride to 3 devices?',
    summary: 'Done: 3, refused: 0',
    rideSummary: 'Done: 1, refused: 2',
    done: 'Done',
    noLogger: 'This device has no logger to send the command to.',
    selected: '3 selected',
    serviceMode: 'Set service mode',
    serviceQuestion: 'Switch 3 devices to service mode?',
  },
  hr: {
    select: (name: string) => `Odaberi ${name}`,
    menu: 'Skupne radnje',
    tag: 'Dodaj oznaku',
    freeRide: 'Dodijeli besplatnu vožnju',
    tagField: 'Oznaka',
    reason: 'Razlog',
    next: 'Nastavi',
    apply: 'Da, primijeni',
    close: 'Natrag na popis',
    question: (tag: string) => `Dodati oznaku „${tag}” na 3 uređaja?`,
    rideQuestion: 'Dodijeliti besplatnu vožnju za 3 uređaja?',
    summary: 'Izvršeno: 3, odbijeno: 0',
    rideSummary: 'Izvršeno: 1, odbijeno: 2',
    done: 'Izvršeno',
    noLogger: 'Ovaj uređaj nema logger kojem bi se poslala naredba.',
    selected: 'Odabrana 3',
    serviceMode: 'Postavi servisni način',
    serviceQuestion: 'Uključiti servisni način na 3 uređaja?',
  },
} as const;

/** Three new devices, the first with a logger, and a new tag, named after the run. */
async function fleet(page: Page, token: string, run: string) {
  const stamp = `${Date.now()}`.slice(-8);
  const body = `86997${stamp}${run.length % 10}`;
  const logger = await apiPost<{ '@id': string }>(page.request, token, '/loggers', { imei: `${body}${imeiCheckDigit(body)}` });
  const prefix = `Skupno ${run} ${stamp}`;
  const devices: Device[] = [];
  for (const [i, extra] of [{ logger: logger['@id'] }, {}, {}].entries()) {
    devices.push(await apiPost<Device>(page.request, token, '/devices', { name: `${prefix} ${i + 1}`, group: 'other', ...extra }));
  }
  const tag = await apiPost<{ '@id': string; name: string }>(page.request, token, '/tags', {
    name: `Oznaka ${run} ${stamp}`,
    colour: '#2b8a3e',
  });
  return { prefix, devices, tag };
}

async function selectAll(page: Page, w: (typeof words)['en' | 'hr'], devices: readonly Device[]) {
  for (const d of devices) await page.getByRole('checkbox', { name: w.select(d.name), exact: true }).check();
  await expect(page.getByText(w.selected, { exact: true })).toBeVisible();
}

for (const width of [1280, 375] as const) {
  for (const language of ['en', 'hr'] as const) {
    test(`devices tagged and given a free ride in bulk at ${width} px in ${language}`, async ({ page }) => {
      const w = words[language];
      await page.setViewportSize({ width, height: 900 });
      const { token } = await signIn(page, USERS.manager);
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      const { prefix, devices, tag } = await fleet(page, token, `${width}${language}`);

      await page.goto(`/devices/list?name=${encodeURIComponent(prefix)}`);
      await waitForQuiet(page);
      await expect(page.locator('main table tbody tr')).toHaveCount(3);
      await selectAll(page, w, devices);
      await screenshot(page, `devices-bulk-selected-${width}-${language}`);

      // Tag all three: the question names the tag and the count; each device is done.
      await page.getByRole('button', { name: w.menu }).click();
      await page.getByRole('menuitem', { name: w.tag }).click();
      const dialog = page.getByRole('dialog');
      const tagInput = dialog.getByRole('textbox', { name: w.tagField }).or(dialog.getByRole('combobox', { name: w.tagField }));
      await tagInput.click();
      await tagInput.fill(tag.name);
      await page.getByRole('option', { name: tag.name, exact: true }).click();
      await dialog.getByRole('button', { name: w.next }).click();
      await expect(dialog.getByText(w.question(tag.name))).toBeVisible();
      await screenshot(page, `devices-bulk-confirm-${width}-${language}`);
      await dialog.getByRole('button', { name: w.apply }).click();
      await expect(dialog.getByRole('status')).toHaveText(w.summary);
      const results = dialog.getByRole('table');
      for (const d of devices) await expect(results.getByRole('row').filter({ hasText: d.name })).toContainText(w.done);
      await expectAccessible(page, '[role="dialog"]');
      await dialog.getByRole('button', { name: w.close }).click();
      await expect(dialog).toBeHidden();

      // The list, reloaded, shows the tag on every device (at 1280 px in its column; the card has none).
      const stored = await apiGet<Collection<Device>>(page.request, token, `/devices?name=${encodeURIComponent(prefix)}`);
      expect(stored.member.map((d) => d.tags)).toEqual([[tag['@id']], [tag['@id']], [tag['@id']]]);
      if (width === 1280) {
        for (const d of devices) await expect(page.getByRole('row').filter({ hasText: d.name }).getByText(tag.name)).toBeVisible();
      }

      // A free ride: the device with a logger gets its command, the two without are refused with the reason.
      await page.getByRole('button', { name: w.menu }).click();
      await page.getByRole('menuitem', { name: w.freeRide }).click();
      await dialog.getByRole('textbox', { name: w.reason }).fill('E2E: coins stuck');
      await dialog.getByRole('button', { name: w.next }).click();
      await expect(dialog.getByText(w.rideQuestion)).toBeVisible();
      await dialog.getByRole('button', { name: w.apply }).click();
      await expect(dialog.getByRole('status')).toHaveText(w.rideSummary);
      await expect(dialog.getByRole('row').filter({ hasText: devices[0]?.name }).first()).toContainText(w.done);
      await expect(dialog.getByRole('row').filter({ hasText: devices[1]?.name ?? '' })).toContainText(w.noLogger);
      await expectAccessible(page, '[role="dialog"]');
      await screenshot(page, `devices-bulk-results-${width}-${language}`);
      await dialog.getByRole('button', { name: w.close }).click();
      await expect(dialog).toBeHidden();

      // Service mode on: the logger's device gets the command, the two without are refused.
      await page.getByRole('button', { name: w.menu }).click();
      await page.getByRole('menuitem', { name: w.serviceMode }).click();
      await dialog.getByRole('textbox', { name: w.reason }).fill('E2E: inspection');
      await expectAccessible(page, '[role="dialog"]');
      await screenshot(page, `devices-bulk-service-mode-${width}-${language}`);
      await dialog.getByRole('button', { name: w.next }).click();
      await expect(dialog.getByText(w.serviceQuestion)).toBeVisible();
      await dialog.getByRole('button', { name: w.apply }).click();
      await expect(dialog.getByRole('status')).toHaveText(w.rideSummary);
      const commands = await apiGet<Collection<Command>>(page.request, token, `/commands?device=${devices[0]?.id}&order[requestedAt]=asc`);
      expect(commands.member.map((c) => [c.type, c.reason])).toEqual([
        ['free_ride', 'E2E: coins stuck'],
        ['service_mode_on', 'E2E: inspection'],
      ]);
    });
  }
}

test('an accountant sees no selection and no bulk actions', async ({ page }) => {
  await signIn(page, USERS.accountant);
  await page.goto('/devices/list');
  await waitForQuiet(page);
  await expect(page.locator('main table tbody tr').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bulk actions' })).toHaveCount(0);
  await expect(page.locator('main table').getByRole('checkbox')).toHaveCount(0);
});
