import { describe, expect, it } from 'vitest';
import { bonusFor, happyHourAt, type Promotion, promotionCreate, promotionProblems } from './resources/promotions.ts';

const tiers = [
  { fromCents: 2_000, bonusBp: 1_000 }, // +10 % from 20 €
  { fromCents: 5_000, bonusBp: 2_000 }, // +20 % from 50 €
];

describe('bonusFor', () => {
  it('gives the share of the highest tier reached, of the whole amount', () => {
    expect(bonusFor(tiers, 1_999)).toBe(0);
    expect(bonusFor(tiers, 2_000)).toBe(200);
    expect(bonusFor(tiers, 4_999)).toBe(500); // 499.9 cents
    expect(bonusFor(tiers, 5_000)).toBe(1_000);
    expect(bonusFor(tiers, 12_345)).toBe(2_469);
    expect(bonusFor([...tiers].reverse(), 6_000)).toBe(1_200);
    expect(bonusFor([], 10_000)).toBe(0);
    expect(bonusFor(tiers, 0)).toBe(0);
  });

  it('rounds half a cent up, and less than half down', () => {
    expect(bonusFor(tiers, 2_005)).toBe(201); // 200.5
    expect(bonusFor(tiers, 2_004)).toBe(200); // 200.4
    expect(bonusFor([{ fromCents: 0, bonusBp: 1_250 }], 4)).toBe(1); // 0.5
    expect(bonusFor([{ fromCents: 0, bonusBp: 1_250 }], 3)).toBe(0); // 0.375
  });
});

describe('happyHourAt', () => {
  const weekdaysAfternoon: Pick<Promotion, 'kind' | 'active' | 'validFrom' | 'validTo' | 'weekdays' | 'hoursFrom' | 'hoursTo'> = {
    kind: 'happy_hour',
    active: true,
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    weekdays: [1, 2, 3, 4, 5],
    hoursFrom: '17:00',
    hoursTo: '19:00',
  };

  it('reads the hours on the Zagreb clock, in summer and in winter time', () => {
    // Friday 10 July 2026, CEST (UTC+2).
    expect(happyHourAt(weekdaysAfternoon, '2026-07-10T14:59:00Z')).toBe(false); // 16:59
    expect(happyHourAt(weekdaysAfternoon, '2026-07-10T15:00:00Z')).toBe(true); // 17:00
    expect(happyHourAt(weekdaysAfternoon, '2026-07-10T16:59:00Z')).toBe(true); // 18:59
    expect(happyHourAt(weekdaysAfternoon, '2026-07-10T17:00:00Z')).toBe(false); // 19:00: the end is not included
    // Friday 4 December 2026, CET (UTC+1).
    expect(happyHourAt(weekdaysAfternoon, '2026-12-04T15:30:00Z')).toBe(false); // 16:30
    expect(happyHourAt(weekdaysAfternoon, '2026-12-04T16:30:00Z')).toBe(true); // 17:30
    // Saturday: not a chosen day.
    expect(happyHourAt(weekdaysAfternoon, '2026-07-11T15:30:00Z')).toBe(false);
  });

  it('follows the switch to summer time on its day', () => {
    const sundayMorning = { ...weekdaysAfternoon, weekdays: [7], hoursFrom: '10:00', hoursTo: '12:00' };
    // Sunday 29 March 2026: the clocks go from 02:00 to 03:00, Zagreb is UTC+2 from then.
    expect(happyHourAt(sundayMorning, '2026-03-29T07:30:00Z')).toBe(false); // 09:30 CEST (10:30 would be CET's answer)
    expect(happyHourAt(sundayMorning, '2026-03-29T08:30:00Z')).toBe(true); // 10:30 CEST
    expect(happyHourAt(sundayMorning, '2026-03-29T09:59:00Z')).toBe(true); // 11:59 CEST
    expect(happyHourAt(sundayMorning, '2026-03-29T10:00:00Z')).toBe(false); // 12:00 CEST
    // Sunday 25 October 2026: back to UTC+1.
    expect(happyHourAt(sundayMorning, '2026-10-25T08:30:00Z')).toBe(false); // 09:30 CET
    expect(happyHourAt(sundayMorning, '2026-10-25T09:30:00Z')).toBe(true); // 10:30 CET
  });

  it('runs hours that end before they start past midnight, into the next day', () => {
    const fridayNight = { ...weekdaysAfternoon, weekdays: [5], hoursFrom: '22:00', hoursTo: '02:00' };
    expect(happyHourAt(fridayNight, '2026-07-10T20:30:00Z')).toBe(true); // Friday 22:30
    expect(happyHourAt(fridayNight, '2026-07-10T23:30:00Z')).toBe(true); // Saturday 01:30
    expect(happyHourAt(fridayNight, '2026-07-11T00:00:00Z')).toBe(false); // Saturday 02:00
    expect(happyHourAt(fridayNight, '2026-07-11T20:30:00Z')).toBe(false); // Saturday 22:30
    expect(happyHourAt(fridayNight, '2026-07-09T23:30:00Z')).toBe(false); // Friday 01:30: Thursday night is not chosen
  });

  it('is in force only within its dates, when active and a happy hour', () => {
    const july = { ...weekdaysAfternoon, validFrom: '2026-07-01', validTo: '2026-07-10' };
    expect(happyHourAt(july, '2026-07-10T15:30:00Z')).toBe(true); // the last day counts
    expect(happyHourAt(july, '2026-07-13T15:30:00Z')).toBe(false);
    expect(happyHourAt({ ...july, validFrom: '2026-07-11', validTo: null }, '2026-07-10T15:30:00Z')).toBe(false);
    expect(happyHourAt({ ...july, validTo: null }, '2027-03-05T16:30:00Z')).toBe(true); // open-ended
    expect(happyHourAt({ ...july, active: false }, '2026-07-10T15:30:00Z')).toBe(false);
    expect(happyHourAt({ ...july, kind: 'bonus' }, '2026-07-10T15:30:00Z')).toBe(false);
    // The date is Zagreb's: 23:30 UTC on 30 June is already 1 July there.
    expect(happyHourAt({ ...july, hoursFrom: '01:00', hoursTo: '02:00', weekdays: [3] }, '2026-06-30T23:30:00Z')).toBe(true);
  });
});

describe('the rules of a promotion', () => {
  const bonus = { owner: '/api/v2/loyalty-owners/1', name: 'Jesen', kind: 'bonus' as const, validFrom: '2026-09-01' };
  const codes = (body: object) => {
    const parsed = promotionCreate.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('asks a bonus for tiers that rise strictly', () => {
    expect(codes({ ...bonus, tiers })).toEqual([]);
    expect(codes(bonus)).toEqual([['tiers', 'too_few']]);
    expect(codes({ ...bonus, tiers: [tiers[1], tiers[0]] })).toEqual([['tiers.1.fromCents', 'tiers_order']]);
    expect(codes({ ...bonus, tiers: [tiers[0], tiers[0]] })).toEqual([['tiers.1.fromCents', 'tiers_order']]);
    expect(codes({ ...bonus, tiers, validTo: '2026-08-31' })).toEqual([['validTo', 'end_before_start']]);
  });

  it('asks a happy hour for devices, a price, weekdays and two different times', () => {
    const happy = { ...bonus, kind: 'happy_hour' as const };
    expect(codes(happy).map(([path]) => path)).toEqual(['devices', 'priceCents', 'weekdays', 'hoursFrom', 'hoursTo']);
    const full = { ...happy, devices: ['/api/v2/devices/1'], priceCents: 50, weekdays: [6, 7], hoursFrom: '18:00', hoursTo: '20:00' };
    expect(codes(full)).toEqual([]);
    expect(codes({ ...full, hoursTo: '18:00' })).toEqual([['hoursTo', 'same_hours']]);
    expect(promotionProblems({ ...full, weekdays: [] }).map((p) => p.code)).toEqual(['too_few']);
  });
});

describe('the form of a promotion', () => {
  it("shows the kind's problems together with the other fields'", () => {
    const parsed = promotionCreate.safeParse({ kind: 'happy_hour', name: '', tiers: 'x', devices: 'y' });
    const paths = parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['owner', 'name', 'validFrom', 'devices', 'priceCents', 'weekdays', 'hoursFrom']));
    // Rows that are not rows are the fields' own problem, never a crash of the rules.
    for (const tiers of [[null, 5], [{}, { fromCents: 'x' }], 'x']) {
      expect(promotionCreate.safeParse({ kind: 'bonus', tiers }).success).toBe(false);
    }
  });
});

describe('a bonus tier', () => {
  it('gives more than nothing and at most 100 %', () => {
    const bonus = { owner: '/api/v2/loyalty-owners/1', name: 'B', kind: 'bonus' as const, validFrom: '2026-09-01' };
    for (const bonusBp of [0, 10_001, 12.5]) {
      const parsed = promotionCreate.safeParse({ ...bonus, tiers: [{ fromCents: 0, bonusBp }] });
      expect(parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['tiers.0.bonusBp', 'bonus_percent'],
      ]);
    }
  });
});
