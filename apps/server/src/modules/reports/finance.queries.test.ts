import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/app.ts';
import { FIGURES, linesContext, periodOf, rollupRows, share, takingsBefore } from './finance.queries.ts';
import { periodsOf } from './periods.ts';

/**
 * The finance report's builders (finance.queries.ts) where finance.test.ts, which checks the report's
 * figures to the cent, does not pin them one by one: which rollup each part of a range is read from,
 * where the sharing of a month's rent starts, and how an amount is shared in whole cents.
 */
const t = await testApp();
const dialect = new PgDialect({ casing: 'snake_case' });
const render = (query: SQL) => dialect.sqlToQuery(query);
const scope = (from: string, to: string, period: 'day' | 'week' | 'month' | 'year' | 'range') => ({
  companies: [1],
  from,
  to,
  period,
  lessor: undefined,
  location: undefined,
  device: undefined,
});

describe('the finance report’s builders', () => {
  it('name the figures as the rollup tables do', () => {
    expect(FIGURES).toEqual([
      'coins_cents',
      'notes_cents',
      'cashless_cents',
      'card_cents',
      'tokens',
      'tokens_cents',
      'plays',
      'card_bonus_cents',
      'vat_cents',
      'sale_vat_cents',
    ]);
  });

  it('read whole months from the monthly rollup and the days around them from the daily one', () => {
    const { sql: text, params } = render(rollupRows(scope('2026-01-15', '2026-04-10', 'month'), 'location'));
    const reads = [...text.matchAll(/from "(\w+)" where "\w+"\."(day|month)" between \$(\d+)::date and \$(\d+)::date/g)].map((m) => [
      m[1],
      params[Number(m[3]) - 1],
      params[Number(m[4]) - 1],
    ]);
    expect(reads).toEqual([
      ['location_daily', '2026-01-15', '2026-01-31'],
      ['location_daily', '2026-04-01', '2026-04-10'],
      ['location_monthly', '2026-02-01', '2026-03-01'],
    ]);
    // By day or week, days only; a device's rows from the device rollups.
    expect(render(rollupRows(scope('2026-01-01', '2026-03-31', 'week'))).sql).not.toMatch(/device_monthly/);
    expect(() => rollupRows({ ...scope('2026-01-01', '2026-01-31', 'day'), device: 3 }, 'location')).toThrow(/device rollups/);
  });

  it('start a month’s rent sharing from the nearer end of the month before the range', () => {
    const before = (from: string) =>
      render(
        takingsBefore(
          linesContext({
            scope: { ...scope(from, '2026-05-31', 'month'), subject: 'location' },
            periods: periodsOf(from, '2026-05-31', 'month'),
            rents: [],
            page: 1,
            itemsPerPage: 10,
          }),
        ),
      ).sql;
    expect(before('2026-05-01')).toMatch(/where false/);
    // The 5th: the four days before it.
    expect(before('2026-05-05')).not.toMatch(/location_monthly|union all/);
    // The 28th: the month less the days from the 28th.
    expect(before('2026-05-28')).toMatch(/location_monthly[\s\S]*union all[\s\S]*-\(/);
  });

  it('name a row’s period: its day, the first day of its week, month or year within the range, or the range’s', async () => {
    const periodIn = async (period: 'day' | 'week' | 'month' | 'year' | 'range', day: string) => {
      const result = (await t.db.execute(
        sql`select to_char(${periodOf(period, '2026-03-04', sql`${day}::date`)}, 'YYYY-MM-DD') as p`,
      )) as unknown as {
        rows: { p: string }[];
      };
      return result.rows[0]?.p;
    };
    expect(await periodIn('day', '2026-03-20')).toBe('2026-03-20');
    expect(await periodIn('week', '2026-03-20')).toBe('2026-03-16');
    expect(await periodIn('week', '2026-03-05')).toBe('2026-03-04');
    expect(await periodIn('month', '2026-05-20')).toBe('2026-05-01');
    expect(await periodIn('month', '2026-03-20')).toBe('2026-03-04');
    expect(await periodIn('year', '2027-02-02')).toBe('2027-01-01');
    expect(await periodIn('range', '2026-09-09')).toBe('2026-03-04');
  });

  it('share an amount in whole cents that add up to it, and nothing of a whole that is 0', async () => {
    // 1000 cents shared by parts of 1, 2, 1 and 3 of a whole of 7: each the rounded share up to its end less the one up to its start.
    const parts = [1, 2, 1, 3];
    let upTo = 0;
    const shares: number[] = [];
    for (const part of parts) {
      upTo += part;
      const result = (await t.db.execute(
        sql`select ${share('a', 'u', 'p', 'w')} as s from (select 1000::bigint as a, ${upTo}::bigint as u, ${part}::bigint as p, 7::bigint as w) x`,
      )) as unknown as { rows: { s: unknown }[] };
      shares.push(Number(result.rows[0]?.s));
    }
    // Up to the ends 1, 3, 4 and 7: 143, 429, 571 and 1000 cents.
    expect(shares).toEqual([143, 286, 142, 429]);
    expect(shares.reduce((s, v) => s + v, 0)).toBe(1000);
    const none = (await t.db.execute(sql`select ${share('1000', '0', '0', '0')} as s`)) as unknown as { rows: { s: unknown }[] };
    expect(Number(none.rows[0]?.s)).toBe(0);
  });
});
