import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Collection, Device, Location, Tag } from '@kovanica/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { build } from 'esbuild';
import { hydraAdminPort } from './servers.ts';
import { apiGet, apiToken, PASSWORD, USERS } from './support.ts';

/**
 * The API speaks API Platform's dialect well enough for API Platform Admin to work on it unmodified:
 * HydraAdmin (`hydra-admin/main.tsx`), built here and served from an origin of its own (so CORS is
 * proven too), signs in through the API and lists, shows, edits and creates a tag, a location and a
 * device, reading everything it shows from the Hydra documentation and the JSON-LD answers. What a
 * screen did is checked through the API, not on the admin's screens alone.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
// One page goes through the whole run, signed in once. A test reads a resource's documentation and
// the collections its form refers to (a location's form: five), each through a JSON-LD library that
// is slow on this suite's shared machine: 30 s is too close for the location's.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

let page: Page;
let admin: Server;
let adminUrl: string;
let outDir: string;
let token: string;
// Names of this run's records: a retry, or another spec on the same server, never meets them.
const run = Date.now().toString(36);

test.beforeAll(async ({ browser, request }, testInfo) => {
  testInfo.setTimeout(60_000);
  const api = String(testInfo.project.use.baseURL);
  outDir = mkdtempSync(path.join(tmpdir(), 'kovanica-hydra-admin-'));
  // esbuild (vite's own) bundles the admin in a few seconds: a vite build of it takes far longer here.
  await build({
    entryPoints: [path.join(here, 'hydra-admin/main.tsx')],
    bundle: true,
    format: 'esm',
    jsx: 'automatic',
    outfile: path.join(outDir, 'main.js'),
    define: { KOVANICA_ENTRYPOINT: JSON.stringify(`${api}/api/v2`), 'process.env.NODE_ENV': '"production"' },
    minify: true,
    logLevel: 'error',
  });
  copyFileSync(path.join(here, 'hydra-admin/index.html'), path.join(outDir, 'index.html'));
  const files: Record<string, [string, string]> = {
    '/': ['index.html', 'text/html; charset=utf-8'],
    '/main.js': ['main.js', 'text/javascript; charset=utf-8'],
  };
  admin = createServer((req, res) => {
    const file = files[(req.url ?? '/').split('?')[0] ?? '/'];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[1] }).end(readFileSync(path.join(outDir, file[0])));
  });
  // The port the worker's API server lets call it (servers.ts, CORS_ORIGINS).
  const port = hydraAdminPort(Number(process.env.E2E_PORT ?? 4310), testInfo.config.workers, testInfo.parallelIndex);
  await new Promise<void>((resolve, reject) => admin.once('error', reject).listen(port, '127.0.0.1', resolve));
  adminUrl = `http://127.0.0.1:${port}`;
  expect(new URL(adminUrl).origin).not.toBe(new URL(api).origin);
  token = await apiToken(request, USERS.manager);
  page = await browser.newPage();
});

test.afterAll(async () => {
  await page?.close();
  await new Promise((resolve) => (admin ? admin.close(resolve) : resolve(undefined)));
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** The item of a collection the manager sees with that name, through the API. */
async function byName<T extends { name: string }>(request: APIRequestContext, collection: string, name: string): Promise<T> {
  const { member } = await apiGet<Collection<T>>(request, token, `/${collection}?name=${encodeURIComponent(name)}`);
  const found = member.find((m) => m.name === name);
  if (!found) throw new Error(`no ${collection} named ${name}`);
  return found;
}

/** Follows the side menu to a resource's list and waits for its rows. */
async function openList(label: string) {
  await page.getByRole('menuitem', { name: label, exact: true }).click();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
}

/** Saves the form shown and waits for the API's answer to the write. */
async function save(method: 'POST' | 'PATCH', collection: string) {
  const answered = page.waitForResponse((r) => r.request().method() === method && r.url().includes(`/api/v2/${collection}`));
  await page.getByRole('button', { name: 'Save' }).click();
  return answered;
}

/** Narrows the list to the rows named `name`, with the filter the collection's `search` offers. */
async function filterByName(collection: string, name: string) {
  // After a create the admin goes back to the list (with the list's remembered sort, if it had one): the filter is added there.
  await expect(page).toHaveURL(new RegExp(`#/${collection}(\\?.*)?$`));
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Name' }).click();
  const filtered = page.waitForResponse(
    (r) => r.url().includes(`/api/v2/${collection}?`) && new URL(r.url()).searchParams.get('name') === name,
  );
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  expect((await filtered).status()).toBe(200);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(name);
}

/** Opens the show page of the list's row that holds `name`, then its edit form. */
async function showThenEdit(name: string) {
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('link', { name: 'Show' })
    .click();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
}

test('signs in through the API from another origin and finds the resources in the documentation', async () => {
  await page.goto(adminUrl);
  await page.getByRole('textbox', { name: 'Username' }).fill(USERS.manager);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  for (const label of ['Tags', 'Locations', 'Devices'])
    await expect(page.getByRole('menuitem', { name: label, exact: true })).toBeVisible();
});

test('a tag: lists, filters, sorts, creates, shows and edits', async ({ request }) => {
  await openList('Tags');
  const { member, totalItems } = await apiGet<Collection<Tag>>(request, token, '/tags?itemsPerPage=200');
  await expect(page.getByText(`1-${Math.min(totalItems ?? 0, 10)} of ${totalItems}`)).toBeVisible();

  // Sortable by name: the documentation's `search` offers `order[name]`.
  const sorted = page.waitForResponse((r) => r.url().includes('order%5Bname%5D=ASC'));
  await page.getByRole('button', { name: 'Sort by name ascending' }).click();
  expect((await sorted).status()).toBe(200);
  const first = [...member.map((m) => m.name)].sort((a, b) => a.localeCompare(b, 'hr'))[0] ?? '';
  await expect(page.getByRole('row').nth(1)).toContainText(first);

  const name = `Hydra ${run}`;
  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Colour' }).fill('#0b7285');
  expect((await save('POST', 'tags')).status()).toBe(201);
  expect(await byName<Tag>(request, 'tags', name)).toMatchObject({ colour: '#0b7285', company: '/api/v2/companies/1' });

  await filterByName('tags', name);

  await showThenEdit(name);
  await page.getByRole('textbox', { name: 'Name' }).fill(`${name} uređen`);
  const patched = await save('PATCH', 'tags');
  expect(patched.status()).toBe(200);
  // The form sent the whole record back, read-only fields too: the API took them as unchanged.
  expect(patched.request().postDataJSON()).toMatchObject({ devicesCount: 0, '@type': 'Tag', originId: expect.any(String) });
  expect(await byName<Tag>(request, 'tags', `${name} uređen`)).toMatchObject({ colour: '#0b7285' });
});

test('a location: lists, creates, shows and edits', async ({ request }) => {
  await openList('Locations');
  const name = `Hydra lokacija ${run}`;
  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  // A relation is chosen among the related collection's items (read through the API, by their IRI).
  await page.getByRole('combobox', { name: 'City' }).click();
  const city = await page.getByRole('option').first().innerText();
  await page.getByRole('option').first().click();
  expect((await save('POST', 'locations')).status()).toBe(201);
  expect(await byName<Location>(request, 'locations', name)).toMatchObject({ city, active: false });

  await filterByName('locations', name);
  await showThenEdit(name);
  await page.getByRole('textbox', { name: 'Street' }).fill('Ulica Hydre 1');
  const patched = await save('PATCH', 'locations');
  expect(patched.status()).toBe(200);
  expect(patched.request().postDataJSON()).toMatchObject({ devicesCount: 0, rentalTerms: expect.any(Object) });
  expect(await byName<Location>(request, 'locations', name)).toMatchObject({ street: 'Ulica Hydre 1', city });
});

test('a device: lists, creates, shows and edits', async ({ request }) => {
  await openList('Devices');
  const name = `Hydra autić ${run}`;
  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Group' }).fill('kiddie_ride');
  await page.getByRole('spinbutton', { name: 'Play price cents' }).fill('150');
  expect((await save('POST', 'devices')).status()).toBe(201);
  expect(await byName<Device>(request, 'devices', name)).toMatchObject({ group: 'kiddie_ride', playPriceCents: 150, location: null });

  await filterByName('devices', name);
  await showThenEdit(name);
  await page.getByRole('spinbutton', { name: 'Play price cents' }).fill('250');
  const patched = await save('PATCH', 'devices');
  expect(patched.status()).toBe(200);
  expect(patched.request().postDataJSON()).toMatchObject({ state: expect.any(Object), fiscalizeApplied: false });
  expect(await byName<Device>(request, 'devices', name)).toMatchObject({ playPriceCents: 250, group: 'kiddie_ride' });
});
