import type { Device } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { fillLevelOf, fullestOf } from './fill-levels.ts';
import type { Place } from './map-state.ts';

const place = (...fills: (number | null)[]) =>
  ({ devices: fills.map((fillPercent) => ({ device: { state: { fillPercent } } as Device, state: 'ok' })) }) as unknown as Place;

describe('cash box fill levels', () => {
  it('splits at 50, 80 and 100 percent; no capacity is its own level', () => {
    expect([0, 49, 50, 79, 80, 99, 100, 140].map(fillLevelOf)).toEqual(['low', 'low', 'mid', 'mid', 'high', 'high', 'full', 'full']);
    expect(fillLevelOf(null)).toBe('none');
  });
  it('takes the fullest box of the places, ignoring boxes without a capacity', () => {
    expect(fullestOf([place(20, null), place(85)])).toBe(85);
    expect(fullestOf([place(null), place(null, null)])).toBeNull();
    expect(fullestOf([place(0)])).toBe(0);
  });
});
