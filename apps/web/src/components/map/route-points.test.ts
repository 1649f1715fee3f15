import { describe, expect, it } from 'vitest';
import { drawnStops, fitKeyOf, ordered, type RouteStop, routeLine } from './route-points.ts';

const stop = (id: string, position: number, point: RouteStop['point'], done = false): RouteStop => ({
  id,
  position,
  point,
  label: `Stop ${id}`,
  done,
});

describe('route points', () => {
  const stops = [stop('c', 3, { lat: 45.3, lng: 16.3 }), stop('a', 1, { lat: 45.1, lng: 16.1 }, true), stop('b', 2, null)];

  it('orders the stops by position', () => {
    expect(ordered(stops).map((s) => s.id)).toEqual(['a', 'b', 'c']);
  });
  it('draws the line from the start through the stops that have a point, in order', () => {
    expect(routeLine({ lat: 45.8, lng: 15.9 }, stops)).toEqual([
      [45.8, 15.9],
      [45.1, 16.1],
      [45.3, 16.3],
    ]);
    expect(routeLine(null, stops)).toEqual([
      [45.1, 16.1],
      [45.3, 16.3],
    ]);
  });
  it('leaves out stops without a real point', () => {
    expect(drawnStops([...stops, stop('d', 4, { lat: Number.NaN, lng: 1 })]).map((s) => s.id)).toEqual(['a', 'c']);
  });
  it('keeps the fit key when only a stop becomes done', () => {
    const before = fitKeyOf(routeLine(null, stops));
    const after = fitKeyOf(
      routeLine(
        null,
        stops.map((s) => ({ ...s, done: true })),
      ),
    );
    expect(after).toBe(before);
    expect(before).toBe('45.1,16.1;45.3,16.3');
  });
});
