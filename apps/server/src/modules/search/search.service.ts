import { BILL_NUMBER_PATTERN, formatDateTime, formatMoney, iri, moduleOf, type Permission, type SearchResult } from '@kovanica/contract';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { inCompanies } from '../../core/tenancy.ts';
import type { Db } from '../../db/client.ts';
import {
  articles,
  billCounters,
  bills,
  devices,
  lessors,
  locations,
  loggers,
  loyaltyCards,
  repositories,
  tags,
  users,
} from '../../db/schema/index.ts';

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
 * A bill's number as a worker types it: the number alone (`4850`), the premises label alone (`PP07`,
 * any case, at least one letter) or both (`4850/PP07`). Null for any other text.
 */
export function partialBillNumber(text: string): { number: number | null; premises: string | null } | null {
  const value = text.trim();
  const both = /^([1-9]\d{0,8})\/([0-9a-zA-Z]{1,20})\/?$/.exec(value);
  if (both) return { number: Number(both[1]), premises: both[2] as string };
  if (/^[1-9]\d{0,8}$/.test(value)) return { number: Number(value), premises: null };
  if (/^[0-9a-zA-Z]{1,20}$/.test(value) && /[a-zA-Z]/.test(value) && !/^[0-9a-f]{32}$/i.test(value))
    return { number: null, premises: value };
  return null;
}

interface FoundBill {
  id: number;
  number: number;
  premises: string;
  isu: string;
  issuedAt: string | Date;
  totalCents: number;
}

/**
 * The newest five bills of a partial number, through the bill number's unique index only: the
 * company's sequences (`bill_counters`, a row per premises, ISU and year) that can hold the number
 * name the index's leading columns, and each sequence gives its newest matching bills (numbers rise
 * with issue time within a sequence). No scan of the bills by a computed text.
 */
async function partialBills(
  db: Db,
  companies: readonly number[] | null,
  wanted: { number: number | null; premises: string | null },
): Promise<FoundBill[]> {
  const sequences = and(
    inCompanies(billCounters.companyId, companies),
    wanted.premises === null ? undefined : sql`lower(${billCounters.premises}) = ${wanted.premises.toLowerCase()}`,
    wanted.number === null ? undefined : sql`${billCounters.last} >= ${wanted.number}`,
  );
  const result = await db.execute(sql`
    select b.id, b.number, b.premises, b.isu, b.issued_at as "issuedAt", b.total_cents as "totalCents"
    from ${billCounters}
    cross join lateral (
      select ${bills.id} as id, ${bills.number} as number, ${bills.premises} as premises, ${bills.isu} as isu,
        ${bills.issuedAt} as issued_at, ${bills.totalCents} as total_cents
      from ${bills}
      where ${bills.companyId} = ${billCounters.companyId} and ${bills.premises} = ${billCounters.premises}
        and ${bills.isu} = ${billCounters.isu} and ${bills.year} = ${billCounters.year}
        ${wanted.number === null ? sql`` : sql`and ${bills.number} = ${wanted.number}`}
      order by ${bills.number} desc
      limit ${PER_KIND}
    ) b
    where ${sequences ?? sql`true`}
    order by b.issued_at desc, b.id desc
    limit ${PER_KIND}`);
  return (result as unknown as { rows: FoundBill[] }).rows.map((r) => ({
    ...r,
    id: Number(r.id),
    number: Number(r.number),
    totalCents: Number(r.totalCents),
  }));
}

/** What one kind's search is given: the caller's companies, the text as typed and as an ILIKE pattern. */
interface SearchInput {
  db: Db;
  companies: readonly number[] | null;
  text: string;
  like: string;
}

/** Each kind's search, in the order the results are shown; each runs only for callers who may read it. */
const searchers: { permission: Permission; find: (q: SearchInput) => Promise<SearchResult[]> }[] = [
  {
    permission: 'devices.read',
    async find({ db, companies, like }) {
      const found: SearchResult[] = [];
      const rows = await db
        .select({ id: devices.id, name: devices.name, imei: loggers.imei, location: locations.name })
        .from(devices)
        .leftJoin(loggers, eq(loggers.id, devices.loggerId))
        .leftJoin(locations, eq(locations.id, devices.locationId))
        .where(and(inCompanies(devices.companyId, companies), or(ilike(devices.name, like), ilike(loggers.imei, like))))
        .orderBy(devices.name)
        .limit(PER_KIND);
      for (const r of rows) {
        found.push({
          kind: 'device',
          '@id': iri('devices', r.id),
          id: r.id,
          title: r.name,
          detail: [r.location, r.imei].filter(Boolean).join(' · ') || null,
        });
      }
      return found;
    },
  },
  {
    permission: 'loggers.read',
    async find({ db, companies, like }) {
      const found: SearchResult[] = [];
      const rows = await db
        .select({ id: loggers.id, imei: loggers.imei, serial: loggers.serial })
        .from(loggers)
        .where(and(inCompanies(loggers.companyId, companies), or(ilike(loggers.imei, like), ilike(loggers.serial, like))))
        .orderBy(loggers.imei)
        .limit(PER_KIND);
      for (const r of rows) found.push({ kind: 'logger', '@id': iri('loggers', r.id), id: r.id, title: r.imei, detail: r.serial });
      return found;
    },
  },
  {
    permission: 'locations.read',
    async find({ db, companies, like }) {
      const found: SearchResult[] = [];
      const rows = await db
        .select({ id: locations.id, name: locations.name, street: locations.street })
        .from(locations)
        .where(and(inCompanies(locations.companyId, companies), or(ilike(locations.name, like), ilike(locations.street, like))))
        .orderBy(locations.name)
        .limit(PER_KIND);
      for (const r of rows) found.push({ kind: 'location', '@id': iri('locations', r.id), id: r.id, title: r.name, detail: r.street });
      return found;
    },
  },
  {
    permission: 'lessors.read',
    async find({ db, companies, like }) {
      const found: SearchResult[] = [];
      const rows = await db
        .select({ id: lessors.id, name: lessors.name, oib: lessors.oib })
        .from(lessors)
        .where(and(inCompanies(lessors.companyId, companies), or(ilike(lessors.name, like), ilike(lessors.oib, like))))
        .orderBy(lessors.name)
        .limit(PER_KIND);
      for (const r of rows) found.push({ kind: 'lessor', '@id': iri('lessors', r.id), id: r.id, title: r.name, detail: r.oib });
      return found;
    },
  },
  {
    permission: 'users.read',
    async find({ db, companies, like }) {
      const found: SearchResult[] = [];
      const rows = await db
        .select({ id: users.id, name: sql<string>`${users.name} || ' ' || ${users.surname}`, email: users.email })
        .from(users)
        .where(
          and(
            inCompanies(users.companyId, companies),
            or(ilike(users.email, like), ilike(sql`${users.name} || ' ' || ${users.surname}`, like)),
          ),
        )
        .orderBy(users.surname)
        .limit(PER_KIND);
      for (const r of rows) found.push({ kind: 'user', '@id': iri('users', r.id), id: r.id, title: r.name, detail: r.email });
      return found;
    },
  },
  {
    permission: 'bills.read',
    async find({ db, companies, text }) {
      const found: SearchResult[] = [];
      const billMatch = billSearch(text);
      const partial = billMatch ? null : partialBillNumber(text);
      const rows: FoundBill[] = billMatch
        ? await db
            .select({
              id: bills.id,
              number: bills.number,
              premises: bills.premises,
              isu: bills.isu,
              issuedAt: bills.issuedAt,
              totalCents: bills.totalCents,
            })
            .from(bills)
            .where(and(inCompanies(bills.companyId, companies), billMatch))
            .orderBy(desc(bills.issuedAt))
            .limit(PER_KIND)
        : partial
          ? await partialBills(db, companies, partial)
          : [];
      for (const r of rows) {
        found.push({
          kind: 'bill',
          '@id': iri('bills', r.id),
          id: r.id,
          title: `${r.number}/${r.premises}/${r.isu}`,
          detail: `${formatDateTime(new Date(r.issuedAt))} · ${formatMoney(r.totalCents)}`,
        });
      }
      return found;
    },
  },
  {
    permission: 'articles.read',
    async find({ db, companies, like }) {
      const found: SearchResult[] = [];
      const rows = await db
        .select({ id: articles.id, name: articles.name, supplier: articles.supplier })
        .from(articles)
        .where(and(inCompanies(articles.companyId, companies), ilike(articles.name, like)))
        .orderBy(articles.name)
        .limit(PER_KIND);
      for (const r of rows) found.push({ kind: 'article', '@id': iri('articles', r.id), id: r.id, title: r.name, detail: r.supplier });
      return found;
    },
  },
  {
    permission: 'repositories.read',
    async find({ db, companies, like }) {
      const found: SearchResult[] = [];
      const rows = await db
        .select({ id: repositories.id, name: repositories.name, address: repositories.address })
        .from(repositories)
        .where(and(inCompanies(repositories.companyId, companies), ilike(repositories.name, like)))
        .orderBy(repositories.name)
        .limit(PER_KIND);
      for (const r of rows) {
        found.push({ kind: 'repository', '@id': iri('repositories', r.id), id: r.id, title: r.name, detail: r.address });
      }
      return found;
    },
  },
  {
    permission: 'tags.read',
    async find({ db, companies, like }) {
      const found: SearchResult[] = [];
      const rows = await db
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(and(inCompanies(tags.companyId, companies), ilike(tags.name, like)))
        .orderBy(tags.name)
        .limit(PER_KIND);
      for (const r of rows) found.push({ kind: 'tag', '@id': iri('tags', r.id), id: r.id, title: r.name, detail: null });
      return found;
    },
  },
  {
    permission: 'loyalty-cards.read',
    async find({ db, companies, like }) {
      const found: SearchResult[] = [];
      const rows = await db
        .select({ id: loyaltyCards.id, uid: loyaltyCards.uid, number: loyaltyCards.number, status: loyaltyCards.status })
        .from(loyaltyCards)
        .where(and(inCompanies(loyaltyCards.companyId, companies), or(ilike(loyaltyCards.uid, like), ilike(loyaltyCards.number, like))))
        .orderBy(loyaltyCards.uid)
        .limit(PER_KIND);
      for (const r of rows) {
        found.push({ kind: 'loyalty-card', '@id': iri('loyalty-cards', r.id), id: r.id, title: r.uid, detail: r.number });
      }
      return found;
    },
  },
];

/**
 * Quick search across what the caller may read, in the current view: each kind only when the role has
 * its permission and the company its module, at most five of each.
 */
export async function quickSearch(db: Db, ctx: RequestContext, text: string): Promise<SearchResult[]> {
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const allowed = (permission: Permission) => {
    const module = moduleOf(permission);
    return ctx.can(permission) && (!module || ctx.actor.role === 'admin' || ctx.actor.activeModules.includes(module));
  };
  const results: SearchResult[] = [];
  for (const searcher of searchers) {
    if (allowed(searcher.permission)) results.push(...(await searcher.find({ db, companies: ctx.listed, text, like })));
  }
  return results;
}
