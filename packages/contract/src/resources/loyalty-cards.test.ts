import { describe, expect, it } from 'vitest';
import { normalizeCardUid, spendFrom, zCardUid } from './loyalty-cards.ts';

describe('spendFrom', () => {
  it('takes the paid credit first, then the bonus', () => {
    expect(spendFrom({ paidCents: 1000, bonusCents: 500 }, 800)).toEqual({
      paidCents: 200,
      bonusCents: 500,
      paidDelta: -800,
      bonusDelta: 0,
    });
    expect(spendFrom({ paidCents: 200, bonusCents: 500 }, 400)).toEqual({
      paidCents: 0,
      bonusCents: 300,
      paidDelta: -200,
      bonusDelta: -200,
    });
  });
  it('records what neither covers as paid credit below zero', () => {
    expect(spendFrom({ paidCents: 100, bonusCents: 50 }, 400)).toEqual({
      paidCents: -250,
      bonusCents: 0,
      paidDelta: -350,
      bonusDelta: -50,
    });
    expect(spendFrom({ paidCents: -250, bonusCents: 0 }, 100)).toEqual({ paidCents: -350, bonusCents: 0, paidDelta: -100, bonusDelta: 0 });
  });
  it('spends the bonus of a card in debt without touching the debt', () => {
    expect(spendFrom({ paidCents: -100, bonusCents: 300 }, 200)).toEqual({
      paidCents: -100,
      bonusCents: 100,
      paidDelta: 0,
      bonusDelta: -200,
    });
  });
});

describe('card uids', () => {
  it('are compared upper-case without separators', () => {
    expect(normalizeCardUid(' 04:a2-2b 91 ')).toBe('04A22B91');
    expect(zCardUid().safeParse('04:a2:2b:91:6c:5d:80').data).toBe('04A22B916C5D80');
    expect(zCardUid().safeParse('04A').success).toBe(false);
    expect(zCardUid().safeParse('ZZZZZZZZ').success).toBe(false);
  });
});
