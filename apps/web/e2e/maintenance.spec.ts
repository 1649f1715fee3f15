import { businessDate, type Collection, type Device, formatDate } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, chooseOption, expectAccessible, followMenu, signIn, USERS } from './support.ts';

const table = (page: Page, name: string) => page.getByRole('table', { name });
const rowWith = (page: Page, name: string, text: string) => table(page, name).getByRole('row').filter({ hasText: text });

test('maintenance: a worker records a repair, a manager finds and corrects it, an accountant only reads', async ({ page }) => {
  test.setTimeout(90_000);
  const worker = await signIn(page, USERS.worker);
  const devices = await apiGet<Collection<Device>>(page.request, worker.token, '/devices?itemsPerPage=1&order[name]=asc');
  const device = devices.member[0];
  if (!device) throw new Error('the demo data needs a device');
  const description = `E2E coin slot replaced ${Date.now()}`;
  const workerName = `${worker.user.name} ${worker.user.surname}`;
  const today = formatDate(businessDate());

  // The worker opens the device and its maintenance records.
  await page.goto(`/devices/edit/${device.id}`);
  await page.getByRole('link', { name: 'Maintenance', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/devices/maintenance/${device.id}$`));
  const title = `Maintenance: ${device.name}`;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.getByRole('button', { name: 'New record' }).click();
  const dialog = page.getByRole('dialog', { name: 'New record' });
  await expect(dialog.getByText(`Device: ${device.name}`)).toBeVisible();
  // The date starts at today; nothing is sent without a type and a description.
  await expect(dialog.getByRole('textbox', { name: 'Date' })).toHaveValue(today);
  await dialog.getByRole('button', { name: 'Save the record' }).click();
  await expect(dialog.getByText('This field is required.')).toHaveCount(2);
  await expectAccessible(page);

  await chooseOption(page, 'Type', 'Repair', { within: dialog });
  await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
  await dialog.getByRole('textbox', { name: 'Cost' }).fill('45,50');

  // The server's own 422 lands on its field: the request goes out with a blank description once.
  const isCreate = (url: URL) => url.pathname === '/api/v2/maintenance';
  await page.route(isCreate, async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    const body = JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
    return route.continue({ postData: JSON.stringify({ ...body, description: '   ' }) });
  });
  const refused = page.waitForResponse((r) => isCreate(new URL(r.url())) && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save the record' }).click();
  expect((await refused).status()).toBe(422);
  const descriptionField = dialog.getByRole('textbox', { name: 'Description' });
  await expect(descriptionField).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await page.unroute(isCreate);

  await dialog.getByRole('button', { name: 'Save the record' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The maintenance record has been saved.')).toBeVisible();
  const row = rowWith(page, title, description);
  await expect(row).toContainText('45,50 €');
  await expect(row).toContainText(workerName);
  await expect(row).toContainText('Repair');
  await expect(row).toContainText(today);
  await expectAccessible(page);

  // A manager finds it among every device's records of today, from the menu.
  await signIn(page, USERS.manager);
  await page.goto('/dashboard');
  await followMenu(page, 'Devices', 'Maintenance by period');
  await expect(page).toHaveURL(/\/devices-maintenance\/range$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance by period' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Period from', exact: true }).fill(today);
  await page.getByRole('textbox', { name: 'Period to', exact: true }).fill(today);
  await page.getByRole('textbox', { name: 'Period to', exact: true }).press('Tab');
  await expect(page).toHaveURL(new RegExp(`date%5Bafter%5D=${businessDate()}|date\\[after\\]=${businessDate()}`));
  const periodRow = rowWith(page, 'Maintenance by period', description);
  await expect(periodRow).toContainText(device.name);
  await expect(periodRow).toContainText('45,50 €');
  await expect(periodRow).toContainText(workerName);
  await expectAccessible(page);

  // …and by the device, once picked; there the cost is corrected.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Maintenance by device' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance by device' })).toBeVisible();
  await chooseOption(page, 'Device', device.name, { search: device.name });
  await expect(page).toHaveURL(/device=/);
  const deviceRow = rowWith(page, 'Maintenance by device', description);
  await expect(deviceRow).toContainText('45,50 €');
  const rowName = `${device.name}, ${today}`;
  await deviceRow.getByRole('button', { name: `Edit ${rowName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the maintenance record' });
  await expect(edit.getByRole('textbox', { name: 'Cost' })).toHaveValue('45,50');
  await edit.getByRole('textbox', { name: 'Cost' }).fill('52,00');
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(edit).toBeHidden();
  await expect(deviceRow).toContainText('52,00 €');
  // Who did it stays the worker.
  await expect(deviceRow).toContainText(workerName);
  await expectAccessible(page);

  // An accountant reads the lists, without New, edit or delete.
  await signIn(page, USERS.accountant);
  await page.goto(`/devices-maintenance/range?date%5Bafter%5D=${businessDate()}&date%5Bbefore%5D=${businessDate()}`);
  const readRow = rowWith(page, 'Maintenance by period', description);
  await expect(readRow).toContainText('52,00 €');
  await expect(page.getByRole('button', { name: 'New record' })).toHaveCount(0);
  await expect(readRow.getByRole('button')).toHaveCount(0);
  await page.goto(`/devices/maintenance/${device.id}`);
  await expect(rowWith(page, title, description)).toContainText('52,00 €');
  await expect(page.getByRole('button', { name: 'New record' })).toHaveCount(0);
});
