import { type Collection, imeiCheckDigit, type Logger, type LoggerCredential } from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggers, telemetryEvents } from '../../db/schema/index.ts';
import { credentialHash } from '../../security/credentials.ts';
import { mergePatch, testApp } from '../../testing/app.ts';

const t = await testApp();
type Violations = { violations: { propertyPath: string; code: string; message: string }[] };
const imei = (n: number) => {
  const body = `49015420${String(n).padStart(6, '0')}`;
  return `${body}${imeiCheckDigit(body)}`;
};
const storedHash = async (id: number) => (await t.db.select().from(loggers).where(eq(loggers.id, id)))[0]?.credentialHash;

describe('loggers', () => {
  it('checks the IMEI and keeps it unique', async () => {
    const bad = await t.json<Violations>('manager', {
      method: 'POST',
      url: '/api/v2/loggers',
      payload: { imei: '356938035643808' },
      headers: { 'accept-language': 'hr' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations[0]).toMatchObject({
      propertyPath: 'imei',
      code: 'imei',
      message: 'Upišite ispravan IMEI: 15 znamenki s ispravnom kontrolnom znamenkom.',
    });
    const taken = (await t.json<Collection<Logger>>('manager', { url: '/api/v2/loggers?itemsPerPage=1' })).body.member[0];
    const dup = await t.json<Violations>('manager', { method: 'POST', url: '/api/v2/loggers', payload: { imei: taken?.imei } });
    expect(dup.body.violations[0]).toMatchObject({ propertyPath: 'imei', code: 'unique' });
  });

  it('shows the credential once, stores only its hash, and rotates it', async () => {
    const res = await t.json<Logger>('manager', { method: 'POST', url: '/api/v2/loggers', payload: { imei: imei(1), serial: 'KL-9' } });
    expect(res.status).toBe(201);
    const credential = res.body.credential ?? '';
    expect(credential).toMatch(/^kvl_[A-Za-z0-9_-]{43}$/);
    expect(await storedHash(res.body.id)).toBe(credentialHash(credential));
    const read = await t.json<Logger>('manager', { url: res.body['@id'] });
    expect(read.body.credential).toBeUndefined();
    expect(JSON.stringify(read.body)).not.toContain(credential);

    const rotated = await t.json<LoggerCredential>('manager', { method: 'POST', url: `${res.body['@id']}/credential` });
    expect(rotated.status).toBe(200);
    expect(rotated.body.credential).not.toBe(credential);
    expect(await storedHash(res.body.id)).toBe(credentialHash(rotated.body.credential));
    expect((await t.as('worker', { method: 'POST', url: `${res.body['@id']}/credential` })).statusCode).toBe(403);
    expect((await t.as('otherManager', { method: 'POST', url: `${res.body['@id']}/credential` })).statusCode).toBe(404);
  });

  it('lists with the fitted device, filters and orders', async () => {
    const list = await t.json<Collection<Logger>>('manager', { url: '/api/v2/loggers?serial=KL-0000&order[imei]=desc&itemsPerPage=3' });
    expect(list.body.totalItems).toBe(9);
    expect(list.body.member.map((l) => l.imei)).toEqual([...list.body.member.map((l) => l.imei)].sort().reverse());
    expect(list.body.member[0]?.deviceName).toBeTruthy();
    expect((await t.json<Collection<Logger>>('otherManager', { url: '/api/v2/loggers' })).body.totalItems).toBe(4);
  });

  it('refuses to delete a logger fitted to a device, and to move it to another company', async () => {
    const fitted = (await t.json<Collection<Logger>>('manager', { url: '/api/v2/loggers?itemsPerPage=1' })).body.member[0] as Logger;
    const res = await t.json('manager', { method: 'DELETE', url: fitted['@id'] });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('This item is still in use: devices: 1.');
    const move = await t.json<Violations>('admin', {
      method: 'PATCH',
      url: fitted['@id'],
      headers: mergePatch,
      payload: { company: '/api/v2/companies/3' },
    });
    expect(move.body.violations[0]).toMatchObject({ propertyPath: 'company', code: 'logger_taken' });
    const spare = await t.json<Logger>('manager', { method: 'POST', url: '/api/v2/loggers', payload: { imei: imei(2) } });
    expect((await t.as('manager', { method: 'DELETE', url: spare.body['@id'] })).statusCode).toBe(204);
  });

  it('keeps a logger that sent events, also when the delete comes while its batch is being written', async () => {
    const spare = await t.json<Logger>('manager', { method: 'POST', url: '/api/v2/loggers', payload: { imei: imei(3) } });
    const batch = (seq: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/telemetry/batches',
        headers: { authorization: `Bearer ${spare.body.credential}` },
        payload: { imei: imei(3), events: [{ seq, at: new Date().toISOString(), type: 'heartbeat' }] },
      });
    // A batch in progress holds the logger's row: the delete waits for it, then counts what it wrote.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const writing = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from loggers where id = ${spare.body.id} for no key update`);
      locked();
      await held;
      await tx.insert(telemetryEvents).values({
        companyId: 1,
        loggerId: spare.body.id,
        seq: 1,
        type: 'heartbeat',
        at: new Date(),
        receivedAt: new Date(),
      });
    });
    // The delete is sent only once the row is held, so it cannot finish before the batch starts.
    await holding;
    const removing = t.json('manager', { method: 'DELETE', url: spare.body['@id'] });
    await new Promise((resolve) => setTimeout(resolve, 150));
    release();
    await writing;
    const refused = await removing;
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('This item is still in use: telemetry events: 1.');
    expect((await batch(2)).statusCode).toBe(200);
    expect((await t.json('manager', { method: 'DELETE', url: spare.body['@id'] })).body.detail).toBe(
      'This item is still in use: telemetry events: 2.',
    );
  });
});
