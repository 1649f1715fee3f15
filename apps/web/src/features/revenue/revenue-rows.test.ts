import type { RevenueRow } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { averagePerPlay, deviceLines, linesOf, locationLines, sortLines } from './revenue-rows.ts';
import { defaultRange, detailedReviewSearch, todayRevenueSearch } from './revenue-search.ts';

const zero = {
  coinsCents: 0,
  notesCents: 0,
  cashlessCents: 0,
  cardCents: 0,
  tokens: 0,
  tokensCents: 0,
  revenueCents: 0,
  plays: 0,
  averagePerPlayCents: null,
  freeRides: 0,
  testPlays: 0,
};

function row(device: number, location: number | null, parts: Partial<RevenueRow>): RevenueRow {
  return {
    device: `/api/v2/devices/${device}`,
    deviceName: `Device ${device}`,
    group: 'kiddie_ride',
    location: location === null ? null : `/api/v2/locations/${location}`,
    locationName: location === null ? null : `Location ${location}`,
    ...zero,
    ...parts,
  };
}

const rows = [
  row(1, 10, { coinsCents: 600, tokens: 2, tokensCents: 200, revenueCents: 800, plays: 4, averagePerPlayCents: 200, testPlays: 1 }),
  row(2, 20, { coinsCents: 500, revenueCents: 500, plays: 2, averagePerPlayCents: 250 }),
  row(3, 10, { cashlessCents: 100, revenueCents: 100, plays: 3, averagePerPlayCents: 33, freeRides: 2 }),
  // Device 1 stood at location 20 earlier in the range: its own row there.
  row(1, 20, { notesCents: 50, revenueCents: 50, plays: 1, averagePerPlayCents: 50 }),
  row(4, null, {}),
];

describe('revenue lines', () => {
  it('keeps the report rows as lines per device and location', () => {
    const lines = deviceLines(rows);
    expect(lines.map((l) => l.key)).toEqual([
      '/api/v2/devices/1|/api/v2/locations/10',
      '/api/v2/devices/2|/api/v2/locations/20',
      '/api/v2/devices/3|/api/v2/locations/10',
      '/api/v2/devices/1|/api/v2/locations/20',
      '/api/v2/devices/4|',
    ]);
    expect(lines.every((l) => l.devices === 1)).toBe(true);
    expect(linesOf(rows, 'device')).toEqual(lines);
  });

  it('sums the parts per location, counts devices once and works the average out again', () => {
    const lines = locationLines(rows);
    expect(lines.map((l) => [l.locationName, l.revenueCents, l.plays, l.averagePerPlayCents, l.devices])).toEqual([
      ['Location 10', 900, 7, 129, 2],
      ['Location 20', 550, 3, 183, 2],
      [null, 0, 0, null, 1],
    ]);
    expect(lines[0]).toMatchObject({
      coinsCents: 600,
      cashlessCents: 100,
      tokens: 2,
      tokensCents: 200,
      freeRides: 2,
      testPlays: 1,
      device: null,
    });
    expect(linesOf(rows, 'location')).toEqual(lines);
  });

  it('has no average without plays', () => {
    expect(averagePerPlay(100, 0)).toBeNull();
    expect(averagePerPlay(250, 2)).toBe(125);
  });

  it('sorts by a column both ways, empty values last, ties in the report order', () => {
    const lines = deviceLines(rows);
    const byRevenue = (dir: 'asc' | 'desc') => sortLines(lines, (l) => l.revenueCents, dir).map((l) => l.revenueCents);
    expect(byRevenue('asc')).toEqual([0, 50, 100, 500, 800]);
    expect(byRevenue('desc')).toEqual([800, 500, 100, 50, 0]);
    const byLocation = (dir: 'asc' | 'desc') => sortLines(lines, (l) => l.locationName, dir).map((l) => l.key);
    expect(byLocation('asc').at(-1)).toBe('/api/v2/devices/4|');
    expect(byLocation('desc').at(-1)).toBe('/api/v2/devices/4|');
    expect(byLocation('asc').slice(0, 2)).toEqual(['/api/v2/devices/1|/api/v2/locations/10', '/api/v2/devices/3|/api/v2/locations/10']);
  });
});

describe('revenue search params', () => {
  it('keeps a location IRI and drops anything else', () => {
    expect(todayRevenueSearch({ location: '/api/v2/locations/3' })).toEqual({ location: '/api/v2/locations/3' });
    expect(todayRevenueSearch({ location: '/api/v2/devices/3', page: 2 })).toEqual({});
  });

  it('keeps real days, IRIs of their kind and the location grouping', () => {
    expect(
      detailedReviewSearch({
        from: '2026-02-01',
        to: '2026-02-30',
        location: '/api/v2/locations/3',
        device: '/api/v2/locations/4',
        group: 'location',
      }),
    ).toEqual({ from: '2026-02-01', location: '/api/v2/locations/3', group: 'location' });
    expect(detailedReviewSearch({ group: 'device', device: '/api/v2/devices/7' })).toEqual({ device: '/api/v2/devices/7' });
  });

  it('defaults to this month up to today', () => {
    expect(defaultRange('2026-05-14')).toEqual({ from: '2026-05-01', to: '2026-05-14' });
    expect(defaultRange('2026-06-01')).toEqual({ from: '2026-06-01', to: '2026-06-01' });
  });
});
