import {
  BILL_COMPARISON_MAX_DAYS,
  type BillComparison,
  type BillComparisonQuery,
  type BillComparisonRow,
  iri,
  parseReference,
} from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { badQuery } from '../../core/collection.ts';
import type { RequestContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { HISTORY_SEQ_BASE } from '../telemetry/telemetry.service.ts';

const DAY_MS = 86_400_000;

interface Row {
  device_id: number;
  device_name: string;
  location_name: string | null;
  day: string;
  payments: string;
  payments_cents: string;
  billed: string;
  bills: string;
  bills_cents: string;
  fiscalized: string;
  fiscalized_cents: string;
}

/**
 * The transactions-vs-bills comparison (docs/rules.md "Bills and fiscalization"), per device and Zagreb day: each money payment
 * (coin, note, cashless; not in service mode) of a company with the bills module, on a device whose
 * fiscalization is on today (its own setting, or that of the location the payment was made at) is matched with its bill through the
 * payment's `(logger, seq)`; beside them, the machine bills issued that day and those fiscalized.
 * A payment without a bill, a bill without a JIR, or counts that differ make a mismatch. Imported
 * history (seqs from `HISTORY_SEQ_BASE`) is not compared: the system it comes from billed it.
 */
export async function billComparison(db: Db, ctx: RequestContext, query: BillComparisonQuery): Promise<BillComparison> {
  if (query.to < query.from) throw invalid('to', 'end_before_start');
  const span = Math.round((Date.parse(query.to) - Date.parse(query.from)) / DAY_MS) + 1;
  if (span > BILL_COMPARISON_MAX_DAYS) throw invalid('to', 'range_too_long', { max: BILL_COMPARISON_MAX_DAYS });
  const reference = (param: 'company' | 'device', collection: string) => {
    const value = query[param];
    if (value === undefined) return null;
    const id = parseReference(collection, value);
    if (id === null) throw badQuery(param, 'iri');
    return id;
  };
  const company = reference('company', 'companies');
  const device = reference('device', 'devices');
  // The caller's view; a company outside it compares nothing (as a list filtered by it shows nothing).
  const companies = company === null ? ctx.listed : ctx.visible === null || ctx.visible.includes(company) ? [company] : [];
  const inScope = (column: string) =>
    companies === null ? sql`true` : sql`${sql.raw(column)} = any(${`{${companies.join(',')}}`}::int[])`;
  const onDevice = (column: string) => (device === null ? sql`true` : sql`${sql.raw(column)} = ${device}`);
  const from = sql`(${query.from}::date)::timestamp at time zone 'Europe/Zagreb'`;
  const to = sql`((${query.to}::date) + 1)::timestamp at time zone 'Europe/Zagreb'`;

  const result = await db.execute(sql`
    with pay as (
      select e.device_id, (e.at at time zone 'Europe/Zagreb')::date as day, count(*) as payments, sum(e.amount_cents) as payments_cents,
        count(b.id) as billed
      from telemetry_events e
      join devices d on d.id = e.device_id
      left join locations l on l.id = e.location_id
      left join bills b on b.logger_id = e.logger_id and b.seq = e.seq
      where ${inScope('e.company_id')} and ${onDevice('e.device_id')} and e.at >= ${from} and e.at < ${to}
        and e.type in ('coin', 'note', 'cashless') and not e.test
        -- History imported from another system was billed there (no bill here).
        and e.seq < ${HISTORY_SEQ_BASE}::bigint
        and e.company_id in (select c.id from companies c where 'bills' = any(c.active_modules))
        and (d.fiscalize = 'on' or (d.fiscalize = 'inherit' and coalesce(l.fiscalization, false)))
      group by 1, 2
    ), bil as (
      select b.device_id, (b.issued_at at time zone 'Europe/Zagreb')::date as day, count(*) as bills, sum(b.total_cents) as bills_cents,
        count(b.jir) as fiscalized, coalesce(sum(b.total_cents) filter (where b.jir is not null), 0) as fiscalized_cents
      from bills b
      where ${inScope('b.company_id')} and ${onDevice('b.device_id')} and b.kind = 'device' and b.issued_at >= ${from} and b.issued_at < ${to}
      group by 1, 2
    )
    select coalesce(p.device_id, q.device_id) as device_id, d.name as device_name, l.name as location_name,
      to_char(coalesce(p.day, q.day), 'YYYY-MM-DD') as day,
      coalesce(p.payments, 0) as payments, coalesce(p.payments_cents, 0) as payments_cents, coalesce(p.billed, 0) as billed,
      coalesce(q.bills, 0) as bills, coalesce(q.bills_cents, 0) as bills_cents,
      coalesce(q.fiscalized, 0) as fiscalized, coalesce(q.fiscalized_cents, 0) as fiscalized_cents
    from pay p
    full join bil q on q.device_id = p.device_id and q.day = p.day
    join devices d on d.id = coalesce(p.device_id, q.device_id)
    left join locations l on l.id = d.location_id
    order by 4 desc, 2, 1`);

  const rows = (result as unknown as { rows: Row[] }).rows.map(
    (r): BillComparisonRow => ({
      device: iri('devices', Number(r.device_id)),
      deviceName: r.device_name,
      locationName: r.location_name,
      day: r.day,
      payments: Number(r.payments),
      paymentsCents: Number(r.payments_cents),
      bills: Number(r.bills),
      billsCents: Number(r.bills_cents),
      fiscalized: Number(r.fiscalized),
      fiscalizedCents: Number(r.fiscalized_cents),
      unbilled: Number(r.payments) - Number(r.billed),
      unfiscalized: Number(r.bills) - Number(r.fiscalized),
    }),
  );
  const shown =
    query.mismatches === 'true'
      ? rows.filter((r) => r.unbilled > 0 || r.unfiscalized > 0 || r.payments !== r.bills || r.paymentsCents !== r.billsCents)
      : rows;
  const totals = {
    payments: 0,
    paymentsCents: 0,
    bills: 0,
    billsCents: 0,
    fiscalized: 0,
    fiscalizedCents: 0,
    unbilled: 0,
    unfiscalized: 0,
  };
  for (const r of shown) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += r[key];
  return { rows: shown, totals };
}
