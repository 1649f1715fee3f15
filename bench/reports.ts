/**
 * Reports benchmark (decisions 0020, 0022): a year of rollups for 1,000 devices at 200 locations under 50 lessors,
 * every report timed for yesterday (by day), last month (by day) and the last twelve whole months (by
 * month) (p50 and p95 over repeated calls, no cache), beside
 * the same figures from a raw GROUP BY over the transactions in the same run, whose numbers must agree;
 * then the traffic forecast's backtest on the demo's history.
 *   npm run bench -- reports [--db pglite|postgres] [--devices 1000] [--events 12] [--calls 20]
 * `--events` is the payments per device and day (the raw table holds devices × 365 × events rows).
 * The rollups are built from the generated payments by one GROUP BY each, as ingestion would have, and
 * every table is written in time order, as a live fleet writes it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { addDays, businessDate, type FinanceQuery, type FinanceReport, type FinanceSubject } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../apps/server/src/core/context.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { demoDailyTurnover } from '../apps/server/src/demo/history.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { FiscalKeys } from '../apps/server/src/fiscal/keys.ts';
import { dashboardFigures } from '../apps/server/src/modules/dashboard/dashboard.figures.ts';
import { financeReport, rollupRows } from '../apps/server/src/modules/reports/finance.service.ts';
import { backtest, forecast } from '../apps/server/src/modules/reports/reports.service.ts';
import { benchDatabase, here } from './support.ts';

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;

async function timed<T>(calls: number, run: () => Promise<T>): Promise<{ p50: number; p95: number; last: T }> {
  let last = await run(); // the first call warms the plan cache; it is not counted
  const ms: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    last = await run();
    ms.push(performance.now() - started);
  }
  return { p50: quantile(ms, 0.5), p95: quantile(ms, 0.95), last };
}

/** The bench company: 200 locations of 50 lessors (fixed, percentage and mixed terms), 1,000 devices, a year of payments. */
async function build(db: Database['db'], devices: number, eventsPerDay: number, today: string) {
  const exec = (q: ReturnType<typeof sql>) => db.execute(q);
  const first = addDays(today, -364);
  await exec(sql`insert into companies (name, oib, address, active_modules, operational_costs_cents)
    values ('Bench automati d.o.o.', '69435151530', 'Ilica 1, Zagreb', '{devices,deposits,finance,stock}', 1500000)`);
  const company = Number(
    ((await exec(sql`select id from companies where oib = '69435151530'`)) as unknown as { rows: { id: number }[] }).rows[0]?.id,
  );
  const city = Number(((await exec(sql`select id from cities order by id limit 1`)) as unknown as { rows: { id: number }[] }).rows[0]?.id);
  await exec(sql`insert into lessors (company_id, name, oib, rental_type, contract_start, contract_end, contract_rental_amount_cents, rental_percentage_bp, income_limit_cents)
    select ${company}, 'Zakupodavac ' || n, lpad((10000000000 + n)::text, 11, '0'),
      (array['fixed', 'percentage', 'mixed'])[1 + n % 3],
      ${first}::date - (n % 5) * 60, case when n % 7 = 0 then ${today}::date - n * 3 end,
      20000 + (n % 10) * 5000, 1000 + (n % 4) * 500, 100000
    from generate_series(1, 50) n`);
  await exec(sql`insert into locations (company_id, name, city_id, lessor_id, fiscalization)
    select ${company}, 'Lokacija ' || n, ${city}, (select id from lessors where company_id = ${company} order by id offset (n - 1) % 50 limit 1), false
    from generate_series(1, 200) n`);
  await exec(sql`insert into devices (company_id, name, "group", play_price_cents, token_value_cents, location_id)
    select ${company}, 'Uređaj ' || n, (array['kiddie_ride', 'prize_device', 'monster', 'saldo_reducer'])[1 + n % 4], 200, 100,
      (select id from locations where company_id = ${company} order by id offset (n - 1) % 200 limit 1)
    from generate_series(1, ${devices}) n`);
  // Payments: coins, notes, cashless, tokens, a test play now and then; at opening hours in Zagreb.
  await exec(sql`insert into telemetry_events (company_id, logger_id, device_id, location_id, seq, type, at, received_at, amount_cents, count, test)
    select ${company}, d.id, d.id, d.location_id, day * 100 + k,
      (array['coin', 'coin', 'coin', 'note', 'cashless', 'token'])[1 + (d.id + day + k) % 6],
      (${first}::date + day + time '09:00' + k * interval '47 minutes') at time zone 'Europe/Zagreb',
      now(),
      case (d.id + day + k) % 6 when 3 then 1000 when 4 then 300 when 5 then 100 else 100 * (1 + (d.id * k + day) % 3) end,
      1, (d.id + day + k) % 97 = 0
    from devices d, generate_series(0, 364) day, generate_series(1, ${eventsPerDay}) k
    where d.company_id = ${company} and (${first}::date + day + time '09:00' + k * interval '47 minutes') at time zone 'Europe/Zagreb' < now()
    order by 7`);
  await exec(sql`insert into device_daily (company_id, device_id, location_key, location_id, day, coins_cents, notes_cents, cashless_cents,
      tokens, tokens_cents, plays, test_plays, test_cents, events)
    select company_id, device_id, location_id, location_id, (at at time zone 'Europe/Zagreb')::date,
      coalesce(sum(amount_cents) filter (where type = 'coin' and not test), 0), coalesce(sum(amount_cents) filter (where type = 'note' and not test), 0),
      coalesce(sum(amount_cents) filter (where type = 'cashless' and not test), 0), count(*) filter (where type = 'token' and not test),
      coalesce(sum(amount_cents) filter (where type = 'token' and not test), 0), count(*) filter (where not test), count(*) filter (where test),
      coalesce(sum(amount_cents) filter (where test), 0), count(*)
    from telemetry_events where company_id = ${company} group by 1, 2, 3, 4, 5
    order by 5`);
  await exec(sql`insert into device_monthly (company_id, device_id, location_key, location_id, month, coins_cents, notes_cents, cashless_cents,
      card_cents, tokens, tokens_cents, plays, test_plays, test_cents, events)
    select company_id, device_id, location_key, max(location_id), date_trunc('month', day)::date, sum(coins_cents), sum(notes_cents),
      sum(cashless_cents), sum(card_cents), sum(tokens), sum(tokens_cents), sum(plays), sum(test_plays), sum(test_cents), sum(events)
    from device_daily where company_id = ${company} group by 1, 2, 3, 5
    order by 5`);
  // The locations' rollups, as ingestion keeps them beside the devices' (decision 0022).
  for (const [table, source, unit] of [
    ['location_daily', 'device_daily', 'day'],
    ['location_monthly', 'device_monthly', 'month'],
  ] as const)
    await exec(sql`insert into ${sql.raw(table)} (company_id, location_key, location_id, devices, ${sql.raw(unit)}, coins_cents, notes_cents,
        cashless_cents, card_cents, tokens, tokens_cents, plays, test_plays, test_cents, events)
      select company_id, location_key, max(location_id), count(*), ${sql.raw(unit)}, sum(coins_cents), sum(notes_cents), sum(cashless_cents),
        sum(card_cents), sum(tokens), sum(tokens_cents), sum(plays), sum(test_plays), sum(test_cents), sum(events)
      from ${sql.raw(source)} where company_id = ${company} group by 1, 2, 5
      order by 5`);
  // Ingestion leaves the rows visible to index-only scans once autovacuum has passed; the bench does it now.
  await exec(sql`vacuum analyze`);
  const events = Number(
    ((await exec(sql`select count(*) as n from telemetry_events where company_id = ${company}`)) as unknown as { rows: { n: unknown }[] })
      .rows[0]?.n,
  );
  return { company, events };
}

/** The bench company of a kept database (`--keep`), built on an earlier day: its payments end then. */
async function builtBefore(db: Database['db']) {
  const result = await db.execute(
    sql`select c.id, (select count(*) from telemetry_events e where e.company_id = c.id) as n from companies c where c.oib = '69435151530'`,
  );
  const row = (result as unknown as { rows: { id: number; n: unknown }[] }).rows[0];
  if (!row) throw new Error('the kept database has no bench company: drop it and run again');
  return { company: row.id, events: Number(row.n) };
}

/** The raw GROUP BY a report replaces: gross per subject and period straight from the payments. */
/** The figures the raw GROUP BY computes and the bench compares. */
const RAW_FIGURES = ['coinsCents', 'notesCents', 'cashlessCents', 'cardCents', 'tokens', 'tokensCents', 'plays', 'grossCents'] as const;

function rawQuery(company: number, subject: FinanceSubject, from: string, to: string, period: 'day' | 'month') {
  const key = { device: sql`e.device_id`, location: sql`e.location_id`, lessor: sql`l.lessor_id`, company: sql`e.company_id` }[subject];
  const bucket =
    period === 'day'
      ? sql`(e.at at time zone 'Europe/Zagreb')::date`
      : sql`greatest(date_trunc('month', (e.at at time zone 'Europe/Zagreb')::date)::date, ${from}::date)`;
  // The report's figures but rent: the revenue parts, tokens, plays and gross (as the bench's rollups count them).
  return sql`select ${key} as subject, to_char(${bucket}, 'YYYY-MM-DD') as period,
      coalesce(sum(e.amount_cents) filter (where e.type = 'coin'), 0) as "coinsCents",
      coalesce(sum(e.amount_cents) filter (where e.type = 'note'), 0) as "notesCents",
      coalesce(sum(e.amount_cents) filter (where e.type = 'cashless'), 0) as "cashlessCents",
      coalesce(sum(e.amount_cents) filter (where e.type = 'card'), 0) as "cardCents",
      count(*) filter (where e.type = 'token') as tokens,
      coalesce(sum(e.amount_cents) filter (where e.type = 'token'), 0) as "tokensCents",
      count(*) as plays, sum(e.amount_cents) as "grossCents"
    from telemetry_events e left join locations l on l.id = e.location_id
    where e.company_id = ${company} and not e.test and e.type in ('coin', 'note', 'cashless', 'card', 'token')
      and e.at >= ${from}::date::timestamp at time zone 'Europe/Zagreb' and e.at < (${to}::date + 1)::timestamp at time zone 'Europe/Zagreb'
    group by 1, 2`;
}

export async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'pglite' },
      devices: { type: 'string', default: '1000' },
      events: { type: 'string', default: '12' },
      calls: { type: 'string', default: '20' },
      // postgres only: keep the database under this name, and use it again when it exists (for working on a report)
      keep: { type: 'string' },
    },
  });
  const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
  const calls = Number(values.calls);
  const { dbArg, dropDb, existed } = await benchDatabase(kind, values.keep);
  const database = await openDatabase(kind === 'pglite' ? { pglite: await PGlite.create() } : { url: dbArg, statementTimeoutMs: 0 });
  const result: Record<string, unknown> = { bench: 'reports', db: kind, at: new Date().toISOString() };
  try {
    await database.migrate();
    const today = businessDate();
    const started = performance.now();
    if (!existed) await seedDemo(database.db, new FiscalKeys('bench-reports-secret-0123456789abcdef'));
    const { company, events } = existed
      ? await builtBefore(database.db)
      : await build(database.db, Number(values.devices), Number(values.events), today);
    console.log(
      `Reports bench on ${kind}: ${values.devices} devices, 200 locations, 50 lessors, ${events.toLocaleString('en')} payments over a year (built in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    const ctx = {
      listed: [company],
      visible: [company],
      actor: { role: 'manager', activeModuleComponents: ['finance.ebitda'] },
    } as unknown as RequestContext;
    // The ranges a user picks: yesterday, last month, the last twelve whole months.
    const yesterday = addDays(today, -1);
    const thisMonth = `${today.slice(0, 8)}01`;
    const lastMonth = `${addDays(thisMonth, -1).slice(0, 8)}01`;
    const yearAgo = `${String(Number(thisMonth.slice(0, 4)) - 1)}${thisMonth.slice(4)}`;
    const ranges = [
      { name: 'day', from: yesterday, to: yesterday, period: 'day' as const },
      { name: 'month', from: lastMonth, to: addDays(thisMonth, -1), period: 'day' as const },
      { name: 'year', from: yearAgo, to: addDays(thisMonth, -1), period: 'month' as const },
    ];
    const rows: Record<string, unknown>[] = [];
    let worst = 0;
    let smallestRatio = Number.POSITIVE_INFINITY;
    console.log(
      `  ${'report'.padEnd(22)} ${'range'.padEnd(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'raw p50'.padStart(9)} ${'ratio'.padStart(7)}  same figures`,
    );
    for (const subject of ['device', 'location', 'lessor', 'company'] as const) {
      for (const range of ranges) {
        const query: FinanceQuery = { subject, from: range.from, to: range.to, period: range.period, itemsPerPage: 200 };
        const report = await timed(calls, () => financeReport(database.db, ctx, query));
        const raw = await timed(Math.max(3, Math.round(calls / 4)), () =>
          database.db.execute(rawQuery(company, subject, range.from, range.to, range.period)),
        );
        // The same numbers: every period's figures and the totals, and each line of the first page.
        type Figures = Record<(typeof RAW_FIGURES)[number], number>;
        const rawRows = (raw.last as unknown as { rows: (Record<string, unknown> & { subject: number | null; period: string })[] }).rows;
        const figuresOf = (row: Record<string, unknown>) => Object.fromEntries(RAW_FIGURES.map((f) => [f, Number(row[f] ?? 0)])) as Figures;
        const add = (a: Figures | undefined, b: Figures) =>
          Object.fromEntries(RAW_FIGURES.map((f) => [f, (a?.[f] ?? 0) + b[f]])) as Figures;
        const rawByPeriod = new Map<string, Figures>();
        let rawTotals: Figures | undefined;
        for (const r of rawRows) {
          rawByPeriod.set(r.period, add(rawByPeriod.get(r.period), figuresOf(r)));
          rawTotals = add(rawTotals, figuresOf(r));
        }
        const rep = report.last as FinanceReport;
        const equal = (a: Figures | undefined, b: Record<string, unknown>) => RAW_FIGURES.every((f) => (a?.[f] ?? 0) === Number(b[f]));
        const samePeriods = rep.periods.every((p) => equal(rawByPeriod.get(p.periodStart), p));
        const rawLine = new Map(rawRows.map((r) => [`${r.subject}/${r.period}`, figuresOf(r)]));
        const sameLines = rep.rows.every((r) => equal(rawLine.get(`${r.subject?.split('/').pop() ?? 'null'}/${r.periodStart}`), r));
        const same = samePeriods && sameLines && equal(rawTotals, rep.totals);
        const ratio = raw.p50 / report.p50;
        worst = Math.max(worst, report.p95);
        smallestRatio = Math.min(smallestRatio, ratio);
        rows.push({ report: `finance/${subject}`, range: range.name, p50: report.p50, p95: report.p95, rawP50: raw.p50, ratio, same });
        console.log(
          `  ${`finance-report/${subject}`.padEnd(22)} ${range.name.padEnd(6)} ${report.p50.toFixed(1).padStart(8)} ${report.p95.toFixed(1).padStart(8)} ${raw.p50.toFixed(1).padStart(9)} ${ratio.toFixed(0).padStart(6)}×  ${same ? 'yes' : 'NO'}`,
        );
        if (!same) throw new Error(`finance-report/${subject} over the ${range.name} disagrees with the raw GROUP BY`);
      }
    }
    // The floor under any report read from the rollups: one statement summing the revenue parts of the
    // range's location rollup rows per period (the smallest rollup, no rent, no costs, no names, no page),
    // and one round trip with nothing to read. A report cannot take less than the first; beside the
    // company's raw GROUP BY timed above, it says what ratio the rollups allow at all for each range.
    const roundTrip = await timed(calls, () => database.db.execute(sql`select 1`));
    console.log(
      `  ${'floor: a round trip'.padEnd(22)} ${''.padEnd(6)} ${roundTrip.p50.toFixed(2).padStart(8)} ${roundTrip.p95.toFixed(2).padStart(8)}`,
    );
    const floors: Record<string, unknown>[] = [];
    for (const range of ranges) {
      const rollup = rollupRows({ companies: [company], from: range.from, to: range.to, period: range.period }, 'location');
      const bucket = range.period === 'day' ? sql`t.d` : sql`greatest(date_trunc('month', t.d)::date, ${range.from}::date)`;
      const floor = await timed(calls, () =>
        database.db.execute(sql`select ${bucket} as period, sum(t.coins_cents + t.notes_cents + t.cashless_cents + t.card_cents + t.tokens_cents) as gross
          from (${rollup}) t group by 1`),
      );
      // With what the rent needs besides (docs/rules.md "Money reports", rent): the revenue of each location's whole months,
      // which percentage and mixed terms are of, read from the monthly rollup (a row per location and month).
      const withRent = await timed(calls, () =>
        database.db.execute(sql`with r as (select ${bucket} as period, sum(t.coins_cents + t.notes_cents + t.cashless_cents + t.card_cents + t.tokens_cents) as gross
            from (${rollup}) t group by 1),
          m as (select m.location_key, m.month, sum(m.coins_cents + m.notes_cents + m.cashless_cents + m.card_cents + m.tokens_cents) as gross
            from location_monthly m where m.company_id = ${company}
              and m.month between date_trunc('month', ${range.from}::date)::date and ${range.to}::date group by 1, 2)
          select period, gross from r union all select month, gross from m`),
      );
      // The company's raw GROUP BY of the range, as timed beside its report above.
      const raw = { p50: Number(rows.find((r) => r.report === 'finance/company' && r.range === range.name)?.rawP50) };
      const ratio = raw.p50 / floor.p50;
      const rentRatio = raw.p50 / withRent.p50;
      floors.push({
        range: range.name,
        p50: floor.p50,
        p95: floor.p95,
        rawP50: raw.p50,
        ratio,
        withRentP50: withRent.p50,
        withRentRatio: rentRatio,
        roundTripP50: roundTrip.p50,
      });
      const line = (name: string, t: { p50: number; p95: number }, r: number) =>
        console.log(
          `  ${name.padEnd(22)} ${range.name.padEnd(6)} ${t.p50.toFixed(2).padStart(8)} ${t.p95.toFixed(2).padStart(8)} ${raw.p50.toFixed(1).padStart(9)} ${r.toFixed(0).padStart(6)}×`,
        );
      line('floor: rollup sums', floor, ratio);
      line('floor: + months (rent)', withRent, rentRatio);
    }
    result.floors = floors;

    // The dashboard: every figure, its forecast already made for the day (made once a day, timed below).
    await dashboardFigures(database.db, ctx);
    const dashboard = await timed(calls, () => dashboardFigures(database.db, ctx));
    worst = Math.max(worst, dashboard.p95);
    rows.push({ report: 'dashboard', range: 'today', p50: dashboard.p50, p95: dashboard.p95 });
    console.log(
      `  ${'dashboard/figures'.padEnd(22)} ${'today'.padEnd(6)} ${dashboard.p50.toFixed(1).padStart(8)} ${dashboard.p95.toFixed(1).padStart(8)}`,
    );

    // The forecast on the demo's own history (the fleet the demo seeds, simulated over its 13 months).
    const history = await demoDailyTurnover(database.db);
    const learnt = history.slice(0, -1); // today is not over
    const forecastMs: number[] = [];
    for (let i = 0; i < Math.max(10, calls); i++) {
      const t0 = performance.now();
      forecast(learnt, 30);
      forecastMs.push(performance.now() - t0);
    }
    const tested = backtest(learnt, { weeks: 8, horizon: 30 });
    const bestNaive = Math.min(tested.naive, tested.seasonalNaive);
    const mase = tested.model / bestNaive;
    console.log(
      `  forecast on ${learnt.length} days of the demo's history: ${quantile(forecastMs, 0.5).toFixed(1)} ms p50, ${quantile(forecastMs, 0.95).toFixed(1)} ms p95 per forecast (target < 30 ms)`,
    );
    console.log(
      `  backtest, ${tested.origins} weekly origins, ${tested.horizon} days ahead: MASE model ${tested.model.toFixed(3)}, naive ${tested.naive.toFixed(3)}, seasonal naive ${tested.seasonalNaive.toFixed(3)} (target ≤ 0.85 of the better naive)`,
    );
    result.reports = rows;
    result.forecast = {
      days: learnt.length,
      msP50: quantile(forecastMs, 0.5),
      msP95: quantile(forecastMs, 0.95),
      backtest: tested,
      ratio: mase,
    };
    result.summary = { worstP95: worst, smallestRatio, mase };
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', `reports-${kind}.json`), `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `reports: p95 ${worst.toFixed(1)} ms on ${kind}, ${smallestRatio.toFixed(0)}× faster than raw GROUP BY; forecast MASE ${mase.toFixed(2)} of best naive`,
    );
  } finally {
    await database.close();
    await dropDb?.();
  }
}
