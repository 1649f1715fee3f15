import { addDays, businessDate, type Collection, type Lessor } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { mergePatch, testApp } from '../../testing/app.ts';
import { createLessor } from '../../testing/fixtures.ts';
import { contractState } from './lessors.service.ts';

const t = await testApp();
type Violations = { violations: { propertyPath: string; code: string }[] };
const body = {
  name: 'Plaža Bačvice d.o.o.',
  oib: '69435151530',
  rentalType: 'mixed',
  contractStart: '2026-01-01',
  contractEnd: '2027-12-31',
};

describe('lessors', () => {
  it('creates one with its terms, and reads it back', async () => {
    const res = await t.json<Lessor>('manager', {
      method: 'POST',
      url: '/api/v2/lessors',
      payload: { ...body, rentalPercentage: 12.5, incomeLimitCents: 100_000, contractRentalAmountCents: 20_000 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ company: '/api/v2/companies/1', rentalPercentage: 12.5, locationsCount: 0 });
    expect((await t.json<Lessor>('accountant', { url: res.body['@id'] })).body.name).toBe('Plaža Bačvice d.o.o.');
    expect((await t.as('accountant', { method: 'POST', url: '/api/v2/lessors', payload: body })).statusCode).toBe(403);
    expect((await t.as('otherManager', { url: res.body['@id'] })).statusCode).toBe(404);
  });

  it('checks the OIB, the percentage and that the contract does not end before it starts', async () => {
    const bad = await t.json<Violations>('manager', {
      method: 'POST',
      url: '/api/v2/lessors',
      payload: { ...body, oib: '01234567890', rentalPercentage: 100.5, contractEnd: '2025-12-31' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v) => [v.propertyPath, v.code]).sort()).toEqual([
      ['contractEnd', 'end_before_start'],
      ['oib', 'oib'],
      ['rentalPercentage', 'percent'],
    ]);
    const badDate = await t.json<Violations>('manager', {
      method: 'POST',
      url: '/api/v2/lessors',
      payload: { ...body, contractStart: '2026-02-30' },
    });
    expect(badDate.body.violations[0]).toMatchObject({ propertyPath: 'contractStart', code: 'date' });
    // A patch is checked against the stored dates too.
    const lessor = await createLessor(t, { rentalType: 'percentage', contractStart: '2024-03-01', contractEnd: '2027-02-28' });
    const patch = await t.json<Violations>('manager', {
      method: 'PATCH',
      url: lessor['@id'],
      headers: mergePatch,
      payload: { contractEnd: '2020-01-01' },
    });
    expect(patch.body.violations[0]).toMatchObject({ propertyPath: 'contractEnd', code: 'end_before_start' });
    const cleared = await t.json<Lessor>('manager', {
      method: 'PATCH',
      url: lessor['@id'],
      headers: mergePatch,
      payload: { contractEnd: null },
    });
    expect(cleared.body).toMatchObject({ contractEnd: null, contractState: 'active' });
  });

  it('filters, orders and flags contracts that end soon', async () => {
    // A contract without an end comes after those with one.
    const openEnded = await createLessor(t, { rentalType: 'fixed', contractStart: '2025-01-01' });
    const list = await t.json<Collection<Lessor>>('manager', { url: '/api/v2/lessors?rentalType=fixed&order[contractEnd]=asc' });
    expect(list.body.member.map((l) => l.name)).toEqual([
      'Kino Europa d.o.o.',
      'Arena Centar d.o.o.',
      'Kaufland Hrvatska k.d.',
      openEnded.name,
    ]);
    const soon = await t.json<Collection<Lessor>>('manager', { url: `/api/v2/lessors?contractEnd[before]=${addDays(businessDate(), 30)}` });
    // The demo has a contract ending within 30 days (City Center one's, 20 days after the seeding): the check is not empty.
    expect(soon.body.totalItems).toBeGreaterThan(0);
    for (const l of soon.body.member) expect(['ending', 'ended']).toContain(l.contractState);
    // A day range from the web arrives as instants: the end of 31.12.2026 in Zagreb is that day's end.
    const byYearEnd = await t.json<Collection<Lessor>>('manager', {
      url: '/api/v2/lessors?contractEnd[strictly_before]=2026-12-31T23:00:00.000Z',
    });
    const cityCenterEnd = addDays(businessDate(), 20);
    expect(byYearEnd.body.member.map((l) => l.contractEnd).sort()).toEqual(
      ['2026-10-31', cityCenterEnd, '2026-12-31'].filter((end) => end <= '2026-12-31').sort(),
    );
    const today = '2026-11-21';
    expect(contractState('2026-01-01', '2026-12-15', today)).toBe('ending');
    expect(contractState('2026-01-01', '2026-11-20', today)).toBe('ended');
    expect(contractState('2027-01-01', null, today)).toBe('future');
    expect(contractState('2026-01-01', '2027-01-01', today)).toBe('active');
    expect(contractState(null, null, today)).toBe('none');
  });

  it('refuses to delete a lessor with locations', async () => {
    const arena = (await t.json<Collection<Lessor>>('manager', { url: '/api/v2/lessors?name=Arena' })).body.member[0];
    const res = await t.json('manager', { method: 'DELETE', url: arena?.['@id'] ?? '' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('This item is still in use: locations: 2.');
  });
});
