import { describe, expect, it } from 'vitest';
import { cardStateKey, closeCard, foldCard, NO_CARD_STATE, parseCardState } from './card-state.ts';
import {
  changeOf,
  daysUntil,
  errorShare,
  forecastPoints,
  forecastTotal,
  summarizeTraffic,
  trafficPoints,
  trendOf,
} from './dashboard-figures.ts';

describe('dashboard indexes', () => {
  it('points up above 100, down below, and nowhere without an index', () => {
    expect(trendOf(112.5)).toBe('up');
    expect(trendOf(99.99)).toBe('down');
    expect(trendOf(100)).toBe('flat');
    expect(trendOf(null)).toBeNull();
  });

  it('reads an index as a change in percent', () => {
    expect(changeOf(112.5)).toBe(12.5);
    expect(changeOf(78.19)).toBe(-21.81);
    expect(changeOf(100)).toBe(0);
  });
});

describe('dashboard traffic', () => {
  const days = [
    { day: '2026-05-12', revenueCents: 10_000 },
    { day: '2026-05-13', revenueCents: 25_000 },
    { day: '2026-05-14', revenueCents: 4_000 },
  ];

  it('sums a series, averages it over its days and finds the best day', () => {
    expect(summarizeTraffic(days)).toEqual({ totalCents: 39_000, averageCents: 13_000, best: { day: '2026-05-13', revenueCents: 25_000 } });
    expect(summarizeTraffic([{ day: '2026-05-14', revenueCents: 0 }])).toEqual({ totalCents: 0, averageCents: 0, best: null });
    expect(summarizeTraffic([])).toEqual({ totalCents: 0, averageCents: 0, best: null });
  });

  it('marks the axis with the day and month, the full day kept for the tooltip', () => {
    expect(trafficPoints(days)[0]).toEqual({ tick: '12.05.', day: '2026-05-12', revenue: 10_000 });
  });

  it('draws the forecast as a line over its interval, and adds up the expected days only', () => {
    const points = [
      { day: '2026-05-15', valueCents: 1_000, lowCents: 800, highCents: 1_300 },
      { day: '2026-05-16', valueCents: 2_000, lowCents: 1_500, highCents: 2_600 },
    ];
    expect(forecastPoints(points)[1]).toEqual({ tick: '16.05.', day: '2026-05-16', expected: 2_000, interval: [1_500, 2_600] });
    expect(forecastTotal(points)).toBe(3_000);
  });

  it("states the model's error as a share of the better naive forecast's", () => {
    expect(errorShare({ model: 0.56, naive: 5.3, seasonalNaive: 2.23, origins: 8, horizon: 30 })).toBe(25);
    expect(errorShare({ model: 1, naive: 0, seasonalNaive: 0, origins: 8, horizon: 30 })).toBeNull();
  });

  it('counts the days until a contract ends', () => {
    expect(daysUntil('2026-05-14', '2026-05-14')).toBe(0);
    expect(daysUntil('2026-03-20', '2026-04-03')).toBe(14);
  });
});

describe('dashboard cards', () => {
  it('reads a stored state, dropping what is malformed', () => {
    expect(parseCardState({ closed: ['traffic30', 3, ''], collapsed: ['indexes', 'indexes'] })).toEqual({
      closed: ['traffic30'],
      collapsed: ['indexes'],
    });
    expect(parseCardState('closed')).toEqual(NO_CARD_STATE);
    expect(parseCardState(null)).toEqual(NO_CARD_STATE);
    expect(parseCardState({ closed: 'forecast' })).toEqual(NO_CARD_STATE);
  });

  it('folds and unfolds a card; a closed card comes back unfolded', () => {
    const folded = foldCard(NO_CARD_STATE, 'forecast', true);
    expect(folded).toEqual({ closed: [], collapsed: ['forecast'] });
    expect(foldCard(folded, 'forecast', false)).toEqual(NO_CARD_STATE);
    expect(closeCard(folded, 'forecast')).toEqual({ closed: ['forecast'], collapsed: [] });
    expect(closeCard(closeCard(NO_CARD_STATE, 'fleet'), 'fleet').closed).toEqual(['fleet']);
  });

  it('keeps each user’s cards apart', () => {
    expect(cardStateKey(7)).toBe('dashboard.cards.7');
    expect(cardStateKey(null)).toBe('dashboard.cards.anonymous');
  });
});
