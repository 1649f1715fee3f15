import { can, iri, mayWriteField, type Permission, type permissionsByResource, type Role } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  articles,
  cardHolders,
  companies,
  devices,
  lessors,
  locations,
  loggers,
  loyaltyCards,
  loyaltyOwners,
  maintenance,
  posLocations,
  posOwners,
  posWorkers,
  promoBoxes,
  promotions,
  repositories,
  tags,
  users,
  visits,
} from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { seedStock } from '../demo/stock.ts';
import { type DemoUser, demo, mergePatch, testApp } from '../testing/app.ts';
import { insertMachineAudit } from '../testing/machine-audits.ts';
import { inlineRefs } from '../testing/openapi.ts';

/**
 * The field walk (docs/rules.md "Accounts and sign-in", who may write which field): every writable field of
 * every resource's update, for every role, on the caller's own record, a row of the caller's company and a
 * row of another company, is allowed or refused exactly as the contract's `writeRules` say. The fields come
 * from the API's own OpenAPI document, so a new field or resource is walked without touching this file.
 */
const t = await testApp();
await seedStock(t.db); // articles and repositories of both companies
type Resource = keyof typeof permissionsByResource;
type Target = 'own' | 'same' | 'other';

const callers: Record<Role, DemoUser> = { admin: 'admin', manager: 'manager', accountant: 'accountant', worker: 'worker' };
const [zabavni] = await t.db.select().from(companies).where(eq(companies.name, 'Zabavni automati d.o.o.'));
const [drugi] = await t.db.select().from(companies).where(eq(companies.name, 'Drugi automati j.d.o.o.'));
if (!zabavni || !drugi) throw new Error('demo companies missing');
const userIdOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]?.id ?? 0;
const demoHash = (await t.db.select().from(users).where(eq(users.email, demo.admin)))[0]?.passwordHash ?? '';

// A colleague in the caller's company whose account the walk changes (so the callers keep theirs).
const [colleague] = await t.db
  .insert(users)
  .values({
    companyId: zabavni.id,
    email: 'colleague@zabavni.test',
    passwordHash: demoHash,
    name: 'Iva',
    surname: 'Kolega',
    roles: ['worker'],
  })
  .returning();

const firstRow = async (
  table: typeof lessors | typeof locations | typeof tags | typeof loggers | typeof devices | typeof articles | typeof repositories,
  companyId: number,
) => (await t.db.select({ id: table.id }).from(table).where(eq(table.companyId, companyId)).orderBy(table.id).limit(1))[0]?.id;
const zabavniDevice = await firstRow(devices, zabavni.id);
const drugiDevice = await firstRow(devices, drugi.id);
/** An unassigned visit of the company (its worker is the one field a visit's update takes). */
const visitOf = async (companyId: number) => (await t.db.insert(visits).values({ companyId, day: '2026-11-02' }).returning())[0]?.id;
const record = async (companyId: number, deviceId: number | undefined, performedById: number | null) =>
  (
    await t.db
      .insert(maintenance)
      .values({ companyId, deviceId: deviceId ?? 0, date: '2026-11-01', type: 'repair', description: 'field walk', performedById })
      .returning()
  )[0]?.id;

/** A loyalty card of the company's own programme (an owner made for it). */
let cards = 0;
const cardOf = async (companyId: number) => {
  const uid = `F1E1D1${(++cards).toString(16).padStart(2, '0').toUpperCase()}`;
  const [owner] = await t.db.insert(loyaltyOwners).values({ companyId, name: 'Field walk', oib: '69435151530' }).returning();
  const [card] = await t.db
    .insert(loyaltyCards)
    .values({ companyId, ownerId: owner?.id ?? 0, uid, number: uid })
    .returning();
  return card?.id;
};

/** An owner of a loyalty programme of the company, with a card holder and a promo box. */
const programmeOf = async (companyId: number) => {
  const [owner] = await t.db.insert(loyaltyOwners).values({ companyId, name: 'Walk programme', oib: '69435151530' }).returning();
  const ownerId = owner?.id ?? 0;
  const [holder] = await t.db.insert(cardHolders).values({ companyId, ownerId, name: 'Walk', surname: 'Holder' }).returning();
  const [box] = await t.db
    .insert(promoBoxes)
    .values({ companyId, ownerId, title: 'Walk', backgroundColor: '#000000', textColor: '#ffffff', activeFrom: '2026-01-01' })
    .returning();
  return { owner: owner?.id, holder: holder?.id, box: box?.id };
};
const zabavniProgramme = await programmeOf(zabavni.id);
const drugiProgramme = await programmeOf(drugi.id);

/** A POS owner of the company with a point of sale and a worker; a bonus promotion of its programme. */
const pointsOfSaleOf = async (companyId: number, ownerId: number | undefined) => {
  const [posOwner] = await t.db.insert(posOwners).values({ companyId, name: 'Walk kiosks', oib: '69435151530' }).returning();
  const [posLocation] = await t.db
    .insert(posLocations)
    .values({ companyId, posOwnerId: posOwner?.id ?? 0, name: 'Walk kiosk', premisesLabel: 'WALK', isu: '1' })
    .returning();
  const [posWorker] = await t.db
    .insert(posWorkers)
    .values({ companyId, posLocationId: posLocation?.id ?? 0, name: 'Walk', surname: 'Worker', oib: '69435151530' })
    .returning();
  const [promotion] = await t.db
    .insert(promotions)
    .values({
      companyId,
      ownerId: ownerId ?? 0,
      name: 'Walk',
      kind: 'bonus',
      validFrom: '2026-01-01',
      tiers: [{ fromCents: 0, bonusBp: 100 }],
    })
    .returning();
  return { posOwner: posOwner?.id, posLocation: posLocation?.id, posWorker: posWorker?.id, promotion: promotion?.id };
};
const zabavniPos = await pointsOfSaleOf(zabavni.id, zabavniProgramme.owner);
const drugiPos = await pointsOfSaleOf(drugi.id, drugiProgramme.owner);

/** Rows to write to, per resource and target; `own` only where the resource has own records. */
const rows: Partial<Record<Resource, (role: Role) => Promise<Partial<Record<Target, number | undefined>>>>> = {
  users: async (role) => ({
    own: await userIdOf(demo[callers[role]]),
    same: colleague?.id,
    other: await userIdOf(demo.otherManager),
  }),
  maintenance: async (role) => ({
    own: await record(zabavni.id, zabavniDevice, await userIdOf(demo[callers[role]])),
    same: await record(zabavni.id, zabavniDevice, null),
    other: await record(drugi.id, drugiDevice, null),
  }),
  // Every demo caller's company is Zabavni: their own company, whose settings its managers change.
  companies: async () => ({ own: zabavni.id, other: drugi.id }),
  'fiscal-settings': async () => ({ same: zabavni.id, other: drugi.id }),
  cities: async () => ({ same: 1 }), // shared reference data: no company to cross
  lessors: async () => ({ same: await firstRow(lessors, zabavni.id), other: await firstRow(lessors, drugi.id) }),
  locations: async () => ({ same: await firstRow(locations, zabavni.id), other: await firstRow(locations, drugi.id) }),
  tags: async () => ({ same: await firstRow(tags, zabavni.id), other: await firstRow(tags, drugi.id) }),
  loggers: async () => ({ same: await firstRow(loggers, zabavni.id), other: await firstRow(loggers, drugi.id) }),
  devices: async () => ({ same: zabavniDevice, other: drugiDevice }),
  articles: async () => ({ same: await firstRow(articles, zabavni.id), other: await firstRow(articles, drugi.id) }),
  repositories: async () => ({ same: await firstRow(repositories, zabavni.id), other: await firstRow(repositories, drugi.id) }),
  'loyalty-owners': async () => ({ same: zabavniProgramme.owner, other: drugiProgramme.owner }),
  'card-holders': async () => ({ same: zabavniProgramme.holder, other: drugiProgramme.holder }),
  'promo-boxes': async () => ({ same: zabavniProgramme.box, other: drugiProgramme.box }),
  'pos-owners': async () => ({ same: zabavniPos.posOwner, other: drugiPos.posOwner }),
  'pos-locations': async () => ({ same: zabavniPos.posLocation, other: drugiPos.posLocation }),
  'pos-workers': async () => ({ same: zabavniPos.posWorker, other: drugiPos.posWorker }),
  promotions: async () => ({ same: zabavniPos.promotion, other: drugiPos.promotion }),
  'loyalty-cards': async () => ({ same: await cardOf(zabavni.id), other: await cardOf(drugi.id) }),
  visits: async () => ({ same: await visitOf(zabavni.id), other: await visitOf(drugi.id) }),
  'machine-audits': async () => ({ same: await insertMachineAudit(t.db, zabavni.id), other: await insertMachineAudit(t.db, drugi.id) }),
};

interface JsonSchema {
  properties?: Record<string, unknown>;
}
interface Operation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
const openapi = inlineRefs((await t.app.inject({ url: '/api/v2/docs.json' })).json<{ paths: Record<string, Record<string, Operation>> }>());
const walked = t.app.registeredRoutes().filter((r) => r.method === 'PATCH' && r.fieldRules);
const fieldsOf = (url: string): string[] => {
  const operation = openapi.paths[url.replace(':id', '{id}')]?.patch;
  const content = Object.values(operation?.requestBody?.content ?? {})[0];
  return Object.keys(content?.schema.properties ?? {});
};

/** A value that changes nothing but the field's presence: the row's own value, or a harmless one. */
const STRONG = 'ribizl-kava-na-plitvicama-7';
const valueFor = (item: Record<string, unknown>, field: string): unknown => {
  if (field === 'password') return STRONG;
  if (field === 'currentPassword') return DEMO_PASSWORD;
  if (field in item) return item[field];
  return []; // the company wizard's lists (loggers, users, newLoggers, newUsers): add nothing
};

describe('the field walk', () => {
  it('finds the standard update routes and their fields in the OpenAPI document', () => {
    const resources = walked.map((r) => r.fieldRules);
    expect(resources).toEqual(expect.arrayContaining(['users', 'companies', 'devices', 'maintenance', 'locations', 'lessors']));
    for (const route of walked) {
      expect(fieldsOf(route.url).length, route.url).toBeGreaterThan(0);
      expect(rows[route.fieldRules as Resource], `rows for ${route.fieldRules}`).toBeDefined();
    }
  });

  for (const route of walked) {
    const resource = route.fieldRules as Resource;
    it.each(Object.keys(callers) as Role[])(`PATCH ${route.url}: every field as %s`, async (role) => {
      const user = callers[role];
      const targets = (await rows[resource]?.(role)) ?? {};
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const [target, id] of Object.entries(targets) as [Target, number | undefined][]) {
        expect(id, `${resource} ${target}`).toBeTypeOf('number');
        const url = route.url.replace(':id', String(id));
        const item = (await t.json<Record<string, unknown>>('admin', { url })).body;
        for (const field of fieldsOf(route.url)) {
          const payload: Record<string, unknown> = { [field]: valueFor(item, field) };
          if (field === 'password' && target === 'own') payload.currentPassword = DEMO_PASSWORD;
          const res = await t.as(user, { method: 'PATCH', url, headers: mergePatch, payload });
          const own = target === 'own';
          const reaches = target !== 'other' || role === 'admin' || resource === 'cities';
          const gate = can(role, route.permission as Permission) || route.allowSelf;
          const allowed =
            gate &&
            reaches &&
            mayWriteField(role, resource, 'update', field, own) &&
            (payload.currentPassword === undefined || mayWriteField(role, resource, 'update', 'currentPassword', own));
          const refused =
            [403, 404].includes(res.statusCode) || (res.statusCode === 422 && res.json().violations?.[0]?.code === 'own_role');
          outcomes.push(
            `${target}.${field}: ${res.statusCode === 200 ? 'allowed' : refused ? 'refused' : `${res.statusCode} ${res.body}`}`,
          );
          expected.push(`${target}.${field}: ${allowed ? 'allowed' : 'refused'}`);
          if (field === 'password' && res.statusCode === 200) {
            // Put the demo password back; the changed account's sign-ins ended, so sign in again.
            await t.db
              .update(users)
              .set({ passwordHash: demoHash })
              .where(eq(users.id, id ?? 0));
            if (own) t.forget(user);
          }
        }
      }
      expect(outcomes).toEqual(expected);
    });
  }
});

describe('own records', () => {
  it('a worker records maintenance as themself, never as someone else, and deletes only their own records', async () => {
    const worker = await userIdOf(demo.worker);
    const base = { device: iri('devices', zabavniDevice ?? 0), date: '2026-11-03', type: 'service', description: 'own records' };
    const mine = await t.json<{ '@id': string; performedBy: string }>('worker', {
      method: 'POST',
      url: '/api/v2/maintenance',
      payload: base,
    });
    expect(mine.status).toBe(201);
    expect(mine.body.performedBy).toBe(iri('users', worker));
    const asOther = await t.json<{ detail: string }>('worker', {
      method: 'POST',
      url: '/api/v2/maintenance',
      payload: { ...base, performedBy: iri('users', colleague?.id ?? 0) },
    });
    expect(asOther.status).toBe(403);
    expect(asOther.body.detail).toBe('You may not change the field "performedBy" here.');
    const managers = await t.json('manager', {
      method: 'POST',
      url: '/api/v2/maintenance',
      payload: { ...base, performedBy: iri('users', colleague?.id ?? 0) },
    });
    expect(managers.status).toBe(201);
    const theirs = await record(zabavni.id, zabavniDevice, colleague?.id ?? null);
    expect((await t.as('worker', { method: 'DELETE', url: `/api/v2/maintenance/${theirs}` })).statusCode).toBe(403);
    expect((await t.as('worker', { method: 'DELETE', url: mine.body['@id'] })).statusCode).toBe(204);
    expect((await t.as('manager', { method: 'DELETE', url: `/api/v2/maintenance/${theirs}` })).statusCode).toBe(204);
  });
});
