import type { Article, Collection, Device, Movement, Repository, User } from '@kovanica/contract';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { apiGet, apiToken, expectAccessible, screenshot, signIn, USERS } from './support.ts';

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/v2${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), `POST ${path}`).toBe(201);
  return (await response.json()) as T;
}

/** A field by its label: a searchable select is a textbox or a combobox, depending on its state. */
const field = (scope: Locator | Page, label: string) =>
  scope.getByRole('textbox', { name: label, exact: true }).or(scope.getByRole('combobox', { name: label, exact: true }));

/** Picks an option of a (reference) select inside `scope`, typing to search when given. */
async function choose(page: Page, scope: Locator | Page, label: string, option: string, search?: string) {
  const input = field(scope, label);
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The movement's kind: a segment of the control (its radio input is hidden under the label). */
async function pickKind(dialog: Locator, kind: string) {
  await dialog.getByText(kind, { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: kind })).toBeChecked();
}

/** The quantity a repository page's stock card shows for an article ("" when the article is not there). */
const stockRow = (page: Page, table: string, article: string) =>
  page.getByRole('table', { name: table, exact: true }).getByRole('row').filter({ hasText: article });

/** Nothing wider than the screen: the page never scrolls sideways (wide tables scroll inside their card). */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** An article, a warehouse holding `quantity` of it and a van of the manager's company, made through the API. */
async function stocked(request: APIRequestContext, quantity: number) {
  const token = await apiToken(request, USERS.manager);
  const stamp = `${Date.now()}`.slice(-7);
  const article = await post<Article>(request, token, '/articles', {
    name: `E2E artikl ${stamp}`,
    unit: 'pcs',
    supplier: 'E2E dobavljač d.o.o.',
    purchaseNetCents: 100,
  });
  const warehouse = await post<Repository>(request, token, '/repositories', { type: 'warehouse', name: `E2E skladište ${stamp}` });
  const van = await post<Repository>(request, token, '/repositories', { type: 'van', name: `E2E kombi ${stamp}` });
  await post(request, token, '/movements', { kind: 'receipt', article: article['@id'], toRepository: warehouse['@id'], quantity });
  return { token, article, warehouse, van };
}

async function prizeDevice(request: APIRequestContext, token: string): Promise<Device> {
  const devices = await apiGet<Collection<Device>>(request, token, '/devices?group=prize_device&order[name]=asc&itemsPerPage=1');
  const device = devices.member[0];
  if (!device) throw new Error('the demo data needs a prize device');
  return device;
}

test('a manager creates an article and a repository, books a receipt, a transfer and a load, is refused a move beyond the stock, and reverses one', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { token } = await signIn(page, USERS.manager);
  const stamp = `${Date.now()}`.slice(-7);
  const name = `E2E plišanac ${stamp}`;
  const device = await prizeDevice(page.request, token);
  const workers = await apiGet<Collection<User>>(page.request, token, `/users?email=${encodeURIComponent(USERS.worker)}`);
  const worker = workers.member[0];
  if (!worker) throw new Error('the demo data needs a worker');

  // `/articles` opens the articles list, in the Stock group of the menu.
  await page.goto('/articles');
  await expect(page).toHaveURL(/\/articles\/items\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Repositories' })).toBeVisible();
  await screenshot(page, 'articles-list-en-1280');

  // The net fills the gross at the VAT rate, the gross the net; a new rate keeps the net.
  await page.getByRole('main').getByRole('link', { name: 'New article' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New article' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Supplier' }).fill('Igračke E2E d.o.o.');
  await page.getByRole('textbox', { name: 'Purchase price (net)' }).fill('1,60');
  await expect(page.getByRole('textbox', { name: 'Purchase price (gross)' })).toHaveValue('2,00');
  await page.getByRole('textbox', { name: 'Selling price (gross)' }).fill('2,50');
  await expect(page.getByRole('textbox', { name: 'Selling price (net)' })).toHaveValue('2,00');
  await page.getByRole('textbox', { name: 'VAT rate' }).fill('13');
  await expect(page.getByRole('textbox', { name: 'Purchase price (gross)' })).toHaveValue('1,81');
  await expect(page.getByRole('textbox', { name: 'Selling price (gross)' })).toHaveValue('2,26');
  await page.getByRole('textbox', { name: 'VAT rate' }).fill('25');
  await expect(page.getByRole('textbox', { name: 'Purchase price (gross)' })).toHaveValue('2,00');
  await screenshot(page, 'article-form-en-1280');
  await page.getByRole('button', { name: 'Create article' }).click();
  await expect(page.getByText('The article has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/articles\/items\/edit\/\d+$/);
  const articleId = Number(page.url().split('/').pop());
  const article = await apiGet<Article>(page.request, token, `/articles/${articleId}`);
  expect(article).toMatchObject({
    name,
    vatRate: 25,
    purchaseNetCents: 160,
    purchaseGrossCents: 200,
    sellingNetCents: 200,
    sellingGrossCents: 250,
  });

  // A warehouse with its responsible worker, picked among the company's users; a van through the API.
  await page.goto('/articles/repositories');
  await expect(page).toHaveURL(/\/articles\/repositories\/list$/);
  await page.getByRole('main').getByRole('link', { name: 'New repository' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E skladište ${stamp}`);
  await choose(page, page, 'Responsible worker', `${worker.name} ${worker.surname}`, worker.surname);
  await page.getByRole('button', { name: 'Create repository' }).click();
  await expect(page.getByText('The repository has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/articles\/repositories\/edit\/\d+$/);
  const warehouseId = Number(page.url().split('/').pop());
  const warehouse = await apiGet<Repository>(page.request, token, `/repositories/${warehouseId}`);
  expect(warehouse).toMatchObject({ type: 'warehouse', responsibleWorker: worker['@id'] });
  const van = await post<Repository>(page.request, token, '/repositories', { type: 'van', name: `E2E kombi ${stamp}` });
  await expect(page.getByText('Nothing in stock.')).toBeVisible();

  // A receipt into the warehouse at the article's purchase price; a double click books it once.
  await page.getByRole('button', { name: 'Record movement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record movement' });
  await expect(field(dialog, 'Into repository')).toHaveValue(warehouse.name);
  await choose(page, dialog, 'Article', name, name);
  await expect(dialog.getByRole('textbox', { name: 'Unit price (net)' })).toHaveAttribute('placeholder', '1,60 €');
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill('50');
  await screenshot(page, 'movement-modal-en-1280', false);
  await dialog.getByRole('button', { name: 'Record', exact: true }).dblclick();
  await expect(page.getByText('The movement has been recorded.').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(stockRow(page, 'In stock', name).getByRole('cell').nth(1)).toHaveText('50 pcs');
  const booked = await apiGet<Collection<Movement>>(page.request, token, `/movements?article=${encodeURIComponent(article['@id'])}`);
  expect(booked.totalItems).toBe(1);
  expect(booked.member[0]).toMatchObject({ kind: 'receipt', quantity: 50, unitPriceCents: 160, supplier: 'Igračke E2E d.o.o.' });

  // A transfer of 20 into the van.
  await page.getByRole('button', { name: 'Record movement' }).click();
  await pickKind(dialog, 'Transfer');
  await choose(page, dialog, 'Article', name, name);
  await expect(dialog.getByText('Available: 50 pcs')).toBeVisible();
  await choose(page, dialog, 'To repository', van.name, van.name);
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill('20');
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(stockRow(page, 'In stock', name).getByRole('cell').nth(1)).toHaveText('30 pcs');

  // An issue of 5 into a prize device.
  await page.getByRole('button', { name: 'Record movement' }).click();
  await pickKind(dialog, 'Issue to a device');
  await choose(page, dialog, 'Article', name, name);
  await choose(page, dialog, 'Prize device', device.name, device.name);
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill('5');
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(stockRow(page, 'In stock', name).getByRole('cell').nth(1)).toHaveText('25 pcs');

  // More than is there: refused on the quantity, naming the article and what is available; nothing changes.
  await page.getByRole('button', { name: 'Record movement' }).click();
  await pickKind(dialog, 'Transfer');
  await choose(page, dialog, 'Article', name, name);
  await choose(page, dialog, 'To repository', van.name, van.name);
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill('26');
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  const refusal = dialog.getByText(`Not enough "${name}" in ${warehouse.name}: 25 available, 26 needed.`);
  await expect(refusal).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Quantity' })).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'movement-refused-en-1280', false);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(stockRow(page, 'In stock', name).getByRole('cell').nth(1)).toHaveText('25 pcs');
  const vanStock = await apiGet<Collection<{ article: string; quantity: number }>>(page.request, token, `/repositories/${van.id}/stock`);
  expect(vanStock.member).toEqual([expect.objectContaining({ article: article['@id'], quantity: 20 })]);

  // The movements, newest first, signed as the warehouse saw them; the transfer is reversed once.
  const movements = page.getByRole('table', { name: 'Movements' });
  await expect(movements.getByRole('row')).toHaveCount(4);
  const transfer = movements.getByRole('row').filter({ hasText: 'Transfer' }).filter({ hasText: '-20 pcs' });
  await expect(transfer.getByRole('cell').nth(3)).toHaveText('-20 pcs');
  await expect(transfer.getByRole('cell').nth(4)).toHaveText(`→ ${van.name}`);
  await screenshot(page, 'repository-page-en-1280');
  await transfer.getByRole('button', { name: /^Reverse: Transfer/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Reverse this movement?' });
  await confirm.getByRole('button', { name: 'Reverse', exact: true }).click();
  await expect(page.getByText('The movement has been reversed.')).toBeVisible();
  await expect(stockRow(page, 'In stock', name).getByRole('cell').nth(1)).toHaveText('45 pcs');
  await expect(movements.getByRole('row')).toHaveCount(5);
  await expect(movements.getByRole('row').filter({ hasText: 'Reversal' }).getByRole('cell').nth(3)).toHaveText('+20 pcs');
  await expect(transfer.getByText('Reversed')).toBeVisible();
  // Neither the reversed movement nor its reversal offers another reversal.
  await expect(movements.getByRole('button', { name: /^Reverse: Transfer/ })).toHaveCount(0);
  await expectAccessible(page);

  // The device shows the prizes loaded into it.
  await page.goto(`/devices/edit/${device.id}`);
  const prizes = page.getByRole('region', { name: 'Prizes' });
  await expect(prizes.getByRole('table', { name: 'Loaded per article' }).getByRole('row').filter({ hasText: name })).toContainText('5 pcs');
  await expect(prizes.locator('dt').getByText('Loaded', { exact: true })).toBeVisible();
  await expect(prizes.locator('dt').getByText('Left', { exact: true })).toBeVisible();
  await screenshot(page, 'device-prizes-en-1280');
});

test('a worker records a movement but creates or edits no article or repository', async ({ page }) => {
  test.setTimeout(90_000);
  const { article, warehouse } = await stocked(page.request, 10);
  await signIn(page, USERS.worker);

  await page.goto(`/articles/items/list?name=${encodeURIComponent(article.name)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New article' })).toHaveCount(0);
  const row = page.getByRole('table', { name: 'Articles' }).getByRole('row').filter({ hasText: article.name });
  await expect(row.getByRole('link', { name: `Edit ${article.name}` })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Delete ${article.name}` })).toHaveCount(0);

  // The article opens read-only.
  await row.getByRole('link', { name: `Open ${article.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Article: ${article.name}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await page.goto('/articles/items/new');
  await expect(page.getByText('Your role does not allow you to open this page.')).toBeVisible();

  // On the warehouse's page the worker counts one missing.
  await page.goto(`/articles/repositories/edit/${warehouse.id}`);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Record movement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record movement' });
  await pickKind(dialog, 'Count adjustment');
  await choose(page, dialog, 'Article', article.name, article.name);
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill('-1');
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  // The reason is required for an adjustment.
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Inventura: jedan oštećen');
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(stockRow(page, 'In stock', article.name).getByRole('cell').nth(1)).toHaveText('9 pcs');
  const adjustment = page.getByRole('table', { name: 'Movements' }).getByRole('row').filter({ hasText: 'Count adjustment' });
  await expect(adjustment).toContainText('Inventura: jedan oštećen');
  await expect(adjustment.getByRole('cell').nth(3)).toHaveText('-1 pcs');
});

async function phone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL });
  const page = await context.newPage();
  await signIn(page, USERS.manager);
  return { context, page };
}

test('on a phone the stock screens fit the width', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { context, page } = await phone(browser, baseURL);
  const { article, warehouse, token } = await stocked(page.request, 12);
  const device = await prizeDevice(page.request, token);

  await page.goto('/articles/items/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  await fitsWidth(page, 375);
  await screenshot(page, 'articles-list-en-375');

  await page.goto(`/articles/items/edit/${article.id}`);
  await expect(page.getByRole('textbox', { name: 'Purchase price (gross)' })).toHaveValue('1,25');
  await fitsWidth(page, 375);
  await screenshot(page, 'article-form-en-375');

  await page.goto('/articles/repositories/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Repositories' })).toBeVisible();
  await fitsWidth(page, 375);

  await page.goto(`/articles/repositories/edit/${warehouse.id}`);
  await expect(stockRow(page, 'In stock', article.name).getByRole('cell').nth(1)).toHaveText('12 pcs');
  await fitsWidth(page, 375);
  await screenshot(page, 'repository-page-en-375');
  await page.getByRole('button', { name: 'Record movement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record movement' });
  await pickKind(dialog, 'Issue to a device');
  await expect(field(dialog, 'Prize device')).toBeVisible();
  await fitsWidth(page, 375);
  await screenshot(page, 'movement-modal-en-375', false);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/devices/edit/${device.id}`);
  await expect(page.getByRole('region', { name: 'Prizes' })).toBeVisible();
  await fitsWidth(page, 375);
  await screenshot(page, 'device-prizes-en-375');
  await context.close();
});

test('in Croatian at 1280 and 375 px, a move beyond the stock is refused in Croatian', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const setup = await browser.newContext({ baseURL });
  const { article, warehouse, van, token } = await stocked(setup.request, 3);
  const device = await prizeDevice(setup.request, token);
  await setup.close();
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, baseURL });
    const page = await context.newPage();
    await signIn(page, USERS.manager);
    await page.evaluate(() => localStorage.setItem('language', 'hr'));

    await page.goto('/articles/items/list');
    await expect(page.getByRole('heading', { level: 1, name: 'Artikli' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Nabavna neto' })).toBeVisible();
    await fitsWidth(page, width);
    await screenshot(page, `articles-list-hr-${width}`);
    await page.goto(`/articles/items/edit/${article.id}`);
    await expect(page.getByRole('textbox', { name: 'Nabavna cijena (bruto)' })).toHaveValue('1,25');
    await screenshot(page, `article-form-hr-${width}`);

    await page.goto(`/articles/repositories/edit/${warehouse.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Skladište: ${warehouse.name}` })).toBeVisible();
    await expect(stockRow(page, 'Zaliha', article.name).getByRole('cell').nth(1)).toHaveText('3 kom');
    await screenshot(page, `repository-page-hr-${width}`);
    await page.getByRole('button', { name: 'Evidentiraj promet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Evidentiraj promet' });
    await pickKind(dialog, 'Međuskladišnica');
    await choose(page, dialog, 'Artikl', article.name, article.name);
    await choose(page, dialog, 'U skladište', van.name, van.name);
    await dialog.getByRole('textbox', { name: 'Količina' }).fill('4');
    await dialog.getByRole('button', { name: 'Evidentiraj', exact: true }).click();
    await expect(
      dialog.getByText(`Nema dovoljno artikla "${article.name}" u skladištu ${warehouse.name}: dostupno 3, potrebno 4.`),
    ).toBeVisible();
    await fitsWidth(page, width);
    await screenshot(page, `movement-refused-hr-${width}`, false);
    await dialog.getByRole('button', { name: 'Odustani' }).click();

    await page.goto(`/devices/edit/${device.id}`);
    await expect(page.getByRole('region', { name: 'Nagrade' }).locator('dt').getByText('Napunjeno', { exact: true })).toBeVisible();
    await screenshot(page, `device-prizes-hr-${width}`);
    await context.close();
  }
});
