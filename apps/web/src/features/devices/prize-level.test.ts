import { describe, expect, it } from 'vitest';
import { LOW_PRIZES, prizeLevel } from './prize-level.ts';

describe('a prize device’s level', () => {
  const loaded = { loaded: 100, firstLoadAt: '2026-07-01T08:00:00.000Z' };
  it('is none before the first load', () => {
    expect(prizeLevel({ loaded: 0, left: 0, firstLoadAt: null })).toBe('none');
  });
  it('warns when few are left, and when more were paid out than loaded', () => {
    expect(prizeLevel({ ...loaded, left: LOW_PRIZES + 1 })).toBe('ok');
    expect(prizeLevel({ ...loaded, left: LOW_PRIZES })).toBe('low');
    expect(prizeLevel({ ...loaded, left: 0 })).toBe('low');
    expect(prizeLevel({ ...loaded, left: -3 })).toBe('negative');
  });
});
