import { type AuditEntry, type Collection, type Deposit, type Lessor, VIEW_HEADER } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mergePatch, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, createLessor, createLocation, createUser, sendEvents } from '../../testing/fixtures.ts';
import { loyaltyProgramme } from '../../testing/loyalty.ts';
import { auditNames } from './audit-log.names.ts';

const t = await testApp();
const at = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const trail = async (query: string, user = 'manager', view: 'mine' | 'all' = 'mine') =>
  (await t.json<Collection<AuditEntry>>(user, { url: `/api/v2/audit-log${query}`, headers: { [VIEW_HEADER]: view } })).body;
/** The rows of one record, oldest first. */
const historyOf = async (resource: string, id: number, user = 'admin') =>
  (await trail(`?resource=${resource}&recordId=${id}&order[at]=asc`, user, 'all')).member;
const patch = (user: string, url: string, payload: object, remoteAddress = '127.0.0.1') =>
  t.as(user, { method: 'PATCH', url, headers: mergePatch, payload, remoteAddress });

async function newDeposit(): Promise<Deposit> {
  const { device, logger } = await createDeviceWithLogger(t);
  await sendEvents(t, logger, [
    { seq: 1, at: at(30), type: 'coin', valueCents: 200, count: 5 },
    { seq: 2, at: at(10), type: 'emptying', coinsCents: 1000, tokens: 0 },
  ]);
  const [deposit] = (await t.json<Collection<Deposit>>('manager', { url: `/api/v2/deposits?device=${device.id}` })).body.member;
  if (!deposit) throw new Error('no deposit');
  return deposit;
}

describe('audit trail', () => {
  it('records a count and its verification: who, from where, only the fields that changed', async () => {
    const deposit = await newDeposit();
    expect(await historyOf('deposits', deposit.id)).toEqual([]);
    expect((await patch('worker', deposit['@id'], { depositCoinsCents: 900, depositTokens: 0 }, '10.1.2.3')).statusCode).toBe(200);
    const verified = await t.as('manager', {
      method: 'POST',
      url: '/api/v2/deposits/verify',
      payload: { deposits: [deposit['@id']], notes: { [deposit['@id']]: 'one coin short' } },
      remoteAddress: '10.4.5.6',
    });
    expect(verified.statusCode).toBe(200);
    const [report, verify, ...more] = await historyOf('deposits', deposit.id);
    expect(more).toEqual([]);
    expect(report).toMatchObject({
      action: 'report',
      actor: 'worker@zabavni.test',
      ip: '10.1.2.3',
      company: deposit.company,
      before: { depositCoinsCents: null, depositTokens: null, reportedAt: null },
      after: { depositCoinsCents: 900, depositTokens: 0 },
    });
    expect(report?.user).toMatch(/^\/api\/v2\/users\/\d+$/);
    // Only what changed: the reported amounts stayed as they were.
    expect(Object.keys(report?.after ?? {}).sort()).toEqual(['depositCoinsCents', 'depositTokens', 'reportedAt', 'reportedById']);
    expect(verify).toMatchObject({
      action: 'verify',
      actor: 'manager@zabavni.test',
      ip: '10.4.5.6',
      before: { verifiedAt: null, verifiedById: null, verificationNote: null },
      after: { verificationNote: 'one coin short' },
    });
    // The worker's note (none here) is not the verifier's to change.
    expect(verify?.after).not.toHaveProperty('note');
    expect(typeof verify?.after?.verifiedAt).toBe('string');
  });

  it('a refused write leaves no row: a verification of many fails whole, and so does its trail', async () => {
    const [good, uncounted] = [await newDeposit(), await newDeposit()];
    await patch('worker', good['@id'], { depositCoinsCents: 1000, depositTokens: 0 });
    const refused = await t.as('manager', {
      method: 'POST',
      url: '/api/v2/deposits/verify',
      payload: { deposits: [good['@id'], uncounted['@id']] },
    });
    expect(refused.statusCode).toBe(422);
    expect((await historyOf('deposits', good.id)).map((e) => e.action)).toEqual(['report']);
  });

  it('an audit row that cannot be written takes its change back with it', async () => {
    const lessor = await createLessor(t, { rentalType: 'fixed', contractRentalAmountCents: 10_000 });
    // One statement a call: PGlite's extended protocol takes no more.
    await t.db.execute(
      sql.raw(`create function audit_refuse() returns trigger language plpgsql as $$ begin raise exception 'audit down'; end $$`),
    );
    await t.db.execute(sql.raw('create trigger audit_refuse before insert on audit_log for each row execute function audit_refuse()'));
    try {
      const res = await patch('manager', lessor['@id'], { contractRentalAmountCents: 20_000 });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger audit_refuse on audit_log'));
      await t.db.execute(sql.raw('drop function audit_refuse()'));
    }
    const after = (await t.json<Lessor>('manager', { url: lessor['@id'] })).body;
    expect(after.contractRentalAmountCents).toBe(10_000);
    expect((await historyOf('lessors', lessor.id)).map((e) => e.action)).toEqual(['create']);
  });

  it('a change that fails at its commit leaves no audit row either (the row is in the same transaction)', async () => {
    const lessor = await createLessor(t, { rentalType: 'fixed', contractRentalAmountCents: 10_000 });
    // Fails at COMMIT, after the service has written the change and its audit row.
    await t.db.execute(
      sql.raw(`create function lessor_refuse() returns trigger language plpgsql as $$ begin raise exception 'commit refused'; end $$`),
    );
    await t.db.execute(
      sql.raw(
        'create constraint trigger lessor_refuse after update on lessors deferrable initially deferred for each row execute function lessor_refuse()',
      ),
    );
    try {
      expect((await patch('manager', lessor['@id'], { contractRentalAmountCents: 20_000 })).statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger lessor_refuse on lessors'));
      await t.db.execute(sql.raw('drop function lessor_refuse()'));
    }
    expect((await historyOf('lessors', lessor.id)).map((e) => e.action)).toEqual(['create']);
  });

  it('rent terms of lessors and locations, users and their roles, companies: create, update, delete', async () => {
    const lessor = await createLessor(t, { rentalType: 'fixed', contractRentalAmountCents: 10_000 });
    await patch('manager', lessor['@id'], { contractRentalAmountCents: 12_500 });
    await patch('manager', lessor['@id'], { contractRentalAmountCents: 12_500 }); // nothing changes: nothing recorded
    expect((await t.as('manager', { method: 'DELETE', url: lessor['@id'] })).statusCode).toBe(204);
    const rows = await historyOf('lessors', lessor.id);
    expect(rows.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[0]).toMatchObject({ before: null, after: { contractRentalAmountCents: 10_000, name: lessor.name } });
    expect(rows[1]).toMatchObject({ before: { contractRentalAmountCents: 10_000 }, after: { contractRentalAmountCents: 12_500 } });
    expect(rows[2]).toMatchObject({ before: { contractRentalAmountCents: 12_500 }, after: null });

    const location = await createLocation(t);
    await patch('manager', location['@id'], { name: 'Renamed' });
    expect((await historyOf('locations', location.id)).map((e) => [e.action, e.after?.name])).toEqual([
      ['create', location.name],
      ['update', 'Renamed'],
    ]);

    const user = await createUser(t, { roles: ['worker'] });
    await patch('admin', user['@id'], { roles: ['accountant'] });
    await patch('admin', user['@id'], { password: 'a-new-Passw0rd-long-enough' });
    const userRows = await historyOf('users', user.id);
    expect(userRows.map((e) => e.action)).toEqual(['create', 'role', 'update']);
    expect(userRows[1]).toMatchObject({ before: { roles: ['worker'] }, after: { roles: ['accountant'] } });
    // Secrets never reach the trail: a changed password shows as changed, nothing more.
    expect(userRows[0]?.after?.passwordHash).toBe('[redacted]');
    expect(userRows[2]).toMatchObject({ before: { passwordHash: '[redacted]' }, after: { passwordHash: '[redacted]' } });

    const [company] = (
      await t.json<Collection<{ id: number; '@id': string; depositToleranceCents: number }>>('admin', {
        url: '/api/v2/companies?itemsPerPage=1',
      })
    ).body.member;
    if (!company) throw new Error('no company');
    await patch('admin', company['@id'], { depositToleranceCents: company.depositToleranceCents + 100 });
    expect((await historyOf('companies', company.id)).at(-1)).toMatchObject({
      action: 'update',
      before: { depositToleranceCents: company.depositToleranceCents },
      after: { depositToleranceCents: company.depositToleranceCents + 100 },
    });
  });

  it('bills and their stornos, stock movements, top-ups, card corrections and card changes', async () => {
    const post = async (url: string, payload: object) => {
      const res = await t.json<{ '@id': string; id: number }>('manager', { method: 'POST', url, payload, remoteAddress: '10.9.9.9' });
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(201);
      return res.body;
    };
    const bill = await post('/api/v2/bills', { premises: 'PP09', isu: '5', totalCents: 2500, payment: 'G' });
    const storno = await post(`${bill['@id']}/storno`, { note: 'wrong amount' });
    expect((await historyOf('bills', bill.id)).map((e) => [e.action, e.after?.totalCents, e.after?.id, e.ip])).toEqual([
      ['create', 2500, bill.id, '10.9.9.9'],
      ['storno', -2500, storno.id, '10.9.9.9'],
    ]);

    const article = await post('/api/v2/articles', { name: 'Audited prize', unit: 'pcs', purchaseNetCents: 100 });
    const warehouse = await post('/api/v2/repositories', { type: 'warehouse', name: 'Audited warehouse' });
    const receipt = await post('/api/v2/movements', {
      kind: 'receipt',
      article: article['@id'],
      quantity: 3,
      toRepository: warehouse['@id'],
    });
    const reversal = await post(`${receipt['@id']}/reverse`, {});
    expect((await historyOf('movements', receipt.id)).map((e) => [e.action, e.after?.quantity])).toEqual([['create', 3]]);
    expect((await historyOf('movements', reversal.id)).map((e) => [e.action, e.after?.reversesId])).toEqual([['create', receipt.id]]);

    const p = await loyaltyProgramme(t, ' audit');
    const card = await p.card();
    const topUp = await post('/api/v2/top-ups', {
      card: card['@id'],
      posLocation: p.posLocation['@id'],
      posWorker: p.worker['@id'],
      paidCents: 1000,
      payment: 'cash',
    });
    expect(await historyOf('top-ups', topUp.id)).toMatchObject([
      { action: 'top-up', actor: 'manager@zabavni.test', after: { paidCents: 1000, cardId: card.id } },
    ]);
    const correction = await post('/api/v2/card-transactions', { card: card['@id'], paidCents: -200, bonusCents: 0, note: 'refund' });
    expect(await historyOf('card-transactions', correction.id)).toMatchObject([
      { action: 'correction', after: { card: card['@id'], paidCents: -200, paidAfterCents: 800, note: 'refund' } },
    ]);
    await patch('manager', card['@id'], { flagged: true });
    expect((await historyOf('loyalty-cards', card.id)).map((e) => [e.action, e.before?.flagged, e.after?.flagged])).toEqual([
      ['create', undefined, false],
      ['update', false, true],
    ]);
  });

  it('nothing changes or deletes a row, not even the database owner through SQL', async () => {
    await createLessor(t);
    await expect(t.db.execute(sql`update audit_log set actor = 'someone else'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await trail('', 'admin')).member.every((e) => e.actor !== 'someone else')).toBe(true);
    // No route writes it.
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      const res = await t.as('admin', {
        method,
        url: method === 'POST' ? '/api/v2/audit-log' : '/api/v2/audit-log/1',
        payload: {},
        headers: mergePatch,
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('admins read every company, managers and accountants their own, read-only; workers not at all', async () => {
    const mine = await createLessor(t);
    const theirs = await createLessor(t, {}, 'otherManager');
    const [mineRow] = await historyOf('lessors', mine.id);
    const [theirRow] = await historyOf('lessors', theirs.id);
    if (!mineRow || !theirRow) throw new Error('rows missing');
    expect((await t.as(null, { url: '/api/v2/audit-log' })).statusCode).toBe(401);
    expect((await t.as('accountant', { url: '/api/v2/audit-log' })).statusCode).toBe(200);
    expect((await t.as('accountant', { url: mineRow['@id'] })).statusCode).toBe(200);
    expect((await t.as('accountant', { url: theirRow['@id'] })).statusCode).toBe(404);
    expect((await trail(`?resource=lessors&recordId=${theirs.id}`, 'accountant')).member).toEqual([]);
    // Read-only for them too: the trail has no write route at all.
    for (const method of ['POST', 'PATCH', 'DELETE'] as const)
      expect(
        (await t.as('accountant', { method, url: method === 'POST' ? '/api/v2/audit-log' : mineRow['@id'], payload: {} })).statusCode,
      ).toBeGreaterThanOrEqual(400);
    expect((await t.as('worker', { url: '/api/v2/audit-log' })).statusCode).toBe(403);
    expect((await t.as('worker', { url: mineRow['@id'] })).statusCode).toBe(403);
    expect((await t.as('manager', { url: mineRow['@id'] })).statusCode).toBe(200);
    expect((await t.as('manager', { url: theirRow['@id'] })).statusCode).toBe(404);
    expect((await t.as('otherManager', { url: mineRow['@id'] })).statusCode).toBe(404);
    expect((await trail(`?resource=lessors&recordId=${theirs.id}`, 'manager')).member).toEqual([]);
    expect((await trail(`?resource=lessors&recordId=${theirs.id}`, 'otherManager')).member).toHaveLength(1);
    const all = (await trail('?resource=lessors&itemsPerPage=200', 'admin', 'all')).member.map((e) => e.recordId);
    expect(all).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    // A top-level company's manager sees no other company's rows in the All Companies view either.
    expect((await trail(`?resource=lessors&recordId=${theirs.id}`, 'manager', 'all')).member).toEqual([]);
  });

  it('names the records an entry refers to, as the reader may see them, and leaves the rest as numbers', async () => {
    const lessor = await createLessor(t);
    const location = await createLocation(t, { lessor: lessor['@id'] });
    const [created] = await historyOf('locations', location.id, 'manager');
    const companyId = Number(location.company.split('/').at(-1));
    const city = (await t.json<{ name: string }>('manager', { url: location.city })).body;
    expect(created?.names).toEqual({
      companyId: { [String(companyId)]: expect.any(String) },
      lessorId: { [String(lessor.id)]: lessor.name },
      cityId: { [String(created?.after?.cityId)]: city.name },
    });
    // The one entry read alone, and by an admin, names the same records.
    if (!created) throw new Error('no row');
    expect((await t.json<AuditEntry>('manager', { url: created['@id'] })).body.names).toEqual(created.names);
    expect((await historyOf('locations', location.id)).at(0)?.names).toEqual(created.names);

    // The user who reported a count and the device it was counted at, by name.
    const deposit = await newDeposit();
    await patch('worker', deposit['@id'], { depositCoinsCents: 1000, depositTokens: 0 });
    const [report] = await historyOf('deposits', deposit.id, 'manager');
    const reporter = String(report?.after?.reportedById);
    expect(report?.names.reportedById?.[reporter]).toMatch(/\S \S/);

    // A reader sees no name of another company's record, nor of one since deleted: its number stays.
    const entry = { before: null, after: { companyId, lessorId: lessor.id, cityId: created.after?.cityId } };
    const [other] = await auditNames(t.db, [companyId + 1_000_000], [entry]);
    expect(other).toEqual({ cityId: created.names.cityId });
    expect((await patch('manager', location['@id'], { lessor: null })).statusCode).toBe(200);
    expect((await t.as('manager', { method: 'DELETE', url: lessor['@id'] })).statusCode).toBe(204);
    const [after] = await auditNames(t.db, null, [entry]);
    expect(Object.keys(after ?? {}).sort()).toEqual(['cityId', 'companyId']);
  });

  it('filters by user, action and time', async () => {
    const lessor = await createLessor(t);
    const [row] = await historyOf('lessors', lessor.id);
    if (!row?.user) throw new Error('no row');
    const byUser = (await trail(`?user=${encodeURIComponent(row.user)}&action=create&resource=lessors&itemsPerPage=200`)).member;
    expect(byUser.map((e) => e.id)).toContain(row.id);
    expect(byUser.every((e) => e.action === 'create' && e.user === row.user)).toBe(true);
    const later = new Date(Date.parse(row.at) + 1000).toISOString();
    expect((await trail(`?at[after]=${later}&resource=lessors&recordId=${lessor.id}`)).member).toEqual([]);
    expect((await trail(`?at[before]=${later}&resource=lessors&recordId=${lessor.id}`)).member).toHaveLength(1);
    expect((await t.as('manager', { url: '/api/v2/audit-log?recordId=abc' })).statusCode).toBe(400);
  });
});
