import type { LogisticRow } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { fullnessOf, logisticLinesOf } from './logistic-lines.ts';

const row = (over: Partial<LogisticRow>): LogisticRow => ({
  subject: '/api/v2/devices/1',
  name: 'Pusher 1',
  locationName: 'Mall',
  group: 'monster',
  devices: 1,
  plays: 10,
  grossCents: 1000,
  moneyInCents: 900,
  paidOutCents: null,
  netSaldoCents: null,
  prizesOut: 2,
  payoutRatio: null,
  prizesLeft: null,
  prizesToRefill: null,
  cashInBoxCents: 500,
  lastEmptiedAt: null,
  daysSinceEmptying: null,
  dailyIntakeCents: 100,
  capacityCents: null,
  fullOn: null,
  ...over,
});

describe('logistic report lines', () => {
  it('says a box is full today, full soon within three days, or neither', () => {
    const today = '2026-05-30';
    expect(fullnessOf(null, today)).toBeNull();
    expect(fullnessOf('2026-05-30', today)).toBe('today');
    expect(fullnessOf('2026-05-29', today)).toBe('today');
    expect(fullnessOf('2026-06-02', today)).toBe('soon');
    expect(fullnessOf('2026-06-03', today)).toBeNull();
  });

  it("keeps money in for saldo reducers and prizes out for prize devices, and keys a location's group apart", () => {
    const lines = logisticLinesOf(
      [
        row({ subject: '/api/v2/locations/3', group: 'saldo_reducer', paidOutCents: 40, netSaldoCents: 860 }),
        row({ subject: '/api/v2/locations/3', group: 'prize_device', fullOn: '2026-05-31' }),
        row({ subject: null, group: 'monster' }),
      ],
      '2026-05-30',
    );
    expect(lines.map((l) => [l.key, l.moneyInCents, l.prizesOut, l.fullness])).toEqual([
      ['/api/v2/locations/3|saldo_reducer', 900, null, null],
      ['/api/v2/locations/3|prize_device', null, 2, 'soon'],
      ['-|monster', null, null, null],
    ]);
  });
});
