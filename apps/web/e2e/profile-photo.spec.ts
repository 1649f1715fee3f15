import { expect, test } from '@playwright/test';
import { apiToken, expectAccessible, signIn, USERS } from './support.ts';

/** The profile overview's photo (decision 0029): upload, refusals in the user's language, remove. */

// A 2×2 PNG: the server squares and enlarges it to 256×256 WebP.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4YSMHRAwQCgAibgSJoCkBrwAAAABJRU5ErkJggg==', 'base64');

test.afterAll(async ({ request }) => {
  // Leave the shared database as the other tests expect it: the accountant without a photo.
  const token = await apiToken(request, USERS.admin);
  const me = await request.get(`/api/v2/users?email=${USERS.accountant}`, { headers: { Authorization: `Bearer ${token}` } });
  const id = ((await me.json()) as { member: { id: number }[] }).member[0]?.id;
  await request.delete(`/api/v2/users/${id}/photo`, { headers: { Authorization: `Bearer ${token}` } });
});

test('a user uploads a photo, the header and the quick-user panel show it at once; a wrong file is refused; the photo is removed', async ({
  page,
}) => {
  await signIn(page, USERS.accountant);
  await page.goto('/profile/overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile overview' })).toBeVisible();
  const file = page.locator('input[type="file"]');
  const header = page.locator('header');

  // Checked in the browser first: a GIF is refused without a request.
  await file.setInputFiles({ name: 'cat.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByRole('alert').filter({ hasText: 'The photo must be a JPEG, PNG or WebP image.' })).toBeVisible();

  // A text file named .png passes the browser's check; the server reads its content and refuses it.
  await file.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(page.getByRole('alert').filter({ hasText: 'The photo must be a JPEG, PNG or WebP image.' })).toBeVisible();

  await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Your photo is saved.')).toBeVisible();
  await expect(header.locator('img')).toHaveAttribute('src', /\/api\/v2\/users\/\d+\/photo\?v=/);
  const src = await header.locator('img').getAttribute('src');
  const served = await page.request.get(src ?? '');
  expect(served.headers()['content-type']).toBe('image/webp');
  await expectAccessible(page);

  await page.getByRole('button', { name: /Open user panel/ }).click();
  const panel = page.getByRole('dialog', { name: 'User profile' });
  await expect(panel.getByRole('img', { name: /^Photo of / })).toHaveAttribute('src', src ?? '');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByText('Your photo is removed.')).toBeVisible();
  await expect(header.locator('img')).not.toHaveAttribute('src', /\/photo\?v=/);
  await expect(page.getByRole('button', { name: 'Upload photo' })).toBeVisible();
});

test('the photo area speaks Croatian to a Croatian user', async ({ page }) => {
  await signIn(page, USERS.accountant);
  await page.evaluate(() => localStorage.setItem('language', 'hr'));
  await page.goto('/profile/overview');
  await page.locator('input[type="file"]').setInputFiles({ name: 'a.bmp', mimeType: 'image/bmp', buffer: Buffer.from('BM') });
  await expect(page.getByRole('alert').filter({ hasText: 'Fotografija mora biti slika JPEG, PNG ili WebP.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Učitaj fotografiju' })).toBeVisible();
  // The initials avatar, the buttons and the error: axe clean.
  await expectAccessible(page);
});
