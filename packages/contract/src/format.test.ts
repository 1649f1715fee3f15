import { describe, expect, it } from 'vitest';
import {
  addDays,
  businessDate,
  daysBetween,
  formatCount,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
  formatPercent,
  formatShare,
  formatTime,
  monthEnd,
  monthStart,
  parseEuros,
  weekStart,
  zagrebParts,
} from './format.ts';

describe('formatMoney', () => {
  it.each([
    [123456, '1.234,56 €'],
    [0, '0,00 €'],
    [5, '0,05 €'],
    [100, '1,00 €'],
    [123456789, '1.234.567,89 €'],
    [-250, '-2,50 €'],
    [99999999999, '999.999.999,99 €'],
  ])('%i cents → %s', (cents, text) => expect(formatMoney(cents)).toBe(text));
});

describe('parseEuros', () => {
  it.each([
    ['1.234,50', 123450],
    ['1234,5', 123450],
    ['1.234', 123400],
    ['1.234.567', 123456700],
    ['12.50', 1250],
    ['12.5', 1250],
    ['1.234.5', 123450],
    ['12,', 1200],
    ['12.', 1200],
    [',5', 50],
    ['0,05', 5],
    ['2', 200],
    ['1 234,50 €', 123450],
    ['1\u00a0234,50\u00a0€', 123450],
    ['-3,20', -320],
    ['\u22123,20', -320],
    ['1.234,56 €', 123456],
  ])('%s → %i cents', (text, cents) => expect(parseEuros(text)).toBe(cents));

  it.each(['', '-', ',', '-,', '.', '12,345', '1,234.50', '1.2345', '12.345,6.7', '1,2,3', 'abc', '12a', '1.23,50', '99999999999999999'])(
    '%j is not an amount',
    (text) => expect(parseEuros(text)).toBeNull(),
  );

  it('reads back every amount formatMoney writes', () => {
    for (const cents of [0, 5, 100, 123456, 123456789, -250, 99999999999]) expect(parseEuros(formatMoney(cents))).toBe(cents);
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1234, '1.234'],
    [12345, '12.345'],
    [1234567, '1.234.567'],
    [-4321, '-4.321'],
    [2.6, '3'],
  ])('%d → %s', (n, text) => expect(formatCount(n)).toBe(text));

  it('shows nothing for a number that is not one', () => expect(formatCount(Number.NaN)).toBe(''));
});

describe('percentages', () => {
  it('shows a percentage with comma decimals, at most two, without grouping', () => {
    expect(formatPercent(12.5)).toBe('12,5 %');
    expect(formatPercent(20)).toBe('20 %');
    expect(formatPercent(0.5, true)).toBe('0,50 %');
    expect(formatPercent(-3.8, true)).toBe('-3,80 %');
    expect(formatPercent(33.333)).toBe('33,33 %');
    expect(formatPercent(1234.5)).toBe('1234,5 %');
    expect(formatPercent(-12.5)).toBe('-12,5 %');
  });
  it('shows a share with exactly one decimal, and a negative one with a hyphen as money has it', () => {
    expect(formatShare(23.44)).toBe('23,4 %');
    expect(formatShare(5)).toBe('5,0 %');
    expect(formatShare(-7.25)).toBe('-7,3 %');
    expect(formatShare(-7.25)).not.toContain('\u2212');
  });

  it('write what Intl.NumberFormat writes for hr-HR: halves, negatives, zeros, tiny and huge numbers', () => {
    const percent = new Intl.NumberFormat('hr-HR', { maximumFractionDigits: 2, useGrouping: false });
    const share = new Intl.NumberFormat('hr-HR', { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
    const values = [
      0, -0, 0.15, 0.25, 0.35, 1.005, 1.045, 2.675, -7.25, -0.04, -0.004, 99.95, 99.995, 12345.678, 1e-7, -3e-9, 1e21, 1.5e22,
    ];
    values.push(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
    for (let i = -5_000; i <= 5_000; i++) values.push(i / 1000, i / 200, i / 7);
    let seed = 42;
    for (let i = 0; i < 5_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      values.push((seed / 2_147_483_648 - 0.5) * 10 ** (i % 9));
    }
    const two = new Intl.NumberFormat('hr-HR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
    // One assertion for 105,000 comparisons: an `expect` each took past vitest's 5 s on a slow host.
    const differ = values.flatMap((value) =>
      [
        [formatDecimal(value, 2), two.format(value)],
        [formatPercent(value), `${percent.format(value).replace('\u2212', '-')} %`],
        [formatShare(value), `${share.format(value).replace('\u2212', '-')} %`],
      ]
        .filter(([ours, intl]) => ours !== intl)
        .map(([ours, intl]) => `${value}: ${ours}, not ${intl}`),
    );
    expect(differ).toEqual([]);
    expect(values.length).toBeGreaterThan(35_000);
  });
});

describe('dates in Europe/Zagreb', () => {
  it('formats dd.MM.yyyy and HH:mm in the business time zone', () => {
    expect(formatDate('2026-11-21T23:30:00Z')).toBe('22.11.2026'); // already the next day in Zagreb (UTC+1)
    expect(formatTime('2026-11-21T23:30:00Z')).toBe('00:30');
    expect(formatTime('2026-07-01T10:05:00Z')).toBe('12:05'); // summer time, UTC+2
    expect(formatDateTime(new Date('2026-03-05T08:07:00Z'))).toBe('05.03.2026 09:07');
  });

  it('leaves calendar dates as they are', () => {
    expect(formatDate('2025-03-30')).toBe('30.03.2025');
  });
});

describe('zagrebParts', () => {
  const reference = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Zagreb',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const expected = (ms: number) =>
    Object.fromEntries(
      reference
        .formatToParts(new Date(ms))
        .filter((p) => p.type !== 'literal')
        .map((p) => [p.type, p.value]),
    );

  it('agrees with the time-zone database every 61 minutes and 7 seconds through two years and their DST changes', () => {
    const from = Date.UTC(2025, 0, 1);
    for (let ms = from; ms < from + 2 * 366 * 86_400_000; ms += 3_667_000) expect(zagrebParts(ms)).toEqual(expected(ms));
  });

  it('agrees on the seconds around each change of the clocks', () => {
    for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)]) {
      for (let ms = change - 2000; ms <= change + 2000; ms += 500) expect(zagrebParts(ms)).toEqual(expected(ms));
    }
  });

  it('agrees with the time-zone database on every hour of four years, and on the hours around each change of the clocks from 1990 to 2099', () => {
    const hour = 3_600_000;
    const instants: number[] = [];
    for (let ms = Date.UTC(2024, 0, 1); ms < Date.UTC(2028, 0, 1); ms += hour) instants.push(ms);
    for (let year = 1990; year < 2100; year++) {
      for (const month of [2, 8, 9]) {
        // Every hour of the month's last eight days: its last Sunday is among them (September: the rule before 1996).
        for (let ms = Date.UTC(year, month + 1, 1) - 8 * 24 * hour; ms < Date.UTC(year, month + 1, 1); ms += hour) instants.push(ms);
      }
    }
    // 98,000 instants, one assertion: an `expect` each took past vitest's 5 s on a slow host.
    const parts = (p: Record<string, string>) => ['year', 'month', 'day', 'hour', 'minute', 'second'].map((part) => p[part]).join(' ');
    const differ = instants
      .map((ms) => [new Date(ms).toISOString(), parts(zagrebParts(ms)), parts(expected(ms))])
      .filter(([, ours, tzdb]) => ours !== tzdb);
    expect(differ).toEqual([]);
    expect(instants.length).toBeGreaterThan(98_000);
  });

  it('refuses an instant that is not one', () => expect(() => zagrebParts('not a date')).toThrow(RangeError));
});

describe('calendar helpers', () => {
  it("find a month's ends, a week's Monday and count days, across leap years and the clocks changing", () => {
    expect([monthStart('2028-02-17'), monthEnd('2028-02-17'), monthEnd('2026-02-01'), monthEnd('2026-12-31')]).toEqual([
      '2028-02-01',
      '2028-02-29',
      '2026-02-28',
      '2026-12-31',
    ]);
    // 25 October 2026 (the clocks go back) is a Sunday; 26 October a Monday.
    expect([weekStart('2026-10-25'), weekStart('2026-10-26'), weekStart('2026-11-01')]).toEqual(['2026-10-19', '2026-10-26', '2026-10-26']);
    expect([
      daysBetween('2026-11-01', '2026-11-30'),
      daysBetween('2026-03-01', '2026-03-31'),
      daysBetween('2026-11-25', '2026-11-25'),
    ]).toEqual([30, 31, 1]);
  });

  it('agree with the Date object on every day from 1899 to 2101', () => {
    // The helpers work by arithmetic on day numbers; the Date object is the reference they must match.
    const byDate = (iso: string, days: number) => {
      const d = new Date(`${iso}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };
    const mismatches: string[] = [];
    for (let day = '1899-12-25'; day < '2101-01-08'; day = byDate(day, 1)) {
      const monday = byDate(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));
      const last = byDate(`${byDate(`${day.slice(0, 8)}01`, 31).slice(0, 8)}01`, -1);
      if (addDays(day, 1) !== byDate(day, 1) || addDays(day, -400) !== byDate(day, -400) || addDays(day, 0) !== day)
        mismatches.push(`addDays ${day}`);
      if (weekStart(day) !== monday) mismatches.push(`weekStart ${day}`);
      if (monthEnd(day) !== last) mismatches.push(`monthEnd ${day}`);
      if (daysBetween('1970-01-01', day) !== Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000) + 1)
        mismatches.push(`daysBetween ${day}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('business dates', () => {
  it('takes the day in Europe/Zagreb, not in UTC', () => {
    expect(businessDate(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(businessDate(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
  });
  it('adds days across month ends and DST changes', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
  });
});
