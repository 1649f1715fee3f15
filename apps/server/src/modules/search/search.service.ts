import { BILL_NUMBER_PATTERN, type can, formatDateTime, formatMoney, iri, type SearchResult } from '@kovanica/contract';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { inCompanies } from '../../core/tenancy.ts';
import type { Db } from '../../db/client.ts';
import { bills, devices, lessors, locations, loggers, users } from '../../db/schema/index.ts';

const PER_KIND = 5;

/**
 * Bills are many: they are found by what identifies one, whole and through an index: the number as
 * printed (`12/PP01/3`, the year's bills of that sequence), a JIR (a UUID) or a ZKI (32 hex digits).
 */
function billSearch(text: string): SQL | null {
  const value = text.trim();
  const number = BILL_NUMBER_PATTERN.exec(value);
  if (number?.[2])
    return and(eq(bills.number, Number(number[1])), eq(bills.premises, number[2] as string), eq(bills.isu, number[3] as string)) ?? null;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return eq(bills.jir, value.toLowerCase());
  if (/^[0-9a-f]{32}$/i.test(value)) return eq(bills.zki, value.toLowerCase());
  return null;
}

/**
 * Quick search across what the caller may read, in the current view: each kind only when the role has
 * its permission and the company its module, at most five of each.
 */
export async function quickSearch(db: Db, ctx: RequestContext, text: string): Promise<SearchResult[]> {
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const allowed = (permission: Parameters<typeof can>[1], module?: string) =>
    ctx.can(permission) && (!module || ctx.actor.role === 'admin' || ctx.actor.activeModules.includes(module as never));
  const results: SearchResult[] = [];
  if (allowed('devices.read', 'devices')) {
    const rows = await db
      .select({ id: devices.id, name: devices.name, imei: loggers.imei, location: locations.name })
      .from(devices)
      .leftJoin(loggers, eq(loggers.id, devices.loggerId))
      .leftJoin(locations, eq(locations.id, devices.locationId))
      .where(and(inCompanies(devices.companyId, ctx.listed), or(ilike(devices.name, like), ilike(loggers.imei, like))))
      .orderBy(devices.name)
      .limit(PER_KIND);
    for (const r of rows) {
      results.push({
        kind: 'device',
        '@id': iri('devices', r.id),
        id: r.id,
        title: r.name,
        detail: [r.location, r.imei].filter(Boolean).join(' · ') || null,
      });
    }
  }
  if (allowed('loggers.read', 'devices')) {
    const rows = await db
      .select({ id: loggers.id, imei: loggers.imei, serial: loggers.serial })
      .from(loggers)
      .where(and(inCompanies(loggers.companyId, ctx.listed), or(ilike(loggers.imei, like), ilike(loggers.serial, like))))
      .orderBy(loggers.imei)
      .limit(PER_KIND);
    for (const r of rows) results.push({ kind: 'logger', '@id': iri('loggers', r.id), id: r.id, title: r.imei, detail: r.serial });
  }
  if (allowed('locations.read')) {
    const rows = await db
      .select({ id: locations.id, name: locations.name, street: locations.street })
      .from(locations)
      .where(and(inCompanies(locations.companyId, ctx.listed), or(ilike(locations.name, like), ilike(locations.street, like))))
      .orderBy(locations.name)
      .limit(PER_KIND);
    for (const r of rows) results.push({ kind: 'location', '@id': iri('locations', r.id), id: r.id, title: r.name, detail: r.street });
  }
  if (allowed('lessors.read')) {
    const rows = await db
      .select({ id: lessors.id, name: lessors.name, oib: lessors.oib })
      .from(lessors)
      .where(and(inCompanies(lessors.companyId, ctx.listed), or(ilike(lessors.name, like), ilike(lessors.oib, like))))
      .orderBy(lessors.name)
      .limit(PER_KIND);
    for (const r of rows) results.push({ kind: 'lessor', '@id': iri('lessors', r.id), id: r.id, title: r.name, detail: r.oib });
  }
  if (allowed('users.read')) {
    const rows = await db
      .select({ id: users.id, name: sql<string>`${users.name} || ' ' || ${users.surname}`, email: users.email })
      .from(users)
      .where(
        and(
          inCompanies(users.companyId, ctx.listed),
          or(ilike(users.email, like), ilike(sql`${users.name} || ' ' || ${users.surname}`, like)),
        ),
      )
      .orderBy(users.surname)
      .limit(PER_KIND);
    for (const r of rows) results.push({ kind: 'user', '@id': iri('users', r.id), id: r.id, title: r.name, detail: r.email });
  }
  const billMatch = billSearch(text);
  if (billMatch && allowed('bills.read', 'bills')) {
    const rows = await db
      .select({
        id: bills.id,
        number: sql<string>`${bills.number} || '/' || ${bills.premises} || '/' || ${bills.isu}`,
        issuedAt: bills.issuedAt,
        totalCents: bills.totalCents,
      })
      .from(bills)
      .where(and(inCompanies(bills.companyId, ctx.listed), billMatch))
      .orderBy(desc(bills.issuedAt))
      .limit(PER_KIND);
    for (const r of rows) {
      results.push({
        kind: 'bill',
        '@id': iri('bills', r.id),
        id: r.id,
        title: r.number,
        detail: `${formatDateTime(r.issuedAt)} · ${formatMoney(r.totalCents)}`,
      });
    }
  }
  return results;
}
