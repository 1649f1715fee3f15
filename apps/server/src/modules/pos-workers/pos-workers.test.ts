import type { PosLocation, PosOwner, PosWorker } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posWorkers } from '../../db/schema/index.ts';
import { mergePatch, testApp } from '../../testing/app.ts';
import { uniqueOib } from '../../testing/fixtures.ts';
import { verifyWorkerPin } from './pos-workers.service.ts';

const t = await testApp();
type Violations = { violations: { propertyPath: string; code: string }[] };

const owner = (
  await t.json<PosOwner>('manager', { method: 'POST', url: '/api/v2/pos-owners', payload: { name: 'Trafika', oib: uniqueOib() } })
).body;
const newLocation = async (name: string) =>
  (
    await t.json<PosLocation>('manager', {
      method: 'POST',
      url: '/api/v2/pos-locations',
      payload: { posOwner: owner['@id'], name, premisesLabel: 'TR1', isu: '1' },
    })
  ).body;
const location = await newLocation('Trafika 1');
const newWorker = async (pin = '4321') =>
  t.json<PosWorker>('manager', {
    method: 'POST',
    url: '/api/v2/pos-workers',
    payload: { posLocation: location['@id'], name: 'Iva', surname: 'Perić', oib: uniqueOib(), pin },
  });

describe('pos-workers', () => {
  it('creates one with a PIN that is never returned, only when it was set', async () => {
    const res = await newWorker();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ posLocation: location['@id'], posLocationName: 'Trafika 1', active: true, lockedUntil: null });
    expect(res.body.pinSetAt).toEqual(expect.any(String));
    expect(res.body).not.toHaveProperty('pin');
    expect(res.body).not.toHaveProperty('pinHash');
    const [row] = await t.db.select().from(posWorkers).where(eq(posWorkers.id, res.body.id));
    expect(row?.pinHash).toMatch(/^\$argon2id\$/);
    // The accountant reads no POS workers (their OIBs and PINs are the points of sale's business).
    expect((await t.as('accountant', { url: res.body['@id'] })).statusCode).toBe(403);
    // The PIN is not patched: it has its own route.
    const patch = await t.json('manager', { method: 'PATCH', url: res.body['@id'], headers: mergePatch, payload: { pin: '9999' } });
    expect(patch.status).toBe(400);
  });

  it('checks the PIN, the OIB and the point of sale', async () => {
    const bad = await t.json<Violations>('manager', {
      method: 'POST',
      url: '/api/v2/pos-workers',
      payload: { posLocation: '/api/v2/pos-locations/999999', name: 'A', surname: 'B', oib: '12345678901', pin: '12a4' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v) => [v.propertyPath, v.code]).sort()).toEqual([
      ['oib', 'oib'],
      ['pin', 'pin'],
    ]);
    for (const pin of ['123', '123456789']) {
      const res = await t.json<Violations>('manager', { method: 'POST', url: '/api/v2/pos-workers', payload: { pin } });
      expect(res.body.violations.find((v) => v.propertyPath === 'pin')?.code).toBe('pin');
    }
    const noLocation = await t.json<Violations>('manager', {
      method: 'POST',
      url: '/api/v2/pos-workers',
      payload: { posLocation: '/api/v2/pos-locations/999999', name: 'A', surname: 'B', oib: uniqueOib(), pin: '1234' },
    });
    expect(noLocation.body.violations[0]).toMatchObject({ propertyPath: 'posLocation', code: 'reference' });
  });

  it('verifies the PIN at its own point of sale only, and not for an inactive worker', async () => {
    const worker = (await newWorker('13579')).body;
    const at = { posLocationId: location.id, workerId: worker.id };
    const ok = await verifyWorkerPin(t.db, { ...at, pin: '13579' });
    expect(ok).toMatchObject({ ok: true, worker: { id: worker.id, companyId: 1, posLocationId: location.id, surname: 'Perić' } });
    const elsewhere = await newLocation('Trafika 2');
    expect(await verifyWorkerPin(t.db, { ...at, posLocationId: elsewhere.id, pin: '13579' })).toEqual({ ok: false, reason: 'unknown' });
    expect(await verifyWorkerPin(t.db, { ...at, workerId: 999_999, pin: '13579' })).toEqual({ ok: false, reason: 'unknown' });
    await t.as('manager', { method: 'PATCH', url: worker['@id'], headers: mergePatch, payload: { active: false } });
    expect(await verifyWorkerPin(t.db, { ...at, pin: '13579' })).toEqual({ ok: false, reason: 'inactive' });
  });

  it('locks a worker out for 15 minutes after 5 wrong PINs in a row; a right one resets the count', async () => {
    const worker = (await newWorker('2468')).body;
    const at = { posLocationId: location.id, workerId: worker.id };
    const t0 = new Date('2026-11-20T10:00:00Z');
    const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
    // Four wrong, one right: the count starts again.
    for (let i = 0; i < 4; i++)
      expect(await verifyWorkerPin(t.db, { ...at, pin: '0000', now: t0 })).toEqual({ ok: false, reason: 'wrong_pin' });
    expect((await verifyWorkerPin(t.db, { ...at, pin: '2468', now: t0 })).ok).toBe(true);
    for (let i = 0; i < 4; i++)
      expect(await verifyWorkerPin(t.db, { ...at, pin: '0000', now: t0 })).toEqual({ ok: false, reason: 'wrong_pin' });
    // The fifth wrong PIN in a row locks.
    expect(await verifyWorkerPin(t.db, { ...at, pin: '0000', now: t0 })).toEqual({ ok: false, reason: 'locked' });
    // Locked, even the right PIN is refused, until the 15 minutes are over.
    expect(await verifyWorkerPin(t.db, { ...at, pin: '2468', now: minutes(14) })).toEqual({ ok: false, reason: 'locked' });
    expect(await verifyWorkerPin(t.db, { ...at, pin: '2468', now: minutes(15) })).toMatchObject({ ok: true });
    // After the lockout the count starts from zero: four wrong PINs do not lock again.
    for (let i = 0; i < 4; i++) {
      expect(await verifyWorkerPin(t.db, { ...at, pin: '1111', now: minutes(16) })).toEqual({ ok: false, reason: 'wrong_pin' });
    }
    expect(await verifyWorkerPin(t.db, { ...at, pin: '1111', now: minutes(16) })).toEqual({ ok: false, reason: 'locked' });
  });

  it('sets a new PIN from its route: the old one stops working and a lockout is lifted', async () => {
    const worker = (await newWorker('1111')).body;
    const at = { posLocationId: location.id, workerId: worker.id };
    for (let i = 0; i < 5; i++) await verifyWorkerPin(t.db, { ...at, pin: '9999' });
    expect((await t.json<PosWorker>('manager', { url: worker['@id'] })).body.lockedUntil).toEqual(expect.any(String));
    const bad = await t.json<Violations>('manager', { method: 'POST', url: `${worker['@id']}/pin`, payload: { pin: '12' } });
    expect(bad.status).toBe(422);
    expect(bad.body.violations[0]).toMatchObject({ propertyPath: 'pin', code: 'pin' });
    const set = await t.json<PosWorker>('manager', { method: 'POST', url: `${worker['@id']}/pin`, payload: { pin: '87654321' } });
    expect(set.status).toBe(200);
    expect(set.body.lockedUntil).toBeNull();
    expect(set.body.pinSetAt).not.toBe(worker.pinSetAt);
    expect(await verifyWorkerPin(t.db, { ...at, pin: '1111' })).toEqual({ ok: false, reason: 'wrong_pin' });
    expect((await verifyWorkerPin(t.db, { ...at, pin: '87654321' })).ok).toBe(true);
    expect((await t.as('manager', { method: 'POST', url: '/api/v2/pos-workers/999999/pin', payload: { pin: '1234' } })).statusCode).toBe(
      404,
    );
  });
});

describe('the PIN lockout under parallel guesses', () => {
  // 50 guesses at once, the right PIN at place 10, 25 or 49. Before, the lockout was read before the
  // slow PIN check and a success cleared the count: about 50 PINs were checked, the right one let in.
  it('checks at most five of 50 parallel guesses; a right one after them finds the worker locked', async () => {
    for (const right of [10, 25, 49]) {
      const worker = (await newWorker('2580')).body;
      const at = { posLocationId: location.id, workerId: worker.id };
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => verifyWorkerPin(t.db, { ...at, pin: i === right ? '2580' : String(1000 + i) })),
      );
      // The first five taken are checked (the pool may run a later one among them: the tenth, not the
      // 25th); the others are refused unchecked. Before, the right one got through every time.
      const wrong = results.filter((r) => !r.ok && r.reason === 'wrong_pin').length;
      const locked = results.filter((r) => !r.ok && r.reason === 'locked').length;
      if (results[right]?.ok) expect([right, locked]).toEqual([10, 49 - wrong]);
      else {
        expect([wrong, locked]).toEqual([4, 46]);
        expect(await verifyWorkerPin(t.db, { ...at, pin: '2580' })).toEqual({ ok: false, reason: 'locked' });
      }
    }
  });

  it('a right PIN never clears the guesses that started after it', async () => {
    const worker = (await newWorker('2580')).body;
    const at = { posLocationId: location.id, workerId: worker.id };
    // The right one taken first, then four wrong ones while its check runs: they stay counted (with
    // the right one's own attempt given back), and the next wrong one finds the worker locked.
    const right = verifyWorkerPin(t.db, { ...at, pin: '2580' });
    for (let i = 0; i < 200; i++) {
      const [row] = await t.db.select({ n: posWorkers.failedPins }).from(posWorkers).where(eq(posWorkers.id, worker.id));
      if ((row?.n ?? 0) >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const results = await Promise.all([right, ...Array.from({ length: 4 }, () => verifyWorkerPin(t.db, { ...at, pin: '0000' }))]);
    expect(results[0]?.ok).toBe(true);
    expect(await verifyWorkerPin(t.db, { ...at, pin: '0000' })).toEqual({ ok: false, reason: 'locked' });
  });
});
