import {
  type Article,
  type Device,
  type ExportItem,
  iri,
  type MachineAuditCounters,
  machineAuditCounters,
  type Planogram,
  type ProductSalesReport,
} from '@kovanica/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, auditSales, machineAudits, type StoredAuditProduct, stockMovements } from '../../db/schema/index.ts';
import { seedDemoPlanograms } from '../../demo/planograms.ts';
import { seedStock } from '../../demo/stock.ts';
import { type DemoUser, mergePatch, testApp } from '../../testing/app.ts';
import { createDevice } from '../../testing/fixtures.ts';
import { ExportSweep } from '../exports/exports.service.ts';
import { articlesOfSelections, recordAuditSales } from './planograms.service.ts';

const t = await testApp();

interface Problem {
  status: number;
  message: string;
  violations?: { propertyPath: string; code: string; message: string }[];
}

let serial = 0;
async function newArticle(user: DemoUser = 'manager', name = `Snack ${++serial}`): Promise<Article> {
  const res = await t.json<Article>(user, {
    method: 'POST',
    url: '/api/v2/articles',
    payload: { name, unit: 'pcs', purchaseNetCents: 40 },
  });
  if (res.status !== 201) throw new Error(`article: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const vendingDevice = (user: DemoUser = 'manager') => createDevice(t, { name: `Vending ${++serial}`, group: 'vending' }, user);

const put = (user: DemoUser, device: Device, selections: { selection: string; article: string }[], lang = 'en') =>
  t.json<Planogram & Problem>(user, {
    method: 'PATCH',
    url: `${device['@id']}/planogram`,
    payload: { selections },
    headers: { ...mergePatch, 'accept-language': lang },
  });
const read = (user: DemoUser, device: Device) => t.json<Planogram & Problem>(user, { url: `${device['@id']}/planogram` });

const noCounters = Object.fromEntries(Object.keys(machineAuditCounters.shape).map((k) => [k, null])) as MachineAuditCounters;
const product = (selection: string, paidVends: number | null, priceCents: number | null = 150): StoredAuditProduct => ({
  selection,
  priceCents,
  paidVends,
  paidCents: paidVends === null || priceCents === null ? null : paidVends * priceCents,
  testVends: null,
  freeVends: null,
});
/** An audit of the device stored as the audits module stores one (its figures already read). */
async function storeAudit(device: Device, auditedAt: string, products: StoredAuditProduct[], machineSerial: string | null = null) {
  const [row] = await t.db
    .insert(machineAudits)
    .values({
      companyId: Number(device.company.split('/').pop()),
      deviceId: device.id,
      fileName: 'test.dex',
      source: 'api',
      content: `ID1*${device.id}*${auditedAt}`,
      contentHash: `planogram-test-${device.id}-${auditedAt}-${++serial}`,
      machineSerial,
      counters: noCounters,
      products,
      auditedAt: new Date(auditedAt),
    })
    .returning();
  if (!row) throw new Error('audit not stored');
  return row;
}

describe('the demo', () => {
  it('gives two vending machines of the first company a planogram of its stock’s articles, once', async () => {
    await seedStock(t.db);
    expect(await seedDemoPlanograms(t.db)).toBe(8);
    expect(await seedDemoPlanograms(t.db)).toBe(0);
    const found = await t.json<{ member: Device[] }>('manager', {
      url: `/api/v2/devices?name=${encodeURIComponent('Automat za slatkiše 1')}`,
    });
    const machine = found.body.member.find((d) => d.name === 'Automat za slatkiše 1');
    if (!machine) throw new Error('the demo machine is missing');
    const shown = await read('worker', machine);
    expect(shown.body.selections.map((s) => [s.selection, s.articleName])).toEqual([
      ['11', 'Kapsula s igračkom'],
      ['12', 'Loptica skočica'],
      ['13', 'Privjesak za ključeve'],
      ['21', 'Plišana igračka, mala'],
    ]);
  });
});

describe('a device’s planogram', () => {
  it('is written by a manager, in the machine’s order, and read by every role of the company', async () => {
    const device = await vendingDevice();
    const [cola, chips] = [await newArticle(), await newArticle()];
    const empty = await read('manager', device);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ '@type': 'Planogram', device: device['@id'], selections: [], updatedAt: null });
    const res = await put('manager', device, [
      { selection: '12', article: chips['@id'] },
      { selection: '2', article: cola['@id'] },
      { selection: ' A3 ', article: cola['@id'] },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.selections).toEqual([
      { selection: '2', article: cola['@id'], articleName: cola.name },
      { selection: '12', article: chips['@id'], articleName: chips.name },
      { selection: 'A3', article: cola['@id'], articleName: cola.name },
    ]);
    expect(res.body.updatedAt).not.toBeNull();
    for (const user of ['worker', 'accountant', 'admin'] as const) {
      const seen = await read(user, device);
      expect(seen.status, user).toBe(200);
      expect(seen.body.selections.map((s) => s.selection)).toEqual(['2', '12', 'A3']);
    }
    // Replaced whole: a selection left out is gone.
    const again = await put('admin', device, [{ selection: '2', article: chips['@id'] }]);
    expect(again.status).toBe(200);
    expect(again.body.selections).toEqual([{ selection: '2', article: chips['@id'], articleName: chips.name }]);
    const map = await articlesOfSelections(t.db, device.id);
    expect([...map]).toEqual([['2', { article: chips['@id'], articleName: chips.name }]]);
  });

  it('is recorded in the audit trail, before and after', async () => {
    const device = await vendingDevice();
    const cola = await newArticle('manager', `Cola ${++serial}`);
    await put('manager', device, [{ selection: '11', article: cola['@id'] }]);
    await put('manager', device, []);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'planograms'), eq(auditLog.recordId, device.id)))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.before?.selections, e.after?.selections])).toEqual([
      ['', `11 → ${cola.name}`],
      [`11 → ${cola.name}`, ''],
    ]);
  });

  it('is not written by a worker or an accountant (403), nor reached from another company (404)', async () => {
    const device = await vendingDevice();
    const cola = await newArticle();
    const selections = [{ selection: '11', article: cola['@id'] }];
    const worker = await put('worker', device, selections);
    expect(worker.status).toBe(403);
    expect(worker.body.message).toContain('planogram');
    expect((await put('accountant', device, selections)).status).toBe(403);
    expect((await read('otherManager', device)).status).toBe(404);
    expect((await put('otherManager', device, [])).status).toBe(404);
    expect((await read('manager', device)).body.selections).toEqual([]);
  });

  it('refuses an unknown article, another company’s, a selection twice or too long (422, in the caller’s language)', async () => {
    const device = await vendingDevice();
    const cola = await newArticle();
    const foreign = await newArticle('otherManager');
    const unknown = [{ selection: '11', article: iri('articles', 2_000_000_000) }];
    const en = await put('manager', device, unknown);
    expect(en.status).toBe(422);
    expect(en.body.violations).toEqual([expect.objectContaining({ propertyPath: 'selections.0.article', code: 'reference' })]);
    const hr = await put('manager', device, unknown, 'hr');
    expect(hr.status).toBe(422);
    expect(hr.body.violations?.[0]?.message).not.toBe(en.body.violations?.[0]?.message);
    // An admin reaches the other company's article: still not this device's company's.
    const other = await put('admin', device, [
      { selection: '11', article: cola['@id'] },
      { selection: '12', article: foreign['@id'] },
    ]);
    expect(other.status).toBe(422);
    expect(other.body.violations).toEqual([expect.objectContaining({ propertyPath: 'selections.1.article', code: 'other_company' })]);
    const twice = await put('manager', device, [
      { selection: '11', article: cola['@id'] },
      { selection: '11 ', article: cola['@id'] },
    ]);
    expect(twice.status).toBe(422);
    expect(twice.body.violations).toEqual([expect.objectContaining({ propertyPath: 'selections.1.selection', code: 'unique' })]);
    const long = await put('manager', device, [{ selection: '12345678901', article: cola['@id'] }]);
    expect(long.status).toBe(422);
    expect(long.body.violations?.[0]?.propertyPath).toBe('selections.0.selection');
    expect((await read('manager', device)).body.selections).toEqual([]);
  });
});

describe('an audit’s sales', () => {
  it('are booked once as sales of the planogram’s articles; unmapped selections are answered', async () => {
    const device = await vendingDevice();
    const [cola, chips] = [await newArticle(), await newArticle()];
    await put('manager', device, [
      { selection: '11', article: cola['@id'] },
      { selection: '12', article: chips['@id'] },
    ]);
    const audit = await storeAudit(device, '2026-10-05T10:00:00Z', [product('11', 10), product('12', 4), product('13', 2)]);
    const sales = {
      companyId: audit.companyId,
      deviceId: device.id,
      auditId: audit.id,
      auditedAt: audit.auditedAt,
      products: [
        { selection: '11', vends: 3 },
        { selection: '12', vends: 0 },
        { selection: '13', vends: 2 },
        { selection: '14', vends: 0 },
      ],
    };
    const who = { machine: 'planogram test', ip: null };
    expect(await recordAuditSales(t.db, who, sales)).toEqual({ movements: 1, unmapped: ['13'] });
    const booked = await t.db.select().from(stockMovements).where(eq(stockMovements.deviceId, device.id));
    expect(booked).toEqual([
      expect.objectContaining({
        kind: 'sale',
        articleId: cola.id,
        quantity: 3,
        fromRepositoryId: null,
        toRepositoryId: null,
        createdById: null,
        at: audit.auditedAt,
      }),
    ]);
    const [link] = await t.db.select().from(auditSales).where(eq(auditSales.auditId, audit.id));
    expect(link).toMatchObject({ selection: '11', movementId: booked[0]?.id });
    // The same audit again, in a transaction as the audits module calls it: nothing more.
    const second = await t.db.transaction((tx) => recordAuditSales(tx, who, sales));
    expect(second).toEqual({ movements: 0, unmapped: ['13'] });
    expect(await t.db.select().from(stockMovements).where(eq(stockMovements.deviceId, device.id))).toHaveLength(1);
    // The movement reads as any other, in the movements list.
    const listed = await t.json<{ member: { kind: string; quantity: number; deviceName: string }[] }>('manager', {
      url: `/api/v2/movements?device=${encodeURIComponent(device['@id'])}`,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.member).toEqual([expect.objectContaining({ kind: 'sale', quantity: 3, deviceName: device.name })]);
  });
});

describe('a sale booked from an audit', () => {
  it('is reversed or changed by no one: 422 naming the audit, in the caller’s language; an accountant may not book at all (403)', async () => {
    const device = await vendingDevice();
    const cola = await newArticle();
    await put('manager', device, [{ selection: '11', article: cola['@id'] }]);
    const audit = await storeAudit(device, '2026-10-06T10:00:00Z', [product('11', 5)]);
    const sales = { companyId: audit.companyId, deviceId: device.id, auditId: audit.id, auditedAt: audit.auditedAt };
    await recordAuditSales(t.db, { machine: 'planogram test', ip: null }, { ...sales, products: [{ selection: '11', vends: 5 }] });
    const [sale] = await t.db.select().from(stockMovements).where(eq(stockMovements.deviceId, device.id));
    if (!sale) throw new Error('no sale booked');
    const reverse = (user: DemoUser, lang = 'en') =>
      t.json<Problem & { type: string; detail: string }>(user, {
        method: 'POST',
        url: `/api/v2/movements/${sale.id}/reverse`,
        payload: {},
        headers: { 'accept-language': lang },
      });
    // Every role that reverses movements by hand (stock's workers, managers, admins).
    for (const user of ['worker', 'manager', 'admin'] as const) {
      const res = await reverse(user);
      expect(res.status, user).toBe(422);
      expect(res.body.type).toBe('/api/v2/problems/audit_sale_not_reversible');
      expect(res.body.detail).toContain(iri('machine-audits', audit.id));
    }
    const en = await reverse('manager');
    const hr = await reverse('manager', 'hr');
    expect(hr.body.detail).toContain(iri('machine-audits', audit.id));
    expect(hr.body.detail).not.toBe(en.body.detail);
    expect((await reverse('accountant')).status).toBe(403);
    // Nor changed or deleted: movements have no such routes.
    for (const user of ['worker', 'manager', 'admin'] as const) {
      const patch = await t.json(user, {
        method: 'PATCH',
        url: `/api/v2/movements/${sale.id}`,
        payload: { quantity: 1 },
        headers: mergePatch,
      });
      expect([404, 405], `${user} PATCH`).toContain(patch.status);
      const remove = await t.json(user, { method: 'DELETE', url: `/api/v2/movements/${sale.id}` });
      expect([404, 405], `${user} DELETE`).toContain(remove.status);
    }
    // Nothing was booked: the sale stands alone, not reversed.
    const movements = await t.db.select().from(stockMovements).where(eq(stockMovements.deviceId, device.id));
    expect(movements.map((m) => [m.kind, m.quantity, m.reversesId])).toEqual([['sale', 5, null]]);
  });
});

describe('the product sales report', () => {
  it('adds up the vends between a device’s audits made in the range, per article, to the cent', async () => {
    const device = await vendingDevice();
    const fresh = await vendingDevice();
    const [cola, chips] = [await newArticle(), await newArticle()];
    await put('manager', device, [
      { selection: '11', article: cola['@id'] },
      { selection: '12', article: chips['@id'] },
      { selection: '21', article: cola['@id'] },
    ]);
    // Before the range: the start. In it: two audits (10 and 5 colas from 11 at 1,50 €, then 2,00 €).
    await storeAudit(device, '2026-09-30T20:00:00Z', [
      product('11', 100),
      product('12', 50, 120),
      product('21', 10, 90),
      product('13', 7, 100),
    ]);
    await storeAudit(device, '2026-10-03T09:00:00Z', [
      product('11', 110),
      product('12', 53, 120),
      product('21', 10, 90),
      product('13', 9, 100),
    ]);
    await storeAudit(device, '2026-10-31T22:30:00Z', [
      product('11', 115, 200),
      product('12', 53, 120),
      product('21', 14, 90),
      product('13', 9, 100),
    ]);
    // After the range (Zagreb's 1 November): not counted.
    await storeAudit(device, '2026-10-31T23:30:00Z', [product('11', 200, 200)]);
    // A device whose first audit is in the range has no span yet.
    await storeAudit(fresh, '2026-10-10T10:00:00Z', [product('11', 500)]);
    const url = `/api/v2/reports/product-sales?from=2026-10-01&to=2026-10-31`;
    const res = await t.json<ProductSalesReport>('manager', { url: `${url}&device=${encodeURIComponent(device['@id'])}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.spans).toBe(2);
    expect(res.body.rows).toEqual([
      // 10 × 150 + 5 × 200 from 11, 4 × 90 from 21
      { article: cola['@id'], articleName: cola.name, vends: 19, valueCents: 1_500 + 1_000 + 360 },
      { article: chips['@id'], articleName: chips.name, vends: 3, valueCents: 360 },
    ]);
    expect(res.body.unmapped).toEqual([{ device: device['@id'], deviceName: device.name, selection: '13', vends: 2, valueCents: 200 }]);
    expect(res.body.totals).toEqual({ vends: 24, valueCents: 2_860 + 360 + 200 });
    const both = await t.json<ProductSalesReport>('accountant', { url });
    expect(both.status).toBe(200);
    expect(both.body.spans).toBeGreaterThanOrEqual(2);
    // Another company's manager sees none of it.
    const other = await t.json<ProductSalesReport>('otherManager', { url: `${url}&device=${encodeURIComponent(device['@id'])}` });
    expect(other.body).toMatchObject({ rows: [], unmapped: [], spans: 0 });

    // Exported as the other reports are (decision 0026): the same lines and totals, in a file.
    const asked = await t.json<ExportItem>('manager', {
      method: 'POST',
      url: '/api/v2/exports',
      payload: { kind: 'product-sales', format: 'csv', params: { from: '2026-10-01', to: '2026-10-31', device: device['@id'] } },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    await new ExportSweep(t.db, () => {}, t.app.lists).sweep();
    const done = (await t.json<ExportItem>('manager', { url: asked.body['@id'] })).body;
    expect(done).toMatchObject({ status: 'done', rows: 3 });
    const text = (await t.as('manager', { url: done.file as string })).rawPayload.toString('utf8');
    // The file's lines after what it holds (company, report, period…): the table from its header on.
    const all = text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter(Boolean);
    const lines = all.slice(all.findIndex((line) => line.startsWith('Article (or device)')));
    expect(lines).toEqual([
      'Article (or device);Selection without an article;Vends;Value',
      `${cola.name};;19;28,60`,
      `${chips.name};;3;3,60`,
      `${device.name};13;2;2,00`,
      'Total;;24;34,20',
    ]);
    expect(
      (
        await t.json('worker', {
          method: 'POST',
          url: '/api/v2/exports',
          payload: { kind: 'product-sales', format: 'csv', params: { from: '2026-10-01', to: '2026-10-31' } },
        })
      ).status,
    ).toBe(403);
  });

  it('counts nothing across a reset or another machine, and refuses a bad range (422) and a worker (403)', async () => {
    const device = await vendingDevice();
    const cola = await newArticle();
    await put('manager', device, [{ selection: '11', article: cola['@id'] }]);
    await storeAudit(device, '2026-08-01T10:00:00Z', [product('11', 100)], 'M1');
    await storeAudit(device, '2026-08-02T10:00:00Z', [product('11', 5)], 'M1'); // reset
    await storeAudit(device, '2026-08-03T10:00:00Z', [product('11', 400)], 'M2'); // another machine
    await storeAudit(device, '2026-08-04T10:00:00Z', [product('11', 406)], 'M2');
    const res = await t.json<ProductSalesReport>('manager', {
      url: `/api/v2/reports/product-sales?from=2026-08-01&to=2026-08-31&device=${encodeURIComponent(device['@id'])}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([{ article: cola['@id'], articleName: cola.name, vends: 6, valueCents: 900 }]);
    const backwards = await t.json<Problem>('manager', { url: '/api/v2/reports/product-sales?from=2026-08-31&to=2026-08-01' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.violations?.[0]).toMatchObject({ propertyPath: 'to', code: 'end_before_start' });
    expect((await t.json('manager', { url: '/api/v2/reports/product-sales?from=2026-08-01&to=2026-08-31&device=x' })).status).toBe(400);
    expect((await t.json('worker', { url: '/api/v2/reports/product-sales?from=2026-08-01&to=2026-08-31' })).status).toBe(403);
  });
});
