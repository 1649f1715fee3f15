import type { Collection, Location } from '@kovanica/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, signIn, USERS } from './support.ts';

async function choose(page: Page, label: string, option: string, search?: string) {
  const input = page.getByRole('combobox', { name: label, exact: true }).or(page.getByRole('textbox', { name: label, exact: true }));
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a tag with a colour is attached to a location, and locations filter by it', async ({ page }) => {
  const { token } = await signIn(page, USERS.manager);
  const tag = `E2E oznaka ${Date.now()}`;

  await page.goto('/tags/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(tag);
  // A swatch picks a colour; the picker is part of the form and covers nothing.
  await page.getByRole('button', { name: '#c92a2a', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Colour' })).toHaveValue('#c92a2a');
  await page.getByRole('textbox', { name: 'Colour' }).fill('#2b8a3e');
  // Straight from the focused colour field to the button: nothing opened over it.
  await page.getByRole('button', { name: 'Create tag' }).click();
  await expect(page.getByText('The tag has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/tags\/edit\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Colour' })).toHaveValue('#2b8a3e');

  // Attach it to one location on that location's form.
  const locations = await apiGet<Collection<Location>>(page.request, token, '/locations?itemsPerPage=1&order[name]=asc');
  const location = locations.member[0];
  if (!location) throw new Error('the demo has no locations');
  await page.goto(`/locations/edit/${location.id}`);
  await choose(page, 'Tags', tag, tag.slice(0, 12));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The location has been saved.')).toBeVisible();

  // The list filtered by the tag shows just that location, with the tag's badge.
  await page.goto('/locations/list');
  await choose(page, 'Tags', tag, tag.slice(0, 12));
  const table = page.getByRole('table', { name: 'Locations' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: location.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(tag)).toBeVisible();

  // The tags list counts the location.
  await page.goto(`/tags/list?name=${encodeURIComponent(tag)}`);
  const tagRow = page.getByRole('table', { name: 'Tags' }).getByRole('row').filter({ hasText: tag });
  await expect(tagRow.getByRole('cell').nth(2)).toHaveText('1');
});
