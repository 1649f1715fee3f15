import type { PosCard, PosSession, PosTerminalKey, PosTopUpAnswer } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, loyaltyCards, loyaltyOwners } from '../../db/schema/index.ts';
import { mergePatch, testApp } from '../../testing/app.ts';
import { loyaltyProgramme } from '../../testing/loyalty.ts';

const t = await testApp();
const p = await loyaltyProgramme(t);
const key = (await t.json<PosTerminalKey>('manager', { method: 'POST', url: `${p.posLocation['@id']}/terminal-key` })).body.terminalKey;
const terminal = (authorization: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2/pos${url}`, headers: authorization ? { authorization: `Bearer ${authorization}` } : {}, payload });
const signIn = (pin: string, worker = p.worker.id, credential = key) => terminal(credential, 'POST', '/sessions', { worker, pin });

describe('the POS terminal', () => {
  it('signs a worker in with the terminal credential and the PIN, and sells credit in that session', async () => {
    const card = await p.card('04A22B91');
    const session = await signIn('4711');
    expect(session.statusCode, session.body).toBe(201);
    const { token, worker, posLocation } = session.json<PosSession>();
    expect(worker.name).toBe('Iva Blagajnica');
    expect(posLocation.id).toBe(p.posLocation.id);
    const sale = { cardUid: '04:a2:2b:91', paidCents: 2500, payment: 'cash', requestId: 'terminal-0001' };
    const sold = await terminal(token, 'POST', '/top-ups', sale);
    expect(sold.statusCode, sold.body).toBe(201);
    const answer = sold.json<PosTopUpAnswer>();
    expect(answer).toMatchObject({ paidCents: 2500, bonusCents: 0, card: { number: card.number, paidCents: 2500, balanceCents: 2500 } });
    expect(answer.billNumber).toMatch(/\/POS1\/1$/);
    expect(answer.zki).toMatch(/^[0-9a-f]{32}$/);
    // The terminal lost the answer and sends again: the same top-up, no second one.
    const again = await terminal(token, 'POST', '/top-ups', sale);
    expect(again.statusCode).toBe(200);
    expect(again.json<PosTopUpAnswer>().id).toBe(answer.id);
    expect((await terminal(token, 'GET', '/cards/04A22B91')).json<PosCard>().paidCents).toBe(2500);
    const blocked = await terminal(token, 'POST', '/cards/04A22B91/block', { reason: 'Holder reports it stolen' });
    expect(blocked.json<PosCard>().status).toBe('blocked');
    expect((await terminal(token, 'POST', '/top-ups', { ...sale, requestId: 'terminal-0002' })).statusCode).toBe(409);
    expect((await terminal(token, 'GET', '/cards/FFFF0000')).statusCode).toBe(404);
    // Another company's card is no card here, whatever the uid.
    const [drugi] = await t.db.select().from(companies).where(eq(companies.oib, '98765432198'));
    const [partner] = await t.db
      .insert(loyaltyOwners)
      .values({ companyId: drugi?.id ?? 0, name: 'Drugi', oib: '98765432198' })
      .returning();
    await t.db
      .insert(loyaltyCards)
      .values({ companyId: drugi?.id ?? 0, ownerId: partner?.id ?? 0, uid: 'D0D0D0D0', number: 'D-1', paidCents: 500 });
    expect((await terminal(token, 'GET', '/cards/D0D0D0D0')).statusCode).toBe(404);
    expect((await terminal(token, 'POST', '/cards/D0D0D0D0/block', { reason: 'x' })).statusCode).toBe(404);
  });

  it('refuses a wrong credential, a wrong PIN, and locks the worker after five wrong PINs', async () => {
    expect((await signIn('4711', p.worker.id, 'kvl_not-a-key')).statusCode).toBe(401);
    expect((await signIn('4711', p.worker.id, '')).statusCode).toBe(401);
    for (let i = 0; i < 4; i++) expect((await signIn('0000')).statusCode).toBe(401);
    const locked = await signIn('0000');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    // Locked: even the right PIN waits out the lock.
    expect((await signIn('4711')).statusCode).toBe(429);
    // A new PIN from the back-office lifts the lock.
    expect((await t.as('manager', { method: 'POST', url: `${p.worker['@id']}/pin`, payload: { pin: '9876' } })).statusCode).toBeLessThan(
      300,
    );
    expect((await signIn('9876')).statusCode).toBe(201);
  });

  it('ends every session when the PIN or the terminal credential changes, and takes no user token', async () => {
    const session = (await signIn('9876')).json<PosSession>();
    expect((await terminal(session.token, 'GET', '/cards/04A22B91')).statusCode).toBe(200);
    await t.as('manager', { method: 'POST', url: `${p.worker['@id']}/pin`, payload: { pin: '5555' } });
    expect((await terminal(session.token, 'GET', '/cards/04A22B91')).statusCode).toBe(401);
    const next = (await signIn('5555')).json<PosSession>();
    await t.as('manager', { method: 'POST', url: `${p.posLocation['@id']}/terminal-key` });
    expect((await terminal(next.token, 'GET', '/cards/04A22B91')).statusCode).toBe(401);
    // A user's token is not a terminal session, and a session is not a user's token.
    expect((await terminal(await t.token('manager'), 'GET', '/cards/04A22B91')).statusCode).toBe(401);
    const asUser = await t.app.inject({ url: '/api/v2/loyalty-cards', headers: { authorization: `Bearer ${next.token}` } });
    expect(asUser.statusCode).toBe(401);
    const forged = `${next.token.slice(0, -4)}AAAA`;
    expect((await terminal(forged, 'GET', '/cards/04A22B91')).statusCode).toBe(401);
  });
});

describe('the POS terminal in the audit trail, and a point of sale switched off', () => {
  it('records every sign-in and every block with the worker and the address; a switched-off point of sale ends its sessions', async () => {
    const place = await loyaltyProgramme(t, ' trail');
    const key = (await t.json<PosTerminalKey>('manager', { method: 'POST', url: `${place.posLocation['@id']}/terminal-key` })).body
      .terminalKey;
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/v2/pos/sessions',
      headers: { authorization: `Bearer ${key}` },
      payload: { worker: place.worker.id, pin: '4711' },
      remoteAddress: '10.60.0.7',
    });
    expect(opened.statusCode).toBe(201);
    const { token } = opened.json<PosSession>();
    const card = await place.card('0A0B0C0D');
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/v2/pos/cards/0A0B0C0D/block',
      headers: { authorization: `Bearer ${token}` },
      payload: { reason: 'Lost at the pool' },
      remoteAddress: '10.60.0.7',
    });
    expect(blocked.statusCode).toBe(200);
    type Entry = {
      action: string;
      actor: string;
      ip: string | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    };
    const trail = async (query: string) =>
      (await t.json<{ member: Entry[] }>('manager', { url: `/api/v2/audit-log?${query}` })).body.member;
    // The card's creation by the manager, then its block at the desk.
    expect((await trail(`resource=loyalty-cards&recordId=${card.id}&order[at]=asc`)).slice(1)).toEqual([
      expect.objectContaining({
        action: 'update',
        // The person at the terminal by name, and the point of sale.
        actor: `Iva Blagajnica · POS ${place.posLocation.premisesLabel}`,
        ip: '10.60.0.7',
        before: expect.objectContaining({ status: 'active' }),
        after: expect.objectContaining({ status: 'blocked', statusReason: 'Lost at the pool (Iva Blagajnica, POS)' }),
      }),
    ]);
    expect(await trail(`resource=pos-workers&recordId=${place.worker.id}`)).toEqual([
      expect.objectContaining({ action: 'sign-in', actor: `Iva Blagajnica · POS ${place.posLocation.premisesLabel}`, ip: '10.60.0.7' }),
    ]);

    // Switched off: its open session reads and blocks nothing more, and stays ended when it is switched on again.
    const off = await t.as('manager', { method: 'PATCH', url: place.posLocation['@id'], headers: mergePatch, payload: { active: false } });
    expect(off.statusCode).toBe(200);
    expect((await terminal(token, 'GET', '/cards/0A0B0C0D')).statusCode).toBe(401);
    expect((await terminal(token, 'POST', '/cards/0A0B0C0D/block', { reason: 'again' })).statusCode).toBe(401);
    await t.as('manager', { method: 'PATCH', url: place.posLocation['@id'], headers: mergePatch, payload: { active: true } });
    expect((await terminal(token, 'GET', '/cards/0A0B0C0D')).statusCode).toBe(401);
  });
});

describe('the PIN lockout under parallel guesses', () => {
  // 50 guesses at once, the right PIN at place 10, 25 or 49: before, the lock was read before the slow
  // PIN check and a success cleared the count, so the right one got through every time.
  it('checks at most five of 50 parallel guesses sent to the route', async () => {
    for (const [n, right] of [10, 25, 49].entries()) {
      // A point of sale of its own each time: its terminal's limit (30 in 15 minutes) starts afresh.
      const place = await loyaltyProgramme(t, ` paralel ${n}`);
      const key = (await t.json<PosTerminalKey>('manager', { method: 'POST', url: `${place.posLocation['@id']}/terminal-key` })).body
        .terminalKey;
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/v2/pos/sessions',
            headers: { authorization: `Bearer ${key}` },
            payload: { worker: place.worker.id, pin: i === right ? '4711' : String(1000 + i) },
            remoteAddress: `10.50.${n}.${i}`,
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      // Five PINs checked (four wrong, the fifth locks, or the right one among them: the tenth may be,
      // the 25th not); the others refused unchecked. Before, the right one got through every time.
      const wrong = codes.filter((c) => c === 401).length;
      if (codes[right] === 201) expect([right, codes.filter((c) => c === 429).length]).toEqual([10, 49 - wrong]);
      else expect([wrong, codes.filter((c) => c === 429).length]).toEqual([4, 46]);
    }
  });

  it('limits wrong terminal credentials per address: 50 in 15 minutes, then 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v2/pos/sessions',
          headers: { authorization: 'Bearer kvl_guess' },
          payload: { worker: p.worker.id, pin: '0000' },
          remoteAddress: '10.52.0.1',
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401).length).toBe(50);
    expect(codes.filter((c) => c === 429).length).toBe(10);
  });
});
