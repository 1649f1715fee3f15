import { type ArticleUnit, grossFromNet, type MovementKind } from '@kovanica/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  articles,
  cities,
  companies,
  devices,
  locations,
  repositories,
  stockLevels,
  stockMovements,
  telemetryEvents,
  users,
} from '../db/schema/index.ts';
import { DEMO_CITIES, FLEET_SINCE } from './fleet.ts';

/**
 * The demo's stock (docs/rules.md "The demo"): for every company with the stock module, prize articles, a warehouse
 * and vans with their responsible people, and a year of movements since the fleet was placed —
 * receipts from suppliers, transfers to the vans, loads into the prize devices, one count adjustment
 * and one receipt booked by mistake and reversed. The loads follow each device's `prize_out`
 * telemetry: every two weeks a device is topped up with what it will pay out until the next visit
 * and a reserve, so its prizes never run out — except for a few devices kept low on purpose. Without
 * telemetry (SEED_HISTORY=0) each device gets its first load only.
 *
 * Run after the telemetry history; it books through no API, so it replays the movements' own rules
 * (docs/rules.md, "Stock") to set the stock levels, quantities and average prices they leave.
 */

const DAY = 86_400_000;
/** A van visits each prize device every two weeks. */
const VISIT = 14 * DAY;

interface ArticleSeed {
  name: string;
  unit: ArticleUnit;
  supplier: string;
  netCents: number;
  sellingNetCents: number | null;
  /** Units per receipt lot. */
  lot: number;
}
const ARTICLES = {
  plushSmall: {
    name: 'Plišana igračka, mala',
    unit: 'pcs',
    supplier: 'Igračke Adria d.o.o.',
    netCents: 160,
    sellingNetCents: null,
    lot: 400,
  },
  plushLarge: {
    name: 'Plišana igračka, velika',
    unit: 'pcs',
    supplier: 'Igračke Adria d.o.o.',
    netCents: 480,
    sellingNetCents: 1200,
    lot: 150,
  },
  capsule: { name: 'Kapsula s igračkom', unit: 'pcs', supplier: 'Kapsula trade d.o.o.', netCents: 35, sellingNetCents: null, lot: 1000 },
  ball: { name: 'Loptica skočica', unit: 'pcs', supplier: 'Kapsula trade d.o.o.', netCents: 25, sellingNetCents: null, lot: 1000 },
  keyRing: {
    name: 'Privjesak za ključeve',
    unit: 'pcs',
    supplier: 'Suveniri Dalmacija j.d.o.o.',
    netCents: 60,
    sellingNetCents: 200,
    lot: 500,
  },
} satisfies Record<string, ArticleSeed>;
type ArticleKey = keyof typeof ARTICLES;
const ARTICLE_KEYS = Object.keys(ARTICLES) as ArticleKey[];

/** What each prize-machine model pays out, in what shares (the fleet's model names). */
const MIX: Record<string, [ArticleKey, number][]> = {
  'Plišana dizalica': [
    ['plushSmall', 0.6],
    ['plushLarge', 0.4],
  ],
  Dizalica: [
    ['plushSmall', 0.7],
    ['keyRing', 0.3],
  ],
  'Lucky Star': [
    ['capsule', 0.6],
    ['ball', 0.4],
  ],
  'Key Master': [['keyRing', 1]],
};

const STORES: Record<string, { warehouse: string; address: string; vans: string[] }> = {
  'Zabavni automati d.o.o.': {
    warehouse: 'Skladište Zagreb',
    address: 'Slavonska avenija 22, 10000 Zagreb',
    // Inland devices go with the first van, the coast's with the second.
    vans: ['Kombi 1 — Zagreb', 'Kombi 2 — Jadran'],
  },
};
const DEFAULT_STORE = { warehouse: 'Glavno skladište', address: 'Korzo 5, 51000 Rijeka', vans: ['Kombi'] };

/** Units each van keeps beyond what its next round needs. */
const VAN_RESERVE = 20;

interface Move {
  kind: MovementKind;
  article: ArticleKey;
  quantity: number;
  from: number | null;
  to: number | null;
  device: number | null;
  price: number | null;
  at: number;
  by: number | null;
  supplier?: string | null;
  reason?: string;
  note?: string;
  reverses?: Move;
}

/** Seeds every company that has the stock module and no articles yet; returns the movements booked. */
export async function seedStock(db: Db, options: { now?: Date } = {}): Promise<number> {
  const now = (options.now ?? new Date()).getTime();
  return db.transaction(async (tx) => {
    const stocked = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(
        and(
          sql`'stock' = any(${companies.activeModules})`,
          sql`not exists (select 1 from ${articles} where ${articles.companyId} = ${companies.id})`,
        ),
      )
      .orderBy(asc(companies.id));
    let booked = 0;
    for (const company of stocked) booked += await seedCompany(tx, company, now);
    return booked;
  });
}

async function seedCompany(tx: Tx, company: { id: number; name: string }, now: number): Promise<number> {
  const store = STORES[company.name] ?? DEFAULT_STORE;
  const people = await tx
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(eq(users.companyId, company.id))
    .orderBy(asc(users.id));
  const manager = people.find((u) => u.roles[0] === 'manager')?.id ?? people[0]?.id ?? null;
  const workers = people.filter((u) => u.roles[0] === 'worker').map((u) => u.id);

  const articleRows = await tx
    .insert(articles)
    .values(
      ARTICLE_KEYS.map((key) => {
        const a: ArticleSeed = ARTICLES[key];
        return {
          companyId: company.id,
          name: a.name,
          unit: a.unit,
          supplier: a.supplier,
          purchaseNetCents: a.netCents,
          purchaseGrossCents: grossFromNet(a.netCents, 25),
          sellingNetCents: a.sellingNetCents,
          sellingGrossCents: a.sellingNetCents === null ? null : grossFromNet(a.sellingNetCents, 25),
          createdAt: new Date(FLEET_SINCE.getTime() - 7 * DAY),
        };
      }),
    )
    .returning({ id: articles.id });
  const articleId = new Map(ARTICLE_KEYS.map((key, i) => [key, articleRows[i]?.id as number]));

  const repositoryRows = await tx
    .insert(repositories)
    .values([
      { companyId: company.id, type: 'warehouse' as const, name: store.warehouse, address: store.address, responsibleWorkerId: manager },
      ...store.vans.map((name, i) => ({
        companyId: company.id,
        type: 'van' as const,
        name,
        address: null,
        // The second van goes with the manager when the company has one worker.
        responsibleWorkerId: workers[i] ?? (i === 0 ? (workers[0] ?? manager) : manager),
      })),
    ])
    .returning({ id: repositories.id, responsible: repositories.responsibleWorkerId });
  const warehouse = repositoryRows[0]?.id as number;
  const vans = repositoryRows.slice(1);

  // The prize devices, each with the van that serves it (by the coast, when there are two).
  const coast = new Set<string>(DEMO_CITIES.filter((c) => c.coast).map((c) => c.name));
  const prizeDevices = (
    await tx
      .select({ id: devices.id, name: devices.name, city: cities.name })
      .from(devices)
      .leftJoin(locations, eq(locations.id, devices.locationId))
      .leftJoin(cities, eq(cities.id, locations.cityId))
      .where(and(eq(devices.companyId, company.id), eq(devices.group, 'prize_device')))
      .orderBy(asc(devices.id))
  ).map((d, i) => ({
    ...d,
    van: vans[vans.length > 1 && d.city && coast.has(d.city) ? 1 : 0] ?? { id: warehouse, responsible: manager },
    mix: MIX[d.name.replace(/ \d+$/, '')] ?? [['capsule', 1] as [ArticleKey, number]],
    // A few devices are kept low on prizes, so the screens have something to show.
    reserve: i % 4 === 2 && i < 12 ? 2 + (i % 3) : 15 + (i % 4) * 5,
  }));

  // Prizes paid out per device and visit, from the telemetry (none without the history).
  const start = FLEET_SINCE.getTime() - 30 * 60_000;
  const visits = Math.max(1, Math.ceil((now - start) / VISIT));
  const paidOut = new Map<number, number[]>(prizeDevices.map((d) => [d.id, new Array<number>(visits).fill(0)]));
  if (prizeDevices.length) {
    const outs = await tx
      .select({ deviceId: telemetryEvents.deviceId, at: telemetryEvents.at, count: telemetryEvents.count })
      .from(telemetryEvents)
      .where(
        and(
          eq(telemetryEvents.type, 'prize_out'),
          inArray(
            telemetryEvents.deviceId,
            prizeDevices.map((d) => d.id),
          ),
        ),
      );
    for (const e of outs) {
      const visit = Math.min(visits - 1, Math.floor((e.at.getTime() - start) / VISIT));
      const counts = paidOut.get(e.deviceId ?? 0);
      if (counts && visit >= 0) counts[visit] = (counts[visit] ?? 0) + e.count;
    }
  }

  // The year, visit by visit: loads decide the transfers, transfers the receipts; then all is booked
  // in time order through `book`, which applies the movements' rules.
  const moves: Move[] = [];
  const level = new Map<string, number>();
  const held = (repository: number, article: ArticleKey) => level.get(`${repository}|${article}`) ?? 0;
  const state = new Map(ARTICLE_KEYS.map((key) => [key, { quantity: 0, average: null as number | null }]));
  const book = (move: Move) => {
    const n = Math.abs(move.quantity);
    const article = state.get(move.article) as { quantity: number; average: number | null };
    if (move.from !== null) {
      const left = held(move.from, move.article) - n;
      if (left < 0) throw new Error(`demo stock went below zero: ${move.article} in ${move.from}`);
      level.set(`${move.from}|${move.article}`, left);
    }
    if (move.to !== null) level.set(`${move.to}|${move.article}`, held(move.to, move.article) + n);
    const inStock = (move.to === null ? 0 : n) - (move.from === null ? 0 : n);
    if (move.kind === 'receipt' && move.price !== null) {
      const total = article.quantity + inStock;
      if (inStock > 0) article.average = (article.quantity * (article.average ?? 0) + inStock * move.price) / total;
      else if (total > 0) article.average = Math.max(0, (article.quantity * (article.average ?? 0) + inStock * move.price) / total);
    } else move.price = article.average;
    article.quantity += inStock;
    moves.push(move);
    return move;
  };

  const deviceStock = new Map<number, number>(prizeDevices.map((d) => [d.id, 0]));
  const adjustmentVisit = Math.floor(visits / 2);
  const mistakeVisit = Math.floor(visits / 3);
  for (let k = 0; k < visits; k++) {
    const visitAt = start + k * VISIT;
    // What each device needs: this visit's payouts and its reserve, less what it still holds.
    const loads = prizeDevices.map((d) => {
      const need = paidOut.get(d.id)?.[k] ?? 0;
      const holds = deviceStock.get(d.id) ?? 0;
      let load = Math.max(0, need + d.reserve - holds);
      if (load > 0 && d.reserve >= 15) load = Math.ceil(load / 5) * 5;
      deviceStock.set(d.id, holds + load - need);
      let given = 0;
      const parts = d.mix.map(([article, share], i) => {
        const units = i === d.mix.length - 1 ? load - given : Math.round(load * share);
        given += units;
        return { article, units };
      });
      return { device: d, parts: parts.filter((p) => p.units > 0) };
    });
    // What each van takes from the warehouse for the round.
    const transfers = vans.flatMap((van) =>
      ARTICLE_KEYS.map((article) => {
        const needed = loads
          .filter((l) => l.device.van.id === van.id)
          .reduce((sum, l) => sum + (l.parts.find((p) => p.article === article)?.units ?? 0), 0);
        const short = needed > 0 ? needed + VAN_RESERVE - held(van.id, article) : 0;
        return { van, article, units: short > 0 ? Math.ceil(short / 10) * 10 : 0 };
      }).filter((t) => t.units > 0),
    );
    // Receipts in whole lots, at prices that drift a little over the year.
    for (const [i, article] of ARTICLE_KEYS.entries()) {
      const a: ArticleSeed = ARTICLES[article];
      const needed = transfers.filter((t) => t.article === article).reduce((sum, t) => sum + t.units, 0);
      const short = needed + a.lot / 2 - held(warehouse, article);
      if (needed > 0 && short > 0) {
        const price = Math.round(a.netCents * (1 + 0.06 * Math.sin(k / 3 + i)));
        book({
          kind: 'receipt',
          article,
          quantity: Math.ceil(short / a.lot) * a.lot,
          from: null,
          to: warehouse,
          device: null,
          price,
          at: visitAt - 3 * 3_600_000 + i * 60_000,
          by: manager,
          supplier: a.supplier,
        });
      }
    }
    if (k === mistakeVisit) {
      // A receipt keyed with the price of a box instead of a piece, reversed and booked again.
      const wrong = book({
        kind: 'receipt',
        article: 'keyRing',
        quantity: 100,
        from: null,
        to: warehouse,
        device: null,
        price: 600,
        at: visitAt - 150 * 60_000,
        by: manager,
        supplier: ARTICLES.keyRing.supplier,
      });
      book({
        kind: 'receipt',
        article: 'keyRing',
        quantity: 100,
        from: warehouse,
        to: null,
        device: null,
        price: 600,
        at: visitAt - 145 * 60_000,
        by: manager,
        supplier: ARTICLES.keyRing.supplier,
        note: 'Pogrešna cijena na primci (cijena kutije umjesto komada); knjiženo ponovno.',
        reverses: wrong,
      });
      book({
        kind: 'receipt',
        article: 'keyRing',
        quantity: 100,
        from: null,
        to: warehouse,
        device: null,
        price: 60,
        at: visitAt - 140 * 60_000,
        by: manager,
        supplier: ARTICLES.keyRing.supplier,
      });
    }
    for (const [i, t] of transfers.entries()) {
      book({
        kind: 'transfer',
        article: t.article,
        quantity: t.units,
        from: warehouse,
        to: t.van.id,
        device: null,
        price: null,
        at: visitAt - 2 * 3_600_000 + i * 60_000,
        by: t.van.responsible,
      });
    }
    for (const [i, l] of loads.entries()) {
      for (const p of l.parts) {
        book({
          kind: 'issue',
          article: p.article,
          quantity: p.units,
          from: l.device.van.id,
          to: null,
          device: l.device.id,
          price: null,
          at: visitAt + i * 10_000,
          by: l.device.van.responsible,
        });
      }
    }
    const van = vans[0];
    if (k === adjustmentVisit && van && held(van.id, 'plushSmall') >= 3) {
      book({
        kind: 'adjustment',
        article: 'plushSmall',
        quantity: -3,
        from: van.id,
        to: null,
        device: null,
        price: null,
        at: visitAt + 8 * 3_600_000,
        by: van.responsible,
        reason: 'Inventura kombija: tri igračke oštećene u transportu.',
      });
    }
  }

  // Booked: the movements (a reversed one first, for its id), the levels and the articles they leave.
  const row = (m: Move, reversesId: number | null = null) => ({
    companyId: company.id,
    kind: m.kind,
    articleId: articleId.get(m.article) as number,
    quantity: m.quantity,
    fromRepositoryId: m.from,
    toRepositoryId: m.to,
    deviceId: m.device,
    unitPriceCents: m.price,
    supplier: m.supplier ?? null,
    reason: m.reason ?? null,
    note: m.note ?? null,
    at: new Date(m.at),
    createdAt: new Date(m.at),
    createdById: m.by,
    reversesId,
  });
  const reversedIds = new Map<Move, number>();
  for (const m of moves.filter((m) => moves.some((other) => other.reverses === m))) {
    const [inserted] = await tx.insert(stockMovements).values(row(m)).returning({ id: stockMovements.id });
    reversedIds.set(m, inserted?.id as number);
  }
  const rest = moves.filter((m) => !reversedIds.has(m)).map((m) => row(m, m.reverses ? (reversedIds.get(m.reverses) ?? null) : null));
  for (let i = 0; i < rest.length; i += 500) await tx.insert(stockMovements).values(rest.slice(i, i + 500));

  const levels = [...level.entries()]
    .filter(([, quantity]) => quantity > 0)
    .map(([key, quantity]) => {
      const [repository, article] = key.split('|') as [string, ArticleKey];
      return { repositoryId: Number(repository), articleId: articleId.get(article) as number, companyId: company.id, quantity };
    });
  if (levels.length) await tx.insert(stockLevels).values(levels);
  for (const [key, s] of state) {
    await tx
      .update(articles)
      .set({ quantity: s.quantity, averageCostCents: s.average })
      .where(eq(articles.id, articleId.get(key) as number));
  }
  return moves.length;
}
