import type { Collection, ImportPreview, ImportRecord, Problem } from '@kovanica/contract';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../core/context.ts';
import { articles, companies, imports } from '../../db/schema/index.ts';
import { type DemoUser, testApp } from '../../testing/app.ts';
import { importArticles } from './imports.articles.ts';

const t = await testApp();
const [zabavni] = await t.db.select().from(companies).where(eq(companies.name, 'Zabavni automati d.o.o.'));
const [drugi] = await t.db.select().from(companies).where(eq(companies.oib, '98765432198'));
const companyId = zabavni?.id ?? 0;
// The other company imports too (the transfer module on), to show the histories apart.
await t.db
  .update(companies)
  .set({ activeModules: [...(drugi?.activeModules ?? []), 'transfer'] })
  .where(eq(companies.id, drugi?.id ?? 0));
await t.db.insert(articles).values({ companyId, name: 'Već postoji', unit: 'pcs' });

const imported = async (prefix: string) =>
  t.db
    .select()
    .from(articles)
    .where(and(eq(articles.companyId, companyId), like(articles.name, `${prefix}%`)))
    .orderBy(articles.name);

const post = <T>(content: string, confirm: boolean, extra: { lang?: string; user?: DemoUser; fileName?: string; company?: string } = {}) =>
  t.json<T>(extra.user ?? 'manager', {
    method: 'POST',
    url: '/api/v2/imports',
    headers: extra.lang ? { 'accept-language': extra.lang } : {},
    payload: {
      kind: 'articles',
      fileName: extra.fileName ?? 'articles.csv',
      content,
      confirm,
      ...(extra.company ? { company: extra.company } : {}),
    },
  });

// Line 2 valid (gross computed); 3 no unit; 4 a price that is no number; 5 the same name as 6 (case
// aside); 7 a name the company has; 8 net and gross that disagree; 9 valid, a Croatian unit, VAT 13.
const file = [
  '\uFEFFnaziv;jedinica;dobavljač;pdv;nabavna neto;prodajna bruto;prodajna neto',
  'Uvoz Bombon;pcs;Kraš;25;0,80;2,00;',
  'Uvoz Lizalica;;;;;;',
  'Uvoz Žvake;pcs;;;abc;;',
  'Uvoz Duplo;box;;;;;',
  'uvoz duplo;box;;;;;',
  'već postoji;pcs;;;;;',
  'Uvoz Krivo;pcs;;25;;2,00;1,00',
  'Uvoz Sok;kom;;13;1.10;;',
].join('\r\n');

describe('POST /imports (articles)', () => {
  it('previews every row with the form’s errors and writes nothing, not even a record', async () => {
    const before = (await t.db.select().from(imports)).length;
    const res = await post<ImportPreview>(file, false);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ rowsRead: 8, rowsValid: 2, rowsRefused: 6 });
    const errors = Object.fromEntries(res.body.rows.map((r) => [r.line, r.errors.map((e) => `${e.field}:${e.code}`)]));
    expect(errors).toEqual({
      2: [],
      3: ['unit:required'],
      4: ['purchaseNet:number'],
      5: ['name:duplicate_in_file'],
      6: ['name:duplicate_in_file'],
      7: ['name:unique'],
      8: ['sellingGross:net_gross_mismatch'],
      9: [],
    });
    expect(res.body.rows[1]?.errors[0]?.message).toBe((await post<ImportPreview>(file, false)).body.rows[1]?.errors[0]?.message);
    expect(await imported('Uvoz')).toEqual([]);
    expect((await t.db.select().from(imports)).length).toBe(before);
  });

  it('refuses a negative price as below zero, not as no number, and names every unit a file may use', async () => {
    const res = await post<ImportPreview>(
      ['naziv;jedinica;nabavna neto', 'Uvoz Minus;pcs;-5', 'Uvoz Komadi;komadi;1'].join('\r\n'),
      false,
      {
        lang: 'hr',
      },
    );
    const [minus, unit] = res.body.rows;
    expect(minus?.errors.map((e) => `${e.field}:${e.code}`)).toEqual(['purchaseNet:min']);
    expect(unit?.errors.map((e) => `${e.field}:${e.code}`)).toEqual(['unit:choice']);
    expect(unit?.errors[0]?.message).toBe('Odaberite jedno od: pcs, pack, box, kg, l, kom, komad, pak, paket, kutija.');
  });

  it('renders the errors in the caller’s language', async () => {
    const res = await post<ImportPreview>(file, false, { lang: 'hr' });
    expect(res.body.rows.find((r) => r.line === 5)?.errors[0]?.message).toBe('Redak 6 datoteke ima istu vrijednost.');
  });

  it('writes the valid rows in one go, records the import and lists it in the history', async () => {
    const res = await post<ImportRecord>(file, true);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'articles', status: 'done', rowsRead: 8, rowsWritten: 2, rowsRefused: 6, error: null });
    const rows = await imported('Uvoz');
    expect(
      rows.map((r) => [r.name, r.unit, r.vatRateBp, r.purchaseNetCents, r.purchaseGrossCents, r.sellingNetCents, r.sellingGrossCents]),
    ).toEqual([
      ['Uvoz Bombon', 'pcs', 2500, 80, 100, 160, 200],
      ['Uvoz Sok', 'pcs', 1300, 110, 124, null, null],
    ]);
    const list = await t.json<Collection<ImportRecord>>('manager', { method: 'GET', url: '/api/v2/imports?kind=articles' });
    expect(list.status).toBe(200);
    expect(list.body.member[0]).toMatchObject({ '@id': res.body['@id'], userName: 'Marko Horvat', rowsRefused: 6 });
    expect(list.body.member[0]?.refused).toBeUndefined();
    const one = await t.json<ImportRecord>('manager', { method: 'GET', url: res.body['@id'], headers: { 'accept-language': 'hr' } });
    expect(one.body.refused?.map((r) => r.line)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(one.body.refused?.[2]?.errors[0]?.message).toBe('Redak 6 datoteke ima istu vrijednost.');
    const csv = await t.as('manager', { method: 'GET', url: `${res.body['@id']}/refused.csv`, headers: { 'accept-language': 'hr' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/articles-refused\.csv/);
    const lines = csv.body.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe('name;unit;supplier;vatRate;purchaseNet;purchaseGross;sellingNet;sellingGross;Redak;Greške');
    expect(lines[3]).toBe('Uvoz Duplo;box;;;;;;;5;Redak 6 datoteke ima istu vrijednost.');
    // The same file again: every row is refused now (the names are taken), nothing written twice.
    const again = await post<ImportRecord>(file, true);
    expect(again.body).toMatchObject({ rowsWritten: 0, rowsRefused: 8 });
    expect((await imported('Uvoz')).length).toBe(2);
  });

  it('rolls a failed write back and records the failure as a code read in any language', async () => {
    const ctx = {
      actor: { userId: 2, companyId, role: 'manager' },
      lang: 'hr',
      view: 'mine',
      visible: [companyId],
      listed: [companyId],
      can: () => true,
    } as unknown as RequestContext;
    const content = 'name;unit\nUtrka A;pcs\nUtrka B;pcs\nUtrka C;pcs\n';
    const failed = importArticles(t.db, ctx, { fileName: 'race.csv', content, confirm: true }, companyId, {
      // The name is taken after the check, inside the write's transaction.
      beforeWrite: (tx) => tx.insert(articles).values({ companyId, name: 'Utrka B', unit: 'pcs' }),
    });
    await expect(failed).rejects.toMatchObject({ status: 409, code: 'import_failed' });
    await failed.catch((e: { params: { reason: string } }) =>
      expect(e.params.reason).toBe('drugi artikl je u međuvremenu zauzeo naziv utrka b.'),
    );
    expect(await imported('Utrka')).toEqual([]);
    const [last] = await t.db.select().from(imports).where(eq(imports.fileName, 'race.csv'));
    expect(last).toMatchObject({ status: 'failed', rowsRead: 3, rowsWritten: 0, error: 'import_name_taken' });
    const en = await t.json<ImportRecord>('manager', { method: 'GET', url: `/api/v2/imports/${last?.id}` });
    expect(en.body).toMatchObject({ errorCode: 'import_name_taken', error: 'another article took the name utrka b meanwhile.' });
    const hr = await t.json<ImportRecord>('accountant', {
      method: 'GET',
      url: `/api/v2/imports/${last?.id}`,
      headers: { 'accept-language': 'hr' },
    });
    expect(hr.body.error).toBe('drugi artikl je u međuvremenu zauzeo naziv utrka b.');
  });

  it('refuses malformed files with a 4xx in the caller’s language, writing nothing', async () => {
    const before = (await t.db.select().from(imports)).length;
    const noColumn = await post<Problem>('naziv;boja\nX;crvena\n', false, { lang: 'hr' });
    expect(noColumn.status).toBe(422);
    expect(noColumn.body.detail).toMatch(/nema stupac "unit"/);
    expect((await post<Problem>('name;unit\n', true)).status).toBe(422);
    expect((await post<Problem>('', true)).status).toBe(422);
    // A zip (an XLSX) read as text; with NUL bytes the API's string check already refuses it.
    const binary = await post<Problem>('PK\u0003\u0004\u0014\u0006\u0008name;unit', true);
    expect(binary.status).toBe(422);
    expect(binary.body.detail).toMatch(/not a CSV/);
    expect((await post<Problem>('PK\u0003\u0004\u0000\u0000', true)).status).toBe(422);
    const many = `name;unit\n${Array.from({ length: 20_001 }, (_, i) => `M${i};pcs`).join('\n')}`;
    expect((await post<Problem>(many, false)).status).toBe(413);
    const huge = `name;unit\nX;pcs;${'x'.repeat(5 * 1024 * 1024)}\n`;
    expect((await post<Problem>(huge, false)).status).toBe(413);
    const badKind = await t.json<Problem>('manager', {
      method: 'POST',
      url: '/api/v2/imports',
      payload: { kind: 'rockets', fileName: 'x.csv', content: 'a', confirm: false },
    });
    expect(badKind.status).toBe(422);
    expect((await t.db.select().from(imports)).length).toBe(before);
  });
});

describe('who may import and read the history', () => {
  it('lets managers and admins import; accountants, workers and nobody not', async () => {
    const small = 'name;unit\nRola A;pcs\n';
    expect((await post(small, false, { user: 'admin' })).status).toBe(200);
    expect((await post(small, false, { user: 'accountant' })).status).toBe(403);
    expect((await post(small, false, { user: 'worker' })).status).toBe(403);
    expect((await t.json(null, { method: 'POST', url: '/api/v2/imports', payload: {} })).status).toBe(401);
    // Another company's manager cannot import into this company.
    const foreign = await post<Problem>(small, false, { user: 'otherManager', company: `/api/v2/companies/${companyId}` });
    expect(foreign.status).toBe(422);
  });

  it('shows each company its own imports; admins every one; workers none', async () => {
    const [mine] = await t.db
      .insert(imports)
      .values({
        companyId,
        userId: null,
        kind: 'articles',
        fileName: 'mine.csv',
        rowsRead: 1,
        rowsWritten: 1,
        rowsRefused: 0,
        status: 'done',
      })
      .returning();
    const [theirs] = await t.db
      .insert(imports)
      .values({
        companyId: drugi?.id ?? 0,
        kind: 'articles',
        fileName: 'theirs.csv',
        rowsRead: 1,
        rowsWritten: 1,
        rowsRefused: 0,
        status: 'done',
      })
      .returning();
    const names = async (user: DemoUser, query = '') =>
      (await t.json<Collection<ImportRecord>>(user, { method: 'GET', url: `/api/v2/imports${query}` })).body.member?.map((m) => m.fileName);
    expect(await names('manager')).toContain('mine.csv');
    expect(await names('manager')).not.toContain('theirs.csv');
    expect(await names('accountant')).toContain('mine.csv');
    expect(await names('otherManager')).toEqual(['theirs.csv']);
    expect(await names('admin')).toContain('mine.csv');
    expect((await t.json('worker', { method: 'GET', url: '/api/v2/imports' })).status).toBe(403);
    expect((await t.json('worker', { method: 'GET', url: `/api/v2/imports/${mine?.id}` })).status).toBe(403);
    expect((await t.as('worker', { method: 'GET', url: `/api/v2/imports/${mine?.id}/refused.csv` })).statusCode).toBe(403);
    expect((await t.json('manager', { method: 'GET', url: `/api/v2/imports/${theirs?.id}` })).status).toBe(404);
    expect((await t.as('manager', { method: 'GET', url: `/api/v2/imports/${theirs?.id}/refused.csv` })).statusCode).toBe(404);
    expect((await t.json('otherManager', { method: 'GET', url: `/api/v2/imports/${mine?.id}` })).status).toBe(404);
    expect((await t.json('admin', { method: 'GET', url: `/api/v2/imports/${theirs?.id}` })).status).toBe(200);
    // Filters: kind, status, file name, date range.
    expect(await names('manager', '?fileName=mine')).toEqual(['mine.csv']);
    expect(await names('manager', '?status=failed')).not.toContain('mine.csv');
    expect(await names('manager', '?createdAt[after]=2999-01-01')).toEqual([]);
    expect(await names('manager', '?kind=loyalty-cards')).not.toContain('mine.csv');
  });
});
