import type { CardUploadPreview, ImportRecord, LoyaltyCard, Problem } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../core/context.ts';
import { cardHolders, companies, imports, loyaltyCards, loyaltyOwners, users } from '../../db/schema/index.ts';
import { demo, testApp } from '../../testing/app.ts';
import { parseCsv } from '../imports/imports.service.ts';
import { uploadCards } from './loyalty-cards.upload.ts';

const t = await testApp();
const [zabavni] = await t.db.select().from(companies).where(eq(companies.name, 'Zabavni automati d.o.o.'));
const [other] = await t.db.select().from(companies).where(eq(companies.oib, '98765432198'));
const companyId = zabavni?.id ?? 0;
const [owner] = await t.db
  .insert(loyaltyOwners)
  .values({ companyId, name: 'Učitavanje d.o.o.', oib: '69435151530', isOperator: false })
  .returning({ id: loyaltyOwners.id });
const [foreignOwner] = await t.db
  .insert(loyaltyOwners)
  .values({ companyId: other?.id ?? 0, name: 'Drugi program', oib: '69435151530', isOperator: true })
  .returning({ id: loyaltyOwners.id });
const ownerIri = `/api/v2/loyalty-owners/${owner?.id}`;
await t.db.insert(cardHolders).values({ companyId, ownerId: owner?.id ?? 0, name: 'Ana', surname: 'Anić', email: 'Ana@Example.com' });

const cardsOfOwner = async () =>
  t.db
    .select({ uid: loyaltyCards.uid, number: loyaltyCards.number })
    .from(loyaltyCards)
    .where(eq(loyaltyCards.ownerId, owner?.id ?? 0));
const importsOf = async () => t.db.select().from(imports).where(eq(imports.companyId, companyId)).orderBy(imports.id);

const upload = <T>(
  content: string,
  confirm: boolean,
  extra: { lang?: string; owner?: string; user?: 'manager' | 'accountant'; format?: 'xlsx'; fileName?: string } = {},
) =>
  t.json<T>(extra.user ?? 'manager', {
    method: 'POST',
    url: '/api/v2/loyalty-cards/upload',
    headers: extra.lang ? { 'accept-language': extra.lang } : {},
    payload: {
      fileName: extra.fileName ?? 'cards.csv',
      content,
      owner: extra.owner ?? ownerIri,
      confirm,
      ...(extra.format ? { format: extra.format } : {}),
    },
  });

/** A workbook of one sheet as base64, the way the browser sends a chosen .xlsx. */
async function xlsx(rows: unknown[][]) {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Kartice').addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

// Line 2 valid; 3 a bad uid; 4 the same number as 5; 6 an unknown holder; 7 blocked without a reason;
// 8 valid with a holder; 9 a uid already taken in the company (created below), with a quoted number.
const file = [
  '\uFEFFuid;number;holderEmail;status;statusReason',
  '04:a1:00:01;U-0001;;;',
  'XYZ;U-0002;;;',
  '04A10003;U-0003;;;',
  '04A10004;U-0003;;;',
  '04A10005;U-0005;nobody@example.com;;',
  '04A10006;U-0006;;blocked;',
  '04A10007;U-0007;ana@example.com;Blokirana;Izgubljen novčanik',
  '04A1FFFF;"U-0009; ""quoted""";;;',
].join('\r\n');

describe('loyalty card upload', () => {
  it('parses CSV with either separator, quotes, line breaks in quotes and a BOM', () => {
    expect(parseCsv('\uFEFFuid,number\n"04A1","K-1, a"\r\n\n"04""B","x\ny"\n').records).toEqual([
      { line: 1, cells: ['uid', 'number'] },
      { line: 2, cells: ['04A1', 'K-1, a'] },
      { line: 4, cells: ['04"B', 'x\ny'] },
    ]);
    expect(parseCsv('a;b\n1;2').separator).toBe(';');
  });

  it('previews every row with its errors and writes nothing', async () => {
    await t.db.insert(loyaltyCards).values({ companyId, ownerId: owner?.id ?? 0, uid: '04A1FFFF', number: 'TAKEN-1' });
    const res = await upload<CardUploadPreview>(file, false);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      rowsRead: 8,
      rowsValid: 2,
      rowsRefused: 6,
      columns: ['uid', 'number', 'holderEmail', 'status', 'statusReason'],
    });
    const errors = Object.fromEntries(res.body.rows.map((r) => [r.line, r.errors.map((e) => `${e.field}:${e.code}`)]));
    expect(errors).toEqual({
      2: [],
      3: ['uid:card_uid'],
      4: ['number:duplicate_in_file'],
      5: ['number:duplicate_in_file'],
      6: ['holderEmail:holder_unknown'],
      7: ['statusReason:reason_required'],
      8: [],
      9: ['uid:unique'],
    });
    const row4 = res.body.rows.find((r) => r.line === 4);
    expect(row4?.errors[0]).toMatchObject({ params: { line: 5 }, message: 'Line 5 of the file has the same value.' });
    expect(res.body.rows.find((r) => r.line === 8)?.holderName).toBe('Ana Anić');
    expect(res.body.rows.find((r) => r.line === 9)?.values.number).toBe('U-0009; "quoted"');
    expect((await cardsOfOwner()).length).toBe(1);
    expect(await importsOf()).toEqual([]);
  });

  it('words the errors in Croatian for accept-language: hr', async () => {
    const res = await upload<CardUploadPreview>(file, false, { lang: 'hr' });
    const messages = res.body.rows.flatMap((r) => r.errors.map((e) => e.message));
    expect(messages).toContain('Redak 5 datoteke ima istu vrijednost.');
    expect(messages).toContain('Nijedan korisnik kartice ovog programa nema e-mail nobody@example.com.');
    expect(messages).toContain('Ova vrijednost se već koristi.');
  });

  it('accepts Croatian headers and comma separated files', async () => {
    const res = await upload<CardUploadPreview>('Oznaka čipa,Broj,Napomena\n04B20001,H-1,x\n', false);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rowsValid: 1, columns: ['uid', 'number'], ignoredColumns: ['Napomena'] });
  });

  it('on confirm writes exactly the valid rows and records the import with the refused ones', async () => {
    const res = await upload<ImportRecord>(file, true);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'loyalty-cards', status: 'done', rowsRead: 8, rowsWritten: 2, rowsRefused: 6, error: null });
    expect(res.body.refused?.map((r) => r.line)).toEqual([3, 4, 5, 6, 7, 9]);
    expect(res.body.refused?.[0]?.errors[0]?.message).toMatch(/chip id/);
    const cards = await cardsOfOwner();
    expect(cards.map((c) => c.uid).sort()).toEqual(['04A10001', '04A10007', '04A1FFFF']);
    const [blocked] = await t.db.select().from(loyaltyCards).where(eq(loyaltyCards.uid, '04A10007'));
    expect(blocked).toMatchObject({ status: 'blocked', statusReason: 'Izgubljen novčanik', number: 'U-0007' });
    expect(blocked?.holderId).not.toBeNull();
    // The cards' list sees them at once (the read caches were bumped).
    const list = await t.json<{ member: LoyaltyCard[] }>('manager', { url: `/api/v2/loyalty-cards?owner=${owner?.id}&itemsPerPage=50` });
    expect(list.body.member.map((c) => c.number).sort()).toEqual(['TAKEN-1', 'U-0001', 'U-0007']);
    const [record] = await importsOf();
    expect(record).toMatchObject({ status: 'done', rowsWritten: 2, rowsRefused: 6, fileName: 'cards.csv' });
    expect(record?.refused[0]).toEqual({
      line: 3,
      values: expect.objectContaining({ uid: 'XYZ' }),
      errors: [{ field: 'uid', code: 'card_uid' }],
    });
    // The same file again: everything is taken now.
    const again = await upload<CardUploadPreview>(file, false);
    expect(again.body.rowsValid).toBe(0);
  });

  it('writes nothing and records a failed import when the write fails (a uid taken meanwhile)', async () => {
    const [manager] = await t.db.select().from(users).where(eq(users.email, demo.manager));
    const ctx = {
      actor: { userId: manager?.id ?? 0, companyId },
      lang: 'hr',
      view: 'mine',
      visible: [companyId],
      listed: [companyId],
      can: () => true,
    } as unknown as RequestContext;
    const before = (await cardsOfOwner()).length;
    const content = 'uid;number\n04C30001;R-1\n04C30002;R-2\n04C30003;R-3\n';
    const failed = uploadCards(
      t.db,
      ctx,
      { fileName: 'race.csv', content, owner: ownerIri, confirm: true },
      {
        // A uid of the file is taken after the check, before the insert (in the write's transaction: the
        // embedded database has one connection, so another writer's commit cannot be waited for here).
        beforeWrite: (tx) => tx.insert(loyaltyCards).values({ companyId, ownerId: owner?.id ?? 0, uid: '04C30002', number: 'OTHER-2' }),
      },
    );
    await expect(failed).rejects.toMatchObject({ status: 409, code: 'import_failed' });
    await failed.catch((e: { params: { reason: string } }) =>
      expect(e.params.reason).toBe('druga kartica je u međuvremenu zauzela uid 04C30002.'),
    );
    const cards = await cardsOfOwner();
    expect(cards.length).toBe(before);
    expect(cards.some((c) => c.number.startsWith('R-'))).toBe(false);
    const last = (await importsOf()).at(-1);
    expect(last).toMatchObject({ fileName: 'race.csv', status: 'failed', rowsRead: 3, rowsWritten: 0, rowsRefused: 0 });
    // A code and its parameters (decision 0027), read in any language.
    expect(last).toMatchObject({ error: 'import_taken', errorParams: { field: 'uid', value: '04C30002' } });
  });

  it("refuses another company's owner, non-managers, a missing column, too many rows and too large files", async () => {
    const foreign = await upload<Problem>('uid;number\n04D40001;F-1\n', false, { owner: `/api/v2/loyalty-owners/${foreignOwner?.id}` });
    expect(foreign.status).toBe(422);
    expect(foreign.body.violations?.[0]).toMatchObject({ propertyPath: 'owner', code: 'reference' });
    expect((await upload<Problem>('uid;number\n04D40001;F-1\n', false, { user: 'accountant' })).status).toBe(403);
    const noColumn = await upload<Problem>('uid;broj kartice x\n04D40001;F-1\n', false, { lang: 'hr' });
    expect(noColumn.status).toBe(422);
    expect(noColumn.body.detail).toMatch(/nema stupac "number"/);
    const many = `uid;number\n${Array.from({ length: 20_001 }, (_, i) => `04E5${i.toString(16).padStart(4, '0')};M-${i}`).join('\n')}`;
    const tooMany = await upload<Problem>(many, false);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.detail).toBe('The file has 20001 rows: at most 20000 can be uploaded at once. Split it into smaller files.');
    const big = `uid;number;note\n04E60001;B-1;${'x'.repeat(5 * 1024 * 1024)}\n`;
    const tooBig = await upload<Problem>(big, false);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.detail).toMatch(/at most 5 MB/);
    const empty = await upload<Problem>('uid;number\n', false);
    expect(empty.status).toBe(422);
    // Refusals of the whole file are no imports: only the race above failed.
    expect((await importsOf()).filter((i) => i.status === 'failed').map((i) => i.fileName)).toEqual(['race.csv']);
  });

  it('reads an XLSX workbook’s first sheet like a CSV: bad rows by their line, in the caller’s language', async () => {
    // Croatian headers; line 3 a bad chip id; line 4's number typed as a number in the sheet.
    const book = await xlsx([
      ['Oznaka čipa', 'Broj', 'E-mail', 'Stanje'],
      ['04F70001', 'X-1', 'ana@example.com', 'aktivna'],
      ['ZZ', 'X-2', null, null],
      ['04F70003', 1003, null, null],
    ]);
    const preview = await upload<CardUploadPreview>(book, false, { format: 'xlsx', fileName: 'kartice.xlsx', lang: 'hr' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ fileName: 'kartice.xlsx', rowsRead: 3, rowsValid: 2, rowsRefused: 1 });
    expect(preview.body.rows.find((r) => r.line === 2)?.holderName).toBe('Ana Anić');
    expect(preview.body.rows.find((r) => r.line === 3)?.errors).toEqual([
      {
        field: 'uid',
        code: 'card_uid',
        message: 'Upišite oznaku čipa kartice: 4 do 32 heksadecimalne znamenke (razdjelnici se zanemaruju).',
      },
    ]);
    expect(preview.body.rows.find((r) => r.line === 4)?.values.number).toBe('1003');

    const written = await upload<ImportRecord>(book, true, { format: 'xlsx', fileName: 'kartice.xlsx' });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    expect(written.body).toMatchObject({ kind: 'loyalty-cards', fileName: 'kartice.xlsx', rowsWritten: 2, rowsRefused: 1 });
    expect(written.body.refused?.map((r) => r.line)).toEqual([3]);
    const cards = await t.db.select().from(loyaltyCards).where(eq(loyaltyCards.number, '1003'));
    expect(cards.map((c) => c.uid)).toEqual(['04F70003']);

    // What is no workbook is refused as a whole, in Croatian, never a 500.
    const csvAsXlsx = await upload<Problem>('uid;number\n04F80001;Y-1\n', false, { format: 'xlsx', lang: 'hr' });
    expect(csvAsXlsx.status).toBe(422);
    expect(csvAsXlsx.body.detail).toBe('Ovo nije Excel radna knjiga (.xlsx) koja se može pročitati.');
    const noNumber = await upload<Problem>(await xlsx([['uid'], ['04F80002']]), false, { format: 'xlsx' });
    expect(noNumber.status).toBe(422);
  });
});
