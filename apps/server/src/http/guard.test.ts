import { can, moduleComponents, modules, type Permission } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  alarms,
  articles,
  auditLog,
  billAttempts,
  bills,
  cardHolders,
  cardTransactions,
  companies,
  criticalEpisodes,
  deposits,
  deviceCommands,
  devices,
  emptyings,
  exportFiles,
  exportParts,
  fiscalCertificates,
  imports,
  lessors,
  locations,
  loggers,
  loyaltyCards,
  loyaltyOwners,
  mails,
  maintenance,
  monthCloses,
  posLocations,
  posOwners,
  posWorkers,
  promoBoxes,
  promotions,
  pushSubscriptions,
  repositories,
  serviceSessions,
  stockMovements,
  tags,
  telemetryEvents,
  telemetryHolds,
  topUps,
  users,
  visitStops,
  visits,
} from '../db/schema/index.ts';
import { seedStock } from '../demo/stock.ts';
import { createDeps } from '../deps.ts';
import { type DemoUser, demo, FISCAL_TEST_SECRET, mergePatch, testApp } from '../testing/app.ts';
import { insertMachineAudit } from '../testing/machine-audits.ts';

const t = await testApp({
  setup(app) {
    // A route of a module, to see the module switch at work (the devices issue brings real ones).
    app.get('/api/v2/test-module', { config: { permission: 'devices.read' } }, async () => ({ ok: true }));
  },
});
await seedStock(t.db); // articles, repositories and movements of both companies
const routes = t.app.registeredRoutes().filter((r) => !r.public && r.method !== 'HEAD');
const [zabavni] = await t.db.select().from(companies).where(eq(companies.name, 'Zabavni automati d.o.o.'));
const [zabavniManager] = await t.db.select().from(users).where(eq(users.email, demo.manager));

const firstOf = async (
  table:
    | typeof lessors
    | typeof locations
    | typeof tags
    | typeof loggers
    | typeof devices
    | typeof articles
    | typeof repositories
    | typeof stockMovements,
) =>
  (
    await t.db
      .select({ id: table.id })
      .from(table)
      .where(eq(table.companyId, zabavni?.id ?? 0))
      .limit(1)
  )[0]?.id;

const zabavniDevice = (
  await t.db
    .select()
    .from(devices)
    .where(eq(devices.companyId, zabavni?.id ?? 0))
    .limit(1)
)[0];
const [zabavniCommand] = await t.db
  .insert(deviceCommands)
  .values({
    companyId: zabavni?.id ?? 0,
    loggerId: zabavniDevice?.loggerId ?? 0,
    deviceId: zabavniDevice?.id,
    type: 'reset',
    reason: 'guard test',
  })
  .returning();
const [zabavniEvent] = await t.db
  .insert(telemetryEvents)
  .values({
    companyId: zabavni?.id ?? 0,
    loggerId: zabavniDevice?.loggerId ?? 0,
    deviceId: zabavniDevice?.id,
    seq: 1,
    type: 'coin',
    at: new Date(),
    receivedAt: new Date(),
  })
  .returning();

const ofDevice = { companyId: zabavni?.id ?? 0, deviceId: zabavniDevice?.id ?? 0 };
// A month of Zabavni's closed long ago: the reopen route's record.
const [zabavniClose] = await t.db
  .insert(monthCloses)
  .values({ companyId: zabavni?.id ?? 0, month: '2020-01-01', closedAt: new Date() })
  .returning();
const [zabavniHold] = await t.db
  .insert(telemetryHolds)
  .values({
    ...ofDevice,
    loggerId: zabavniDevice?.loggerId ?? 0,
    receivedAt: new Date(),
    rule: 'payment',
    seq: 2,
    valueCents: 50_000,
    limitCents: 10_000,
    events: 1,
    amountCents: 50_000,
  })
  .returning();
// A collection round of Zabavni's with one stop: its stop's route is walked too.
const [zabavniVisit] = await t.db
  .insert(visits)
  .values({ companyId: zabavni?.id ?? 0, day: '2026-11-02' })
  .returning();
const [zabavniStop] = await t.db
  .insert(visitStops)
  .values({ visitId: zabavniVisit?.id ?? 0, deviceId: ofDevice.deviceId, position: 1 })
  .returning();
const zabavniMachineAudit = await insertMachineAudit(t.db, zabavni?.id ?? 0);
const [zabavniAlarm] = await t.db
  .insert(alarms)
  .values({ ...ofDevice, kind: 'device_critical', subject: `devices/${ofDevice.deviceId}`, raisedAt: new Date(), code: 'E1' })
  .returning();
const [zabavniSession] = await t.db
  .insert(serviceSessions)
  .values({ ...ofDevice, startedAt: new Date() })
  .returning();
const [zabavniEpisode] = await t.db
  .insert(criticalEpisodes)
  .values({ ...ofDevice, code: 'E1', startedAt: new Date() })
  .returning();
const [zabavniEmptying] = await t.db
  .insert(emptyings)
  .values({ ...ofDevice, at: new Date(), countedCents: 0, countedTokens: 0 })
  .returning();
const [zabavniMaintenance] = await t.db
  .insert(maintenance)
  .values({ ...ofDevice, date: '2026-11-01', type: 'repair', description: 'route walk' })
  .returning();
const [zabavniDeposit] = await t.db
  .insert(deposits)
  .values({ ...ofDevice, emptyingId: zabavniEmptying?.id ?? 0, at: new Date(), reportedCoinsCents: 0, reportedTokens: 0 })
  .returning();

const [zabavniCertificate] = await t.db
  .select()
  .from(fiscalCertificates)
  .where(eq(fiscalCertificates.companyId, zabavni?.id ?? 0));
const [zabavniBill] = await t.db
  .insert(bills)
  .values({
    companyId: zabavni?.id ?? 0,
    kind: 'device',
    deviceId: zabavniDevice?.id,
    issuedAt: new Date(),
    year: 2026,
    number: 1,
    premises: 'WALK',
    isu: '1',
    totalCents: 100,
    inVatSystem: true,
    payment: 'G',
    oib: zabavni?.oib ?? '',
    operatorOib: zabavni?.oib ?? '',
    zki: '0'.repeat(32),
    certificateId: zabavniCertificate?.id ?? 0,
  })
  .returning();
const [zabavniAttempt] = await t.db
  .insert(billAttempts)
  .values({
    companyId: zabavni?.id ?? 0,
    billId: zabavniBill?.id ?? 0,
    at: new Date(),
    messageId: 'walk',
    late: false,
    environment: 'simulated',
    requestXml: '<walk/>',
  })
  .returning();
const [zabavniExport] = await t.db
  .insert(exportFiles)
  .values({
    companyId: zabavni?.id ?? 0,
    userId: zabavniManager?.id ?? 0,
    kind: 'finance-report',
    params: { subject: 'location', from: '2026-11-01', to: '2026-11-30' },
    format: 'csv',
    language: 'en',
    status: 'done',
    progress: 100,
    fileName: 'walk.csv',
    size: 4,
  })
  .returning();
await t.db.insert(exportParts).values({ exportId: zabavniExport?.id ?? 0, seq: 0, content: Buffer.from('walk') });
// The loyalty programme: an owner of Zabavni's with a card holder and a promo box.
const [zabavniLoyaltyOwner] = await t.db
  .insert(loyaltyOwners)
  .values({ companyId: zabavni?.id ?? 0, name: 'Walk programme', oib: zabavni?.oib ?? '', isOperator: true })
  .returning();
const [zabavniCardHolder] = await t.db
  .insert(cardHolders)
  .values({ companyId: zabavni?.id ?? 0, ownerId: zabavniLoyaltyOwner?.id ?? 0, name: 'Walk', surname: 'Holder' })
  .returning();
const [zabavniPromoBox] = await t.db
  .insert(promoBoxes)
  .values({
    companyId: zabavni?.id ?? 0,
    ownerId: zabavniLoyaltyOwner?.id ?? 0,
    title: 'Walk',
    backgroundColor: '#000000',
    textColor: '#ffffff',
    activeFrom: '2026-01-01',
  })
  .returning();
const [zabavniCard] = await t.db
  .insert(loyaltyCards)
  .values({ companyId: zabavni?.id ?? 0, ownerId: zabavniLoyaltyOwner?.id ?? 0, uid: 'A1B2C3D4', number: 'WALK-1' })
  .returning();
const [zabavniCardEntry] = await t.db
  .insert(cardTransactions)
  .values({
    companyId: zabavni?.id ?? 0,
    cardId: zabavniCard?.id ?? 0,
    kind: 'adjustment',
    at: new Date(),
    paidCents: 0,
    bonusCents: 0,
    paidAfterCents: 0,
    bonusAfterCents: 0,
    note: 'walk',
  })
  .returning();
// The points of sale: an owner, a point of sale, a worker; a promotion of the programme.
const ofZabavni = { companyId: zabavni?.id ?? 0 };
const [zabavniPosOwner] = await t.db
  .insert(posOwners)
  .values({ ...ofZabavni, name: 'Walk kiosks', oib: zabavni?.oib ?? '' })
  .returning();
const [zabavniPosLocation] = await t.db
  .insert(posLocations)
  .values({ ...ofZabavni, posOwnerId: zabavniPosOwner?.id ?? 0, name: 'Walk kiosk', premisesLabel: 'WALK', isu: '1' })
  .returning();
const [zabavniPosWorker] = await t.db
  .insert(posWorkers)
  .values({ ...ofZabavni, posLocationId: zabavniPosLocation?.id ?? 0, name: 'Walk', surname: 'Worker', oib: zabavni?.oib ?? '' })
  .returning();
const [zabavniPromotion] = await t.db
  .insert(promotions)
  .values({ ...ofZabavni, ownerId: zabavniLoyaltyOwner?.id ?? 0, name: 'Walk', kind: 'bonus', validFrom: '2026-01-01' })
  .returning();
const [zabavniTopUp] = await t.db
  .insert(topUps)
  .values({
    companyId: zabavni?.id ?? 0,
    cardId: zabavniCard?.id ?? 0,
    posLocationId: zabavniPosLocation?.id ?? 0,
    at: new Date(),
    paidCents: 100,
    payment: 'cash',
  })
  .returning();
const [zabavniAudit] = await t.db
  .insert(auditLog)
  .values({ companyId: zabavni?.id ?? 0, resource: 'lessors', recordId: 1, action: 'update', actor: 'walk@zabavni.test' })
  .returning();
const [zabavniImport] = await t.db
  .insert(imports)
  .values({
    companyId: zabavni?.id ?? 0,
    kind: 'articles',
    fileName: 'walk.csv',
    rowsRead: 1,
    rowsWritten: 1,
    rowsRefused: 0,
    status: 'done',
  })
  .returning();
const [zabavniMail] = await t.db
  .insert(mails)
  .values({
    companyId: zabavni?.id ?? 0,
    kind: 'deposit',
    dedupeKey: 'walk:1',
    to: ['walk@zabavni.test'],
    subject: 'Walk',
    text: 'Walk',
    html: '<p>Walk</p>',
    language: 'hr',
  })
  .returning();
// The other company uses every module, so that only tenancy keeps it from Zabavni's rows.
await t.db
  .update(companies)
  .set({ activeModules: [...modules], activeModuleComponents: [...moduleComponents] })
  .where(eq(companies.name, 'Drugi automati j.d.o.o.'));

// One's own browser with push on: another company's caller may not test or remove it.
const [zabavniPush] = await t.db
  .insert(pushSubscriptions)
  .values({ userId: zabavniManager?.id ?? 0, endpoint: 'https://push.example.net/walk', p256dh: 'walk', auth: 'walk' })
  .returning();

/** A row of "Zabavni automati" per resource; a new resource with an `:id` route must add its own. */
const foreignIds: Record<string, number | undefined> = {
  users: zabavniManager?.id,
  companies: zabavni?.id,
  lessors: await firstOf(lessors),
  locations: await firstOf(locations),
  tags: await firstOf(tags),
  loggers: await firstOf(loggers),
  devices: await firstOf(devices),
  commands: zabavniCommand?.id,
  transactions: zabavniEvent?.id,
  'service-sessions': zabavniSession?.id,
  'critical-episodes': zabavniEpisode?.id,
  emptyings: zabavniEmptying?.id,
  deposits: zabavniDeposit?.id,
  maintenance: zabavniMaintenance?.id,
  articles: await firstOf(articles),
  repositories: await firstOf(repositories),
  movements: await firstOf(stockMovements),
  bills: zabavniBill?.id,
  'bill-attempts': zabavniAttempt?.id,
  'fiscal-settings': zabavni?.id,
  'fiscal-certificates': zabavniCertificate?.id,
  exports: zabavniExport?.id,
  'loyalty-owners': zabavniLoyaltyOwner?.id,
  'card-holders': zabavniCardHolder?.id,
  'promo-boxes': zabavniPromoBox?.id,
  'pos-owners': zabavniPosOwner?.id,
  'pos-locations': zabavniPosLocation?.id,
  'pos-workers': zabavniPosWorker?.id,
  promotions: zabavniPromotion?.id,
  'top-ups': zabavniTopUp?.id,
  'loyalty-cards': zabavniCard?.id,
  'card-transactions': zabavniCardEntry?.id,
  'audit-log': zabavniAudit?.id,
  mails: zabavniMail?.id,
  imports: zabavniImport?.id,
  'telemetry-holds': zabavniHold?.id,
  'month-closes': zabavniClose?.id,
  alarms: zabavniAlarm?.id,
  visits: zabavniVisit?.id,
  'machine-audits': zabavniMachineAudit,
  'push-subscriptions': zabavniPush?.id,
};
/** Reference data every company shares: no tenant to hide it from. */
const shared = new Set(['cities']);
const resourceOf = (url: string) => url.split('/')[3] ?? '';
const urlFor = (url: string) =>
  url.replace(':id', String(foreignIds[resourceOf(url)] ?? 'missing')).replace(':stopId', String(zabavniStop?.id ?? 'missing'));
/** A valid body for routes whose body has required fields (so the id, not the body, decides). */
const validBodies: Record<string, object> = {
  '/api/v2/devices/:id/commands': { type: 'reset', reason: 'route walk' },
  '/api/v2/deposits/:id': { depositCoinsCents: 0, depositTokens: 0 },
  '/api/v2/bills/:id/storno': { note: 'route walk' },
  '/api/v2/pos-workers/:id/pin': { pin: '1234' },
  '/api/v2/users/:id/photo': { image: 'AAAA' },
  '/api/v2/month-closes/:id/reopen': { reason: 'The route walk reopens it' },
  '/api/v2/devices/:id/planogram': { selections: [] },
};
/** A valid query for routes with required parameters (so the id, not the query, decides). */
const validQueries: Record<string, string> = {
  '/api/v2/lessors/:id/statement': '?month=2026-10',
  '/api/v2/loyalty-reports/general': '?from=2026-10-01&to=2026-10-31',
  '/api/v2/loyalty-reports/owners': '?from=2026-10-01&to=2026-10-31',
  '/api/v2/loyalty-reports/cards': '?from=2026-10-01&to=2026-10-31',
  '/api/v2/loyalty-reports/holders': '?from=2026-10-01&to=2026-10-31',
  '/api/v2/reports/product-sales': '?from=2026-10-01&to=2026-10-31',
};
const requestFor = (route: (typeof routes)[number]) => ({
  method: route.method as 'GET',
  url: `${urlFor(route.url)}${validQueries[route.url] ?? ''}`,
  headers: route.method === 'PATCH' ? mergePatch : {},
  payload: ['POST', 'PATCH'].includes(route.method) ? (validBodies[route.url] ?? {}) : undefined,
});

describe('every registered route', () => {
  it('is found and declares its access', () => {
    expect(routes.length).toBeGreaterThanOrEqual(14);
    for (const r of routes) expect(r.permission, `${r.method} ${r.url}`).toMatch(/^[a-z-]+\.[a-z]+$/);
    for (const r of routes.filter((r) => r.url.includes(':id') && !shared.has(resourceOf(r.url)))) {
      expect(foreignIds[resourceOf(r.url)], r.url).toBeTypeOf('number');
    }
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s: no token → 401', async (_, route) => {
    const res = await t.app.inject(requestFor(route));
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  // Routes some demo role may not use (routes open to a user's own rows answer them instead).
  const deniedTo = (route: (typeof routes)[number]) =>
    route.allowSelf
      ? []
      : (['manager', 'accountant', 'worker'] as DemoUser[]).filter((u) => !can(u as never, route.permission as Permission));
  const guarded = routes.filter((r) => deniedTo(r).length > 0);

  it('has routes a role is refused', () => expect(guarded.length).toBeGreaterThanOrEqual(6));

  it.each(guarded.map((r) => [`${r.method} ${r.url}`, r] as const))('%s: a role without the permission → 403', async (_, route) => {
    for (const user of deniedTo(route)) {
      const res = await t.as(user, requestFor(route));
      expect(res.statusCode, `${user}`).toBe(403);
    }
  });

  it.each(routes.filter((r) => r.url.includes(':id') && !shared.has(resourceOf(r.url))).map((r) => [`${r.method} ${r.url}`, r] as const))(
    "%s: another company's id → 404",
    async (_, route) => {
      // The other company's manager never reaches Zabavni's rows: 404 where the route is open to them.
      const res = await t.as('otherManager', requestFor(route));
      const open = can('manager', route.permission as Permission) || route.allowSelf;
      expect(res.statusCode).toBe(open ? 404 : 403);
    },
  );
});

describe('the guard', () => {
  it('refuses to start with a route that declares no access', async () => {
    const { registerGuard } = await import('./guard.ts');
    const app = Fastify();
    registerGuard(app, createDeps({ db: t.db, cache: false, fiscalKeySecret: FISCAL_TEST_SECRET }));
    app.get('/api/v2/forgotten', async () => ({}));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/v2\/forgotten/);
  });

  it('rejects a tampered or expired token with 401', async () => {
    const token = await t.token('manager');
    const tampered = `${token.slice(0, -3)}abc`;
    const res = await t.app.inject({ url: '/api/v2/settings', headers: { authorization: `Bearer ${tampered}` } });
    expect(res.statusCode).toBe(401);
    const expired = t.app.jwt.sign({ sub: String(zabavniManager?.id), email: demo.manager, ver: 0 }, { expiresIn: -10 });
    const res2 = await t.app.inject({ url: '/api/v2/settings', headers: { authorization: `Bearer ${expired}`, 'accept-language': 'hr' } });
    expect(res2.statusCode).toBe(401);
    expect(res2.json().message).toBe('Vaša sesija je istekla. Prijavite se ponovno.');
  });

  it('stops a deactivated user at their next request', async () => {
    expect((await t.as('worker', { url: '/api/v2/settings' })).statusCode).toBe(200); // their access is now cached
    const worker = (await t.db.select().from(users).where(eq(users.email, demo.worker)))[0];
    const off = await t.as('admin', {
      method: 'PATCH',
      url: `/api/v2/users/${worker?.id}`,
      headers: mergePatch,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.as('worker', { url: '/api/v2/settings' })).statusCode).toBe(401);
    await t.as('admin', { method: 'PATCH', url: `/api/v2/users/${worker?.id}`, headers: mergePatch, payload: { active: true } });
    // Reactivated, the worker signs in again: the old sign-in stays ended.
    expect((await t.as('worker', { url: '/api/v2/settings' })).statusCode).toBe(401);
    t.forget('worker');
    expect((await t.as('worker', { url: '/api/v2/settings' })).statusCode).toBe(200);
  });

  it('answers 403 for a switched-off module, and lets it through when switched on', async () => {
    expect((await t.as('otherManager', { url: '/api/v2/test-module' })).statusCode).toBe(200);
    const drugi = (
      await t.json<{ member: { '@id': string }[] }>('admin', { url: '/api/v2/companies?name=Drugi', headers: { 'x-kovanica-view': 'all' } })
    ).body.member[0];
    const off = await t.json('admin', {
      method: 'PATCH',
      url: drugi?.['@id'] ?? '',
      headers: mergePatch,
      payload: { activeModules: ['deposits'] },
    });
    expect(off.status).toBe(200);
    const res = await t.json('otherManager', { url: '/api/v2/test-module' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('The module "devices" is not active for your company.');
  });
});
