import type { AuditEntry, Collection, Device, MachineAudit } from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, machineAudits } from '../../db/schema/index.ts';
import { demo, mergePatch, testApp } from '../../testing/app.ts';
import { createDevice, createDeviceWithLogger, sendEvents } from '../../testing/fixtures.ts';
import { type AuditFileFigures, writeAuditFile } from './machine-audits.files.ts';

const t = await testApp();
const HOUR = 3_600_000;
let n = 0;
/** A serial no other test (nor the demo) has. */
const serial = (prefix = 'T') => `${prefix}${Date.now().toString(36)}${++n}`;
/** An instant `hours` ago, to the second (an audit's clock has seconds). */
const ago = (hours: number) => new Date(Math.floor((Date.now() - hours * HOUR) / 1000) * 1000);

const file = (f: Partial<AuditFileFigures> & { machineSerial: string }) =>
  writeAuditFile({ at: ago(1), paidSalesCents: 10_000, paidVends: 50, cashInCents: 8_000, cashToBoxCents: 6_000, ...f });

const upload = (user: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.json<MachineAudit>(user, { method: 'POST', url: '/api/v2/machine-audits', payload, headers });

/** Uploads a file that must be stored (201) and answers the audit. */
async function stored(user: string, payload: Record<string, unknown>) {
  const res = await upload(user, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const countAudits = async () => (await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(machineAudits)).at(0)?.n ?? 0;

const setSerials = (device: Device, serials: { machineSerial?: string | null; boardSerial?: string | null }, user = 'manager') =>
  t.json<Device>(user, { method: 'PATCH', url: device['@id'], headers: mergePatch, payload: serials });

describe('taking an audit in', () => {
  it('stores a file as a manager and as a worker (201): its serial from ID101, its counters in cents', async () => {
    const machineSerial = serial();
    const audit = await stored('manager', {
      fileName: 'a.dex',
      content: file({ machineSerial, boardSerial: 'B-1', paidSalesCents: 12_345 }),
    });
    expect(audit).toMatchObject({
      machineSerial,
      boardSerial: 'B-1',
      device: null,
      source: 'api',
      fileName: 'a.dex',
      currency: 'EUR',
      sincePrevious: null,
      reconciliation: null,
    });
    expect(audit.counters).toMatchObject({ paidSalesCents: 12_345, paidVends: 50, cashInCents: 8_000, cashToBoxCents: 6_000 });
    expect(audit.receivedByName).not.toBeNull();
    const byWorker = await stored('worker', { fileName: 'b.dex', content: file({ machineSerial: serial() }) });
    expect(byWorker.company).toBe('/api/v2/companies/1');
    // A browser's upload is marked as such.
    const browser = await upload(
      'manager',
      { fileName: 'c.dex', content: file({ machineSerial: serial() }) },
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(browser.body.source).toBe('upload');
  });

  it('refuses an accountant (403), and another company’s audit is not found (404)', async () => {
    const refused = await upload('accountant', { fileName: 'a.dex', content: file({ machineSerial: serial() }) });
    expect(refused.status).toBe(403);
    const audit = await stored('manager', { fileName: 'a.dex', content: file({ machineSerial: serial() }) });
    expect((await t.json('accountant', { url: audit['@id'] })).status).toBe(200);
    expect((await t.json('otherManager', { url: audit['@id'] })).status).toBe(404);
    expect((await t.as('otherManager', { url: `${audit['@id']}/file` })).statusCode).toBe(404);
    const patched = await t.json('otherManager', { method: 'PATCH', url: audit['@id'], headers: mergePatch, payload: { device: null } });
    expect(patched.status).toBe(404);
  });

  it('refuses a corrupted file with a 422 naming the line, in the caller’s language, and writes nothing', async () => {
    const good = file({ machineSerial: serial() });
    const corrupted = good.replace(/VA1\*10000\*/, 'VA1*10001*');
    const lines = corrupted.split('\r\n');
    const g85Line = lines.findIndex((l) => l.startsWith('G85')) + 1;
    const before = await countAudits();
    const en = await upload('manager', { fileName: 'bad.dex', content: corrupted });
    expect(en.status).toBe(422);
    expect(en.body).toMatchObject({
      detail: `The checksum (G85) on line ${g85Line} does not match the file. Nothing was stored.`,
      line: g85Line,
    });
    const hr = await upload('manager', { fileName: 'bad.dex', content: corrupted }, { 'accept-language': 'hr' });
    expect(hr.status).toBe(422);
    expect(JSON.stringify(hr.body)).toContain(`Kontrolni zbroj (G85) u retku ${g85Line} ne odgovara datoteci.`);
    const notAudit = await upload('manager', { fileName: 'x.txt', content: 'hello\nworld' });
    expect(notAudit.status).toBe(422);
    expect(await countAudits()).toBe(before);
  });

  it('answers the same file again with the audit stored the first time (200), stored once', async () => {
    const content = file({ machineSerial: serial() });
    const first = await stored('manager', { fileName: 'a.dex', content });
    const before = await countAudits();
    const again = await upload('worker', { fileName: 'again.dex', content });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.id);
    // Line ends changed on the way (CR LF to LF): still the same file.
    const lf = await upload('manager', { fileName: 'a.dex', content: content.replace(/\r\n/g, '\n') });
    expect(lf.status).toBe(200);
    expect(lf.body.id).toBe(first.id);
    expect(await countAudits()).toBe(before);
  });

  it('gives the file back as it was received', async () => {
    const content = file({ machineSerial: serial() });
    const audit = await stored('worker', { fileName: 'Automat 7 ž.dex', content });
    const res = await t.as('accountant', { url: `${audit['@id']}/file` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Automat 7 _.dex"; filename*=UTF-8''Automat%207%20%C5%BE.dex`);
    expect(res.body).toBe(content);
  });
});

describe('matching an audit to a device', () => {
  it('by the machine serial (ID101), else by the board serial (CB101), else it waits to be assigned', async () => {
    const [bySerial, byBoard] = [await createDevice(t), await createDevice(t)];
    const [machineSerial, boardSerial] = [serial('M'), serial('B')];
    expect((await setSerials(bySerial, { machineSerial })).status).toBe(200);
    expect((await setSerials(byBoard, { boardSerial })).body.boardSerial).toBe(boardSerial);
    const one = await stored('worker', { fileName: 'a.dex', content: file({ machineSerial, boardSerial: serial('X') }) });
    expect(one).toMatchObject({ device: bySerial['@id'], deviceName: bySerial.name });
    const two = await stored('worker', { fileName: 'b.dex', content: file({ machineSerial: serial('U'), boardSerial }) });
    expect(two.device).toBe(byBoard['@id']);
    const unknown = serial('U');
    const three = await stored('worker', { fileName: 'c.dex', content: file({ machineSerial: unknown }) });
    expect(three.device).toBeNull();
    const waiting = await t.json<Collection<MachineAudit>>('manager', {
      url: `/api/v2/machine-audits?assigned=false&machineSerial=${unknown}`,
    });
    expect(waiting.body.member.map((a) => a.id)).toEqual([three.id]);
    const matched = await t.json<Collection<MachineAudit>>('manager', {
      url: `/api/v2/machine-audits?assigned=true&device=${bySerial.id}`,
    });
    expect(matched.body.member.map((a) => a.id)).toEqual([one.id]);
    expect((await t.json('manager', { url: '/api/v2/machine-audits?assigned=maybe' })).status).toBe(400);
  });

  it('assigns a waiting audit (managers only), filling the device’s empty serial; a device of another company is refused', async () => {
    const device = await createDevice(t);
    const unknown = serial('U');
    const audit = await stored('worker', { fileName: 'a.dex', content: file({ machineSerial: unknown }) });
    const byWorker = await t.json('worker', {
      method: 'PATCH',
      url: audit['@id'],
      headers: mergePatch,
      payload: { device: device['@id'] },
    });
    expect(byWorker.status).toBe(403);
    const other = await t.json<Collection<Device>>('otherManager', { url: '/api/v2/devices?itemsPerPage=1' });
    const foreign = other.body.member[0];
    if (!foreign) throw new Error('the other company has no device');
    const refused = await t.json('manager', {
      method: 'PATCH',
      url: audit['@id'],
      headers: mergePatch,
      payload: { device: foreign['@id'] },
    });
    expect(refused.status).toBe(422);
    const assigned = await t.json<MachineAudit>('manager', {
      method: 'PATCH',
      url: audit['@id'],
      headers: mergePatch,
      payload: { device: device['@id'] },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ device: device['@id'], deviceName: device.name });
    expect((await t.json<Device>('manager', { url: device['@id'] })).body.machineSerial).toBe(unknown);
    // The next audit of that machine now finds the device by itself.
    const next = await stored('worker', {
      fileName: 'b.dex',
      content: file({ machineSerial: unknown, at: ago(0.5), paidSalesCents: 10_500 }),
    });
    expect(next.device).toBe(device['@id']);
    expect(next.sincePrevious?.counters.paidSalesCents).toBe(500);
    const back = await t.json<MachineAudit>('manager', {
      method: 'PATCH',
      url: audit['@id'],
      headers: mergePatch,
      payload: { device: null },
    });
    expect(back.body.device).toBeNull();
  });

  it('keeps a serial unique within the company (422 in the caller’s language); workers may not set it', async () => {
    const [a, b] = [await createDevice(t), await createDevice(t)];
    const machineSerial = serial('M');
    expect((await setSerials(a, { machineSerial })).status).toBe(200);
    const taken = await t.json<{ violations: { propertyPath: string; code: string; message: string }[] }>('manager', {
      method: 'PATCH',
      url: b['@id'],
      headers: { ...mergePatch, 'accept-language': 'hr' },
      payload: { machineSerial },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.violations[0]).toMatchObject({
      propertyPath: 'machineSerial',
      code: 'serial_taken',
      message: `Drugi uređaj ove tvrtke ("${a.name}") već ima ovaj serijski broj.`,
    });
    expect((await setSerials(b, { boardSerial: serial('B') }, 'worker')).status).toBe(403);
    // Another company may have the same serial on its own device.
    const other = await t.json<Device>('otherManager', {
      method: 'POST',
      url: '/api/v2/devices',
      payload: { name: `Other ${serial()}`, group: 'vending', machineSerial },
    });
    expect(other.status).toBe(201);
  });

  it('with the device named, takes it and fills only its empty serials: a different serial is a replacement', async () => {
    const device = await createDevice(t);
    const [first, second] = [serial('M'), serial('M')];
    const one = await stored('worker', { fileName: 'a.dex', device: device['@id'], content: file({ machineSerial: first, at: ago(3) }) });
    expect(one.device).toBe(device['@id']);
    expect((await t.json<Device>('manager', { url: device['@id'] })).body.machineSerial).toBe(first);
    const two = await stored('worker', {
      fileName: 'b.dex',
      device: device['@id'],
      content: file({ machineSerial: second, at: ago(2), paidSalesCents: 50 }),
    });
    expect(two.device).toBe(device['@id']);
    expect((await t.json<Device>('manager', { url: device['@id'] })).body.machineSerial).toBe(first);
    expect(two.sincePrevious).toMatchObject({ previous: one['@id'], replaced: true });
    expect(Object.values(two.sincePrevious?.counters ?? {}).every((v) => v === null)).toBe(true);
  });
});

describe('what happened between two audits', () => {
  /** A device with audits of these figures, uploaded in the order given. */
  async function audits(device: Device, figures: (Partial<AuditFileFigures> & { at: Date })[], machineSerial = serial('M')) {
    const made: MachineAudit[] = [];
    for (const [i, f] of figures.entries())
      made.push(await stored('manager', { fileName: `${i}.dex`, device: device['@id'], content: file({ machineSerial, ...f }) }));
    return made;
  }
  const reread = async (audit: MachineAudit) => (await t.json<MachineAudit>('manager', { url: audit['@id'] })).body;

  it('is each counter’s difference; a counter lower than before is a reset, its difference null, never negative', async () => {
    const device = await createDevice(t);
    const products = (vends: number) => [
      { selection: '11', priceCents: 150, paidVends: vends },
      { selection: '12', priceCents: 200, paidVends: 10 },
    ];
    const [a, b, c] = await audits(device, [
      { at: ago(30), paidSalesCents: 10_000, paidVends: 50, cashInCents: 8_000, cashToBoxCents: 6_000, products: products(30) },
      { at: ago(20), paidSalesCents: 14_500, paidVends: 80, cashInCents: 9_000, cashToBoxCents: 6_500, products: products(45) },
      { at: ago(10), paidSalesCents: 1_000, paidVends: 5, cashInCents: 9_500, cashToBoxCents: 6_700, products: products(2) },
    ]);
    expect(a?.sincePrevious).toBeNull();
    expect(b?.sincePrevious).toMatchObject({ previous: a?.['@id'], previousAuditedAt: a?.auditedAt, reset: false, replaced: false });
    expect(b?.sincePrevious?.counters).toMatchObject({ paidSalesCents: 4_500, paidVends: 30, cashInCents: 1_000, cashToBoxCents: 500 });
    expect(b?.products.map((p) => p.paidVendsSincePrevious)).toEqual([15, 0]);
    expect(c?.sincePrevious).toMatchObject({ reset: true, replaced: false });
    expect(c?.sincePrevious?.counters).toMatchObject({ paidSalesCents: null, paidVends: null, cashInCents: 500, cashToBoxCents: 200 });
    expect(c?.products.map((p) => p.paidVendsSincePrevious)).toEqual([null, 0]);
    for (const audit of [b, c])
      for (const value of Object.values(audit?.sincePrevious?.counters ?? {})) expect(value === null || value >= 0).toBe(true);
  });

  it('reads right for both neighbours when an older file comes in later', async () => {
    const device = await createDevice(t);
    const [first, last, middle] = await audits(device, [
      { at: ago(30), paidSalesCents: 1_000 },
      { at: ago(10), paidSalesCents: 4_000 },
      { at: ago(20), paidSalesCents: 2_500 },
    ]);
    expect((await reread(middle as MachineAudit)).sincePrevious).toMatchObject({ previous: first?.['@id'] });
    expect((await reread(middle as MachineAudit)).sincePrevious?.counters.paidSalesCents).toBe(1_500);
    const lastNow = await reread(last as MachineAudit);
    expect(lastNow.sincePrevious).toMatchObject({ previous: middle?.['@id'] });
    expect(lastNow.sincePrevious?.counters.paidSalesCents).toBe(1_500);
    // The list gives the same spans as each item.
    const listed = await t.json<Collection<MachineAudit>>('manager', { url: `/api/v2/machine-audits?device=${device.id}` });
    expect(listed.body.member.map((m) => m.sincePrevious?.counters.paidSalesCents ?? null)).toEqual([1_500, 1_500, null]);
  });

  it('is no difference at all when the machine was replaced (another ID101)', async () => {
    const device = await createDevice(t);
    const [, replaced] = await audits(device, [{ at: ago(20) }, { at: ago(10), machineSerial: serial('R'), paidSalesCents: 90_000 }]);
    expect(replaced?.sincePrevious).toMatchObject({ replaced: true });
    expect(Object.values(replaced?.sincePrevious?.counters ?? {}).every((v) => v === null)).toBe(true);
  });
});

describe('the audit trail', () => {
  const trailOf = async (audit: { id: number }) =>
    (
      await t.json<Collection<AuditEntry>>('manager', {
        url: `/api/v2/audit-log?resource=machine-audits&recordId=${audit.id}&order[at]=asc`,
      })
    ).body.member;

  it('records an upload (not the file) and each assignment, with who, and the device by name; the same file again adds nothing', async () => {
    const device = await createDevice(t);
    const machineSerial = serial('A');
    const content = file({ machineSerial, boardSerial: 'B-7' });
    const audit = await stored('worker', { fileName: 'trail.dex', content });
    expect((await upload('manager', { fileName: 'again.dex', content })).status).toBe(200);
    const patch = (to: string | null) =>
      t.json<MachineAudit>('manager', { method: 'PATCH', url: audit['@id'], headers: mergePatch, payload: { device: to } });
    expect((await patch(device['@id'])).status).toBe(200);
    // The same device again changes nothing, and records nothing.
    expect((await patch(device['@id'])).status).toBe(200);
    expect((await patch(null)).status).toBe(200);
    const trail = await trailOf(audit);
    expect(trail.map((e) => [e.action, e.actor, e.before, e.after])).toEqual([
      [
        'create',
        demo.worker,
        null,
        {
          fileName: 'trail.dex',
          source: 'api',
          deviceId: null,
          machineSerial,
          boardSerial: 'B-7',
          machineModel: audit.machineModel,
          auditedAt: audit.auditedAt,
          receivedById: expect.any(Number),
          loggerId: null,
        },
      ],
      ['update', demo.manager, { deviceId: null }, { deviceId: device.id }],
      ['update', demo.manager, { deviceId: device.id }, { deviceId: null }],
    ]);
    expect(trail[1]?.names).toEqual({ deviceId: { [String(device.id)]: device.name } });
    expect(Object.keys(trail[0]?.names.receivedById ?? {})).toHaveLength(1);
  });

  it('records a gateway’s audit by its logger', async () => {
    const { device, logger } = await createDeviceWithLogger(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/telemetry/audits',
      headers: { authorization: `Bearer ${logger.credential}` },
      payload: { fileName: 'gw-trail.dex', content: file({ machineSerial: serial('G') }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const trail = await trailOf(res.json<MachineAudit>());
    expect(trail).toEqual([
      expect.objectContaining({
        action: 'create',
        user: null,
        actor: `logger ${logger.id}`,
        after: expect.objectContaining({ source: 'gateway', deviceId: device.id, loggerId: logger.id, receivedById: null }),
      }),
    ]);
  });
});

describe('an audit from a gateway', () => {
  it('takes the logger’s credential: the audit is its device’s; a wrong credential is a 401', async () => {
    const { device, logger } = await createDeviceWithLogger(t);
    const content = file({ machineSerial: serial('G') });
    const send = (credential: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/telemetry/audits',
        headers: { authorization: `Bearer ${credential}` },
        payload: { fileName: 'gw.dex', content },
      });
    const res = await send(logger.credential);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<MachineAudit>()).toMatchObject({ device: device['@id'], source: 'gateway', receivedByName: null });
    expect((await send(logger.credential)).statusCode).toBe(200);
    const wrong = await send('not-a-credential');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ detail: 'The logger credential is missing or not valid.' });
  });
});

describe('reconciliation', () => {
  it('sets the span against telemetry’s revenue and the deposits’ count, beyond the company’s tolerance or not', async () => {
    const { device, logger } = await createDeviceWithLogger(t);
    const [company] = await t.db.select({ tolerance: companies.depositToleranceCents }).from(companies).where(eq(companies.id, 1));
    const tolerance = company?.tolerance ?? 0;
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    const machineSerial = serial('C');
    const first = await stored('manager', {
      fileName: 'a.dex',
      device: device['@id'],
      content: file({ machineSerial, at: ago(5), paidSalesCents: 20_000, cashInCents: 15_000, cashToBoxCents: 10_000 }),
    });
    // In the span: 6 × 2 € coins and a 3,50 € cashless payment (15,50 €), an emptying
    // of 12 € counted as 11,20 €. Before it: a coin that is no part of the span.
    await sendEvents(t, logger, [
      { seq: 1, at: minutesAgo(5 * 60 + 30), type: 'coin', valueCents: 200, count: 1 },
      ...[1, 2, 3, 4, 5, 6].map((i) => ({ seq: 1 + i, at: minutesAgo(240 - i * 5), type: 'coin' as const, valueCents: 200, count: 1 })),
      { seq: 10, at: minutesAgo(200), type: 'cashless', valueCents: 350 },
      { seq: 11, at: minutesAgo(150), type: 'emptying', coinsCents: 1_200, tokens: 0 },
    ]);
    const deposits = await t.json<Collection<{ '@id': string }>>('manager', { url: `/api/v2/deposits?device=${device.id}` });
    const deposit = deposits.body.member[0];
    if (!deposit) throw new Error('no deposit');
    // Not counted yet: no count to compare.
    const second = await stored('manager', {
      fileName: 'b.dex',
      device: device['@id'],
      content: file({ machineSerial, at: ago(1), paidSalesCents: 21_600, cashInCents: 16_300, cashToBoxCents: 11_125 }),
    });
    // Read (and so cached) before the count: the count makes that answer stale.
    const before = (await t.json<MachineAudit>('manager', { url: second['@id'] })).body;
    expect(before.reconciliation).toMatchObject({
      telemetryCents: 1_550,
      telemetryDifferenceCents: 50,
      countedCents: null,
      countedDifferenceCents: null,
    });
    const counted = await t.json('worker', {
      method: 'PATCH',
      url: deposit['@id'],
      headers: mergePatch,
      payload: { depositCoinsCents: 1_120, depositTokens: 0 },
    });
    expect(counted.status).toBe(200);
    const now = (await t.json<MachineAudit>('manager', { url: second['@id'] })).body;
    expect(now.sincePrevious?.previous).toBe(first['@id']);
    expect(now.reconciliation).toEqual({
      telemetryCents: 1_550,
      telemetryDifferenceCents: 50,
      countedCents: 1_120,
      countedDifferenceCents: 5,
      beyondTolerance: 50 > tolerance,
    });
    // Past the tolerance: the machine says 1 000 € more than telemetry.
    const third = await stored('manager', {
      fileName: 'c.dex',
      device: device['@id'],
      content: file({ machineSerial, at: ago(0.5), paidSalesCents: 21_600 + tolerance + 1, cashInCents: 16_300, cashToBoxCents: 11_125 }),
    });
    expect(third.reconciliation).toMatchObject({ telemetryCents: 0, telemetryDifferenceCents: tolerance + 1, beyondTolerance: true });
  });

  it('is none for a device without telemetry or without a previous audit', async () => {
    const device = await createDevice(t);
    const machineSerial = serial('N');
    const a = await stored('manager', { fileName: 'a.dex', device: device['@id'], content: file({ machineSerial, at: ago(3) }) });
    expect(a.reconciliation).toBeNull();
    const b = await stored('manager', {
      fileName: 'b.dex',
      device: device['@id'],
      content: file({ machineSerial, at: ago(2), paidSalesCents: 11_000 }),
    });
    expect(b.reconciliation).toEqual({
      telemetryCents: null,
      telemetryDifferenceCents: null,
      countedCents: null,
      countedDifferenceCents: null,
      beyondTolerance: false,
    });
  });
});
