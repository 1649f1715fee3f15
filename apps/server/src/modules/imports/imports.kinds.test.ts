import { type ImportPreview, type ImportRecord, importColumns, type Problem } from '@kovanica/contract';
import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../core/context.ts';
import { auditLog, cities, companies, devicePlacements, devices, imports, locations } from '../../db/schema/index.ts';
import { type DemoUser, testApp } from '../../testing/app.ts';
import { createLessor, createLogger } from '../../testing/fixtures.ts';
import { importDevices } from './imports.devices.ts';
import { importLocations } from './imports.locations.ts';

// Locations and devices through `POST /imports` (decision 0027), and XLSX input.
const t = await testApp();
const [zabavni] = await t.db.select().from(companies).where(eq(companies.name, 'Zabavni automati d.o.o.'));
const [drugi] = await t.db.select().from(companies).where(eq(companies.oib, '98765432198'));
const companyId = zabavni?.id ?? 0;
// The other company imports too (the transfer module on).
await t.db
  .update(companies)
  .set({ activeModules: [...(drugi?.activeModules ?? []), 'transfer'] })
  .where(eq(companies.id, drugi?.id ?? 0));
await t.db.update(companies).set({ tokenValueCents: 50 }).where(eq(companies.id, companyId));
await t.db
  .insert(cities)
  .values([{ name: 'Uvozgrad' }, { name: 'Drugigrad' }])
  .onConflictDoNothing();
const lessor = await createLessor(t, { name: 'Uvoz Najmodavac d.o.o.' });
await createLessor(t, { name: 'Dvojnik d.o.o.' });
await createLessor(t, { name: 'dvojnik d.o.o.' });
// Another company's lessor by a name this one's file uses: not found from here.
await createLessor(t, { name: 'Tuđi najmodavac' }, 'otherManager');
const logger = await createLogger(t, { serial: 'SER-UVOZ-1' });
const logger2 = await createLogger(t);
const fittedLogger = await createLogger(t);
await t.db.insert(locations).values({ companyId, name: 'Uvoz Postojeća', cityId: (await cityId('Uvozgrad')) ?? 0 });
await t.db.insert(devices).values({ companyId, name: 'Uvoz Stari uređaj', group: 'other', loggerId: fittedLogger.id });

async function cityId(name: string) {
  const [city] = await t.db.select().from(cities).where(eq(cities.name, name));
  return city?.id;
}

const post = <T>(
  kind: string,
  content: string,
  confirm: boolean,
  extra: { lang?: string; user?: DemoUser; fileName?: string; company?: string; format?: string } = {},
) =>
  t.json<T>(extra.user ?? 'manager', {
    method: 'POST',
    url: '/api/v2/imports',
    headers: extra.lang ? { 'accept-language': extra.lang } : {},
    payload: {
      kind,
      fileName: extra.fileName ?? `${kind}.csv`,
      content,
      confirm,
      ...(extra.format ? { format: extra.format } : {}),
      ...(extra.company ? { company: extra.company } : {}),
    },
  });

const errorsOf = (preview: ImportPreview) =>
  Object.fromEntries(preview.rows.map((r) => [r.line, r.errors.map((e) => `${e.field}:${e.code}`)]));

const ctxOf = (lang = 'en') =>
  ({
    actor: { userId: 2, companyId, role: 'manager', email: 'manager@example.com' },
    ip: null,
    lang,
    view: 'mine',
    visible: [companyId],
    listed: [companyId],
    can: () => true,
  }) as unknown as RequestContext;

// 2 valid (a lessor, Croatian yes, rent in euros with thousands grouped); 3 an unknown city; 4 an unknown lessor (another
// company's); 5 a lessor whose name two lessors share; 6 and 7 the same name; 8 a name the company
// has; 9 a bad percentage and payment method; 10 valid, city in other case, no lessor.
const locationFile = [
  'naziv;grad;najmodavac;adresa;aktivna;vrsta najma;najamnina;postotak najma;način plaćanja;fiskalizacija',
  'Uvoz Lokacija A;Uvozgrad;Uvoz Najmodavac d.o.o.;Ilica 1;da;fiksni;1.150,00 €;;gotovina;ne',
  'Uvoz Lokacija B;Nepostojigrad;;;;;;;;',
  'Uvoz Lokacija C;Uvozgrad;Tuđi najmodavac;;;;;;;',
  'Uvoz Lokacija D;Uvozgrad;Dvojnik d.o.o.;;;;;;;',
  'Uvoz Dupla;Uvozgrad;;;;;;;;',
  'uvoz dupla;Uvozgrad;;;;;;;;',
  'Uvoz Postojeća;Uvozgrad;;;;;;;;',
  'Uvoz Lokacija E;Uvozgrad;;;možda;;;150;bitcoin;',
  'Uvoz Lokacija F;drugigrad;;;;;;;;',
].join('\n');

const importedLocations = (prefix: string) =>
  t.db
    .select()
    .from(locations)
    .where(and(eq(locations.companyId, companyId), like(locations.name, `${prefix}%`)))
    .orderBy(locations.name);
const importedDevices = (prefix: string) =>
  t.db
    .select()
    .from(devices)
    .where(and(eq(devices.companyId, companyId), like(devices.name, `${prefix}%`)))
    .orderBy(devices.name);

describe('POST /imports (locations)', () => {
  it('previews every row, references found by name in the company, and writes nothing', async () => {
    const before = (await t.db.select().from(imports)).length;
    const res = await post<ImportPreview>('locations', locationFile, false);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(errorsOf(res.body)).toEqual({
      2: [],
      3: ['city:city_unknown'],
      4: ['lessor:lessor_unknown'],
      5: ['lessor:name_ambiguous'],
      6: ['name:duplicate_in_file'],
      7: ['name:duplicate_in_file'],
      8: ['name:unique'],
      9: ['active:boolean', 'rentalPercentage:percent', 'paymentMethod:choice'],
      10: [],
    });
    expect(res.body).toMatchObject({ rowsRead: 9, rowsValid: 2, rowsRefused: 7 });
    expect(await importedLocations('Uvoz Lokacija')).toEqual([]);
    expect((await t.db.select().from(imports)).length).toBe(before);
    const hr = await post<ImportPreview>('locations', locationFile, false, { lang: 'hr' });
    expect(hr.body.rows.find((r) => r.line === 3)?.errors[0]?.message).toBe('Nema grada imena "Nepostojigrad".');
    expect(hr.body.rows.find((r) => r.line === 4)?.errors[0]?.message).toBe('Tvrtka nema najmodavca imena "Tuđi najmodavac".');
    expect(res.body.rows.find((r) => r.line === 3)?.errors[0]?.message).toBe('No city is named "Nepostojigrad".');
  });

  it('writes the valid rows with their audit entries, all in one go', async () => {
    const res = await post<ImportRecord>('locations', locationFile, true);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'locations', status: 'done', rowsRead: 9, rowsWritten: 2, rowsRefused: 7 });
    const rows = await importedLocations('Uvoz Lokacija');
    expect(
      rows.map((r) => [
        r.name,
        r.cityId,
        r.lessorId,
        r.address,
        r.active,
        r.rentalType,
        r.contractRentalAmountCents,
        r.paymentMethod,
        r.fiscalization,
      ]),
    ).toEqual([
      ['Uvoz Lokacija A', await cityId('Uvozgrad'), lessor.id, 'Ilica 1', true, 'fixed', 115000, 'cash', false],
      ['Uvoz Lokacija F', await cityId('Drugigrad'), null, null, true, null, null, 'cash', true],
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'locations'), eq(auditLog.recordId, rows[0]?.id ?? 0)));
    expect(audit).toMatchObject([{ action: 'create', companyId, after: { name: 'Uvoz Lokacija A' } }]);
    // The API reads them like any location.
    const one = await t.json<{ cityName: string; lessorName: string }>('manager', { url: `/api/v2/locations/${rows[0]?.id}` });
    expect(one.body).toMatchObject({ cityName: 'Uvozgrad', lessorName: 'Uvoz Najmodavac d.o.o.' });
    // Again: the names are taken now, nothing is written twice.
    const again = await post<ImportRecord>('locations', locationFile, true);
    expect(again.body).toMatchObject({ rowsWritten: 0, rowsRefused: 9 });
    expect((await importedLocations('Uvoz Lokacija')).length).toBe(2);
  });

  it('writes nothing when a name is taken between the check and the write', async () => {
    const content = 'name;city\nUtrka L1;Uvozgrad\nUtrka L2;Uvozgrad\n';
    // Read before the write's transaction: inside it only `tx` may be used (PGlite has one connection).
    const city = (await cityId('Uvozgrad')) ?? 0;
    const failed = importLocations(t.db, ctxOf('hr'), { fileName: 'race-locations.csv', content, confirm: true }, companyId, {
      beforeWrite: (tx) => tx.insert(locations).values({ companyId, name: 'Utrka L2', cityId: city }),
    });
    await expect(failed).rejects.toMatchObject({ status: 409, code: 'import_failed' });
    await failed.catch((e: { params: { reason: string } }) =>
      expect(e.params.reason).toBe('druga lokacija je u međuvremenu zauzela naziv Utrka L2.'),
    );
    expect(await importedLocations('Utrka L')).toEqual([]);
    const [last] = await t.db.select().from(imports).where(eq(imports.fileName, 'race-locations.csv'));
    expect(last).toMatchObject({ status: 'failed', rowsWritten: 0, error: 'import_location_taken' });
  });
});

describe('POST /imports (devices)', () => {
  // 2 valid at a location with a logger by serial, the company's token value; 3 valid, a Croatian
  // group, a logger by IMEI, its own token value, no location; 4 an unknown location; 5 an unknown
  // logger; 6 a logger fitted already; 7 a bad group and price; 8 a name the company has; 9 and 10
  // the same logger.
  const deviceFile = () =>
    [
      'naziv;grupa;lokacija;logger;cijena igre;vrijednost žetona;fiskalizacija',
      'Uvoz Uređaj A;prize device;Uvoz Postojeća;ser-uvoz-1;2,00;;da',
      `Uvoz Uređaj B;ostalo;;${logger2.imei};1;0,20;`,
      'Uvoz Uređaj C;vending;Nema je;;;;',
      'Uvoz Uređaj D;vending;;NEPOZNAT;;;',
      `Uvoz Uređaj E;vending;;${fittedLogger.imei};;;`,
      'Uvoz Uređaj F;raketa;;;skupo;;',
      'uvoz stari uređaj;other;;;;;',
      'Uvoz Uređaj G;other;;SER-UVOZ-1;;;',
      'Uvoz Uređaj H;other;;SER-UVOZ-1;;;',
    ].join('\n');

  it('previews every row with its references checked and writes nothing', async () => {
    const res = await post<ImportPreview>('devices', deviceFile(), false);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(errorsOf(res.body)).toEqual({
      2: ['logger:duplicate_in_file'],
      3: [],
      4: ['location:location_unknown'],
      5: ['logger:logger_unknown'],
      6: ['logger:logger_taken'],
      7: ['group:choice', 'playPrice:number'],
      8: ['name:unique'],
      9: ['logger:duplicate_in_file'],
      10: ['logger:duplicate_in_file'],
    });
    expect(await importedDevices('Uvoz Uređaj')).toEqual([]);
  });

  it('writes like POST /devices: the company’s token value, the placement opened', async () => {
    const file = deviceFile().split('\n').slice(0, -2).join('\n');
    const res = await post<ImportRecord>('devices', file, true);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'devices', status: 'done', rowsRead: 7, rowsWritten: 2, rowsRefused: 5 });
    const rows = await importedDevices('Uvoz Uređaj');
    const [postojeca] = await t.db.select().from(locations).where(eq(locations.name, 'Uvoz Postojeća'));
    expect(rows.map((r) => [r.name, r.group, r.locationId, r.loggerId, r.playPriceCents, r.tokenValueCents, r.fiscalize])).toEqual([
      ['Uvoz Uređaj A', 'prize_device', postojeca?.id, logger.id, 200, 50, 'on'],
      ['Uvoz Uređaj B', 'other', null, logger2.id, 100, 20, 'inherit'],
    ]);
    expect(rows[0]?.locationSince).toBeInstanceOf(Date);
    expect(rows[1]?.locationSince).toBeNull();
    const stays = await t.db
      .select()
      .from(devicePlacements)
      .where(eq(devicePlacements.deviceId, rows[0]?.id ?? 0));
    expect(stays).toMatchObject([{ locationId: postojeca?.id, toAt: null, movedById: 2 }]);
    const api = await t.json<{ fiscalizeApplied: boolean; locationName: string }>('manager', { url: `/api/v2/devices/${rows[0]?.id}` });
    expect(api.body).toMatchObject({ fiscalizeApplied: true, locationName: 'Uvoz Postojeća' });
  });

  it('fails the whole import when a logger is fitted between the check and the write', async () => {
    const spare = await createLogger(t);
    const content = `name;group;logger\nUtrka D1;other;\nUtrka D2;other;${spare.imei}\n`;
    const failed = importDevices(t.db, ctxOf(), { fileName: 'race-devices.csv', content, confirm: true }, companyId, {
      beforeWrite: (tx) => tx.insert(devices).values({ companyId, name: 'Netko drugi', group: 'other', loggerId: spare.id }),
    });
    await expect(failed).rejects.toMatchObject({ status: 409, code: 'import_failed' });
    expect(await importedDevices('Utrka D')).toEqual([]);
    const [last] = await t.db.select().from(imports).where(eq(imports.fileName, 'race-devices.csv'));
    expect(last).toMatchObject({ status: 'failed', rowsWritten: 0, error: 'import_logger_taken' });
  });
});

/** A workbook of one sheet as base64, the way the browser sends a chosen .xlsx. */
async function xlsx(rows: unknown[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Uvoz');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

describe('XLSX files', () => {
  it('reads the first sheet into the same rows as a CSV, for every kind', async () => {
    const articles = await xlsx([
      ['Naziv', 'Jedinica', 'PDV', 'Prodajna bruto'],
      ['Xlsx Bombon', 'kom', 25, 2],
      ['Xlsx Sok', { richText: [{ text: 'p' }, { text: 'cs' }] }, 13, { formula: '1+0.2', result: 1.2 }],
      ['Xlsx Krivo', '', 25, 'abc'],
    ]);
    const preview = await post<ImportPreview>('articles', articles, false, { format: 'xlsx', fileName: 'artikli.xlsx' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(errorsOf(preview.body)).toEqual({ 2: [], 3: [], 4: ['unit:required', 'sellingGross:number'] });
    expect(preview.body.rows[1]?.values).toMatchObject({ unit: 'pcs', sellingGross: '1.2' });
    const written = await post<ImportRecord>('articles', articles, true, { format: 'xlsx', fileName: 'artikli.xlsx' });
    expect(written.body).toMatchObject({ rowsWritten: 2, rowsRefused: 1, fileName: 'artikli.xlsx' });
    const places = await xlsx([
      ['name', 'city'],
      ['Xlsx Lokacija', 'Uvozgrad'],
    ]);
    expect((await post<ImportRecord>('locations', places, true, { format: 'xlsx' })).body).toMatchObject({ rowsWritten: 1 });
    const machines = await xlsx([
      ['name', 'group', 'location'],
      ['Xlsx Uređaj', 'vending', 'Xlsx Lokacija'],
    ]);
    expect((await post<ImportRecord>('devices', machines, true, { format: 'xlsx' })).body).toMatchObject({ rowsWritten: 1 });
  });

  it('refuses what is no workbook with a 4xx in the caller’s language', async () => {
    const csvAsXlsx = await post<Problem>('articles', Buffer.from('name;unit\nX;pcs\n').toString('base64'), false, {
      format: 'xlsx',
      lang: 'hr',
    });
    expect(csvAsXlsx.status).toBe(422);
    expect(csvAsXlsx.body.detail).toMatch(/nije Excel/);
    expect((await post<Problem>('articles', 'not base64 at all!', false, { format: 'xlsx' })).status).toBe(422);
    const brokenZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]).toString('base64');
    expect((await post<Problem>('articles', brokenZip, false, { format: 'xlsx' })).status).toBe(422);
    expect((await post<Problem>('articles', await xlsx([['naziv', 'boja']]), false, { format: 'xlsx' })).status).toBe(422);
    expect((await post<Problem>('articles', await xlsx([['name', 'unit']]), false, { format: 'xlsx' })).status).toBe(422);
    const many = await xlsx([['name', 'unit'], ...Array.from({ length: 20_001 }, (_, i) => [`M${i}`, 'pcs'])]);
    expect((await post<Problem>('articles', many, false, { format: 'xlsx' })).status).toBe(413);
    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 0x50).toString('base64');
    expect((await post<Problem>('articles', huge, false, { format: 'xlsx' })).status).toBe(413);
    expect((await post<Problem>('articles', 'x', false, { format: 'pdf' })).status).toBe(422);
  });
});

describe('who may import locations and devices', () => {
  it('lets managers and admins import; accountants and workers not; a manager only into their company', async () => {
    const small = 'name;city\nPravo A;Uvozgrad\n';
    expect((await post('locations', small, false, { user: 'admin' })).status).toBe(200);
    expect((await post('locations', small, false, { user: 'accountant' })).status).toBe(403);
    expect((await post('devices', 'name;group\nX;other\n', false, { user: 'worker' })).status).toBe(403);
    const foreign = await post<Problem>('devices', 'name;group\nX;other\n', false, {
      user: 'otherManager',
      company: `/api/v2/companies/${companyId}`,
    });
    expect(foreign.status).toBe(422);
    // The admin imports into another company by naming it; its references are that company's.
    const theirs = await post<ImportPreview>('locations', 'name;city;lessor\nTuđa lokacija;Uvozgrad;Tuđi najmodavac\n', false, {
      user: 'admin',
      company: `/api/v2/companies/${drugi?.id}`,
    });
    expect(errorsOf(theirs.body)).toEqual({ 2: [] });
  });
});

describe('the templates', () => {
  it("reads every kind's template whole, in English and in Croatian: every header a column, the same row", async () => {
    for (const [kind, spec] of Object.entries(importColumns)) {
      const read = async (headers: readonly string[], example: readonly string[]) => {
        const res = await post<ImportPreview>(kind, `${headers.join(';')}\r\n${example.join(';')}\r\n`, false);
        expect(res.status, `${kind}: ${JSON.stringify(res.body)}`).toBe(200);
        return res.body;
      };
      const en = await read(spec.columns, spec.example);
      const hr = await read(
        spec.columns.map((c) => spec.hr.headers[c] ?? ''),
        spec.hr.example,
      );
      for (const preview of [en, hr]) {
        expect(preview.ignoredColumns, kind).toEqual([]);
        expect([...preview.columns].sort(), kind).toEqual([...spec.columns].sort());
      }
      // The Croatian words are taken as the English ones: the same errors (the example's places and
      // devices need not exist here), on no column but a reference.
      expect(errorsOf(hr), kind).toEqual(errorsOf(en));
      const fields = new Set(Object.values(errorsOf(en)).flatMap((errors) => errors.map((e) => e.split(':')[0])));
      for (const field of fields) expect(['city', 'lessor', 'location', 'device', 'logger'], `${kind}: ${field}`).toContain(field);
    }
  });
});
