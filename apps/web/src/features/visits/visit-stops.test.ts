import type { VisitStop } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { formatKm, groupByLocation, metresBetween, routeMetres } from './visit-stops.ts';

const stop = (position: number, location: string | null, point: VisitStop['point'] = null): VisitStop => ({
  id: position,
  position,
  device: `/api/v2/devices/${position}`,
  deviceName: `Device ${position}`,
  location,
  locationName: location && `Place ${location}`,
  address: null,
  point,
  reasons: ['fill'],
  expectedCents: 1000,
  fillPercent: 80,
  fullOn: null,
  status: 'to_do',
  doneAt: null,
  doneByName: null,
  deposit: null,
  depositStatus: null,
  depositCoinsCents: null,
  depositTokens: null,
  note: null,
});

describe('groupByLocation', () => {
  it('keeps route order and groups the stops of one location that follow one another', () => {
    const groups = groupByLocation([stop(3, 'b'), stop(1, 'a'), stop(2, 'a'), stop(4, null), stop(5, null), stop(6, 'a')]);
    expect(groups.map((g) => [g.location, g.stops.map((s) => s.position)])).toEqual([
      ['a', [1, 2]],
      ['b', [3]],
      [null, [4]],
      [null, [5]],
      ['a', [6]],
    ]);
  });
});

describe('route length', () => {
  it('measures a degree of latitude as about 111.2 km', () => {
    expect(Math.round(metresBetween({ lat: 45, lng: 16 }, { lat: 46, lng: 16 }))).toBe(111_195);
  });

  it('goes from the start through the stops with a point, in their order', () => {
    const start = { lat: 45, lng: 16 };
    const stops = [stop(1, 'a', { lat: 46, lng: 16 }), stop(2, 'x'), stop(3, 'b', { lat: 45, lng: 16 })];
    expect(routeMetres(start, stops)).toBe(2 * 111_195);
    // Without a start the route begins at its first stop with a point.
    expect(routeMetres(null, stops)).toBe(111_195);
    expect(routeMetres(start, [])).toBe(0);
  });

  it('writes kilometres with one decimal in the user language', () => {
    expect(formatKm(12_345, 'en')).toBe('12.3 km');
    expect(formatKm(12_345, 'hr')).toBe('12,3 km');
  });
});
