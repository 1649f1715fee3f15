import type { Collection, Location } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, chooseOption, signIn, USERS } from './support.ts';

const time = (page: Page, day: string, part: 'opens' | 'closes') => page.getByRole('textbox', { name: `${day} ${part}`, exact: true });

test('a manager creates a location with working hours and finds them again after a reload', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const name = `E2E lokacija ${Date.now()}`;
  await page.goto('/locations/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New location' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await chooseOption(page, 'City', 'Split', { search: 'Spl' });
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await time(page, day, 'opens').fill('08:00');
    await time(page, day, 'closes').fill('20:00');
  }
  // Saturday closes after midnight; typed loosely, the time is made whole when the field is left.
  await time(page, 'Saturday', 'opens').fill('9');
  await time(page, 'Saturday', 'closes').fill('0200');
  await time(page, 'Saturday', 'closes').blur();
  await expect(time(page, 'Saturday', 'opens')).toHaveValue('09:00');
  await expect(time(page, 'Saturday', 'closes')).toHaveValue('02:00');
  await expect(page.getByText('after midnight', { exact: true })).toHaveCount(1);
  await page.getByRole('switch', { name: 'Open on Sunday' }).uncheck();
  await expect(time(page, 'Sunday', 'opens')).toBeDisabled();
  // Coordinates pasted as a map app copies them fill both fields; a decimal comma is kept as a decimal.
  const latitude = page.getByRole('textbox', { name: 'Latitude' });
  const longitude = page.getByRole('textbox', { name: 'Longitude' });
  const paste = (field: typeof latitude, text: string) =>
    field.evaluate((input, pasted) => {
      const data = new DataTransfer();
      data.setData('text/plain', pasted);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
  await paste(latitude, '43.5081, 16.4402');
  await expect(latitude).toHaveValue('43.5081');
  await expect(longitude).toHaveValue('16.4402');
  await paste(longitude, '16,4411');
  await expect(longitude).toHaveValue('16.4411');

  await page.getByRole('button', { name: 'Create location' }).click();
  await expect(page.getByText('The location has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/locations\/edit\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Location: ${name}` })).toBeVisible();

  await page.reload();
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await expect(time(page, day, 'opens')).toHaveValue('08:00');
    await expect(time(page, day, 'closes')).toHaveValue('20:00');
  }
  await expect(time(page, 'Saturday', 'opens')).toHaveValue('09:00');
  await expect(time(page, 'Saturday', 'closes')).toHaveValue('02:00');
  await expect(page.getByRole('switch', { name: 'Open on Sunday' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Open on Saturday' })).toBeChecked();

  // The API stored exactly that: closed is null, after midnight is an end before the start.
  const id = page.url().split('/').pop();
  const saved = await apiGet<Location>(page.request, token, `/locations/${id}`);
  expect(saved.workingHours).toEqual({
    mon: { start: '08:00', end: '20:00' },
    tue: { start: '08:00', end: '20:00' },
    wed: { start: '08:00', end: '20:00' },
    thu: { start: '08:00', end: '20:00' },
    fri: { start: '08:00', end: '20:00' },
    sat: { start: '09:00', end: '02:00' },
    sun: null,
  });
  expect([saved.latitude, saved.longitude]).toEqual([43.5081, 16.4411]);
});

test('a location with an empty name or a day that opens and closes at once is not saved', async ({ page }) => {
  await signIn(page, USERS.manager);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/v2/locations')) posts.push(request.url());
  });
  await page.goto('/locations/new');
  await chooseOption(page, 'City', 'Zagreb', { search: 'Zag' });
  await time(page, 'Tuesday', 'opens').fill('10:00');
  await time(page, 'Tuesday', 'closes').fill('10:00');
  await page.getByRole('button', { name: 'Create location' }).click();

  await expect(page.getByText('This field is required.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Opening and closing times must differ.')).toBeVisible();
  await expect(time(page, 'Tuesday', 'closes')).toHaveAttribute('aria-invalid', 'true');
  await expect(time(page, 'Monday', 'closes')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toContainText('Some fields need fixing');

  // Fixing the name alone is still not enough: the day's error stays until the times differ.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E neispravna ${Date.now()}`);
  await page.getByRole('button', { name: 'Create location' }).click();
  await expect(page.getByText('Opening and closing times must differ.')).toBeVisible();
  await expect(page).toHaveURL(/\/locations\/new$/);
  expect(posts).toEqual([]);
});

test('the list filtered by city and sorted by name keeps its state after a reload', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const zagreb = await apiGet<Collection<Location>>(page.request, token, '/locations?itemsPerPage=200&order[name]=desc');
  const expected = zagreb.member.filter((l) => l.cityName === 'Zagreb').map((l) => l.name);
  expect(expected.length).toBeGreaterThan(1);

  await page.goto('/locations/list');
  const table = page.getByRole('table', { name: 'Locations' });
  await chooseOption(page, 'City', 'Zagreb', { search: 'Zag' });
  await expect(page).toHaveURL(/city=/);
  const nameHeader = table.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=name/);
  await expect(page).toHaveURL(/dir=desc/);

  const names = () => table.getByRole('row').locator('td:first-child').allInnerTexts();
  await expect.poll(names).toEqual(expected);

  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(
    page.getByRole('textbox', { name: 'City', exact: true }).or(page.getByRole('combobox', { name: 'City', exact: true })),
  ).toHaveValue('Zagreb');
  await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(names).toEqual(expected);
});
