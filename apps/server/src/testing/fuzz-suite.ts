import { PROBLEM_JSON } from '@kovanica/contract';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { demoCredential } from '../demo/fleet.ts';
import { seedStock } from '../demo/stock.ts';
import { type DemoUser, demo, mergePatch, testApp } from './app.ts';
import {
  badIds,
  faulty,
  fitting,
  hugeString,
  malformedBodies,
  type Pool,
  queryValue,
  rawQueries,
  type Schema,
  wrongContentTypes,
} from './fuzz.ts';
import { loyaltyProgramme } from './loyalty.ts';
import { inlineRefs } from './openapi.ts';

/**
 * The API fuzzer (decision 0009): every operation of the app's own OpenAPI document, fuzzed as every role with requests
 * made from its documented schemas and deliberately broken ones. Asserted for every answer: no 5xx,
 * the status is documented for the operation and the body fits the documented schema (validated by
 * Ajv against the JSON schema the document publishes: docs/decisions/0009-api-fuzzer.md), and a
 * caller who is not an admin sees no IRI of a row of another company.
 *
 * `FUZZ_RUNS` cases per operation and role (default 50: `npm test`); `npm run fuzz -- --runs N`
 * runs longer with a random seed. `FUZZ_SEED` repeats a run. The operations are shared out among `shards` test files (`http/fuzz.<n>.test.ts`), each with an app
 * of its own, so the fuzzer is not one file that the whole unit suite waits for.
 */
export async function fuzzSuite(shard: number, shards: number): Promise<void> {
  const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
  const SEED = Number(process.env.FUZZ_SEED ?? 9);

  // Sign-in limits stay out of the way: the fuzzer signs its users in again after it signed them out.
  const t = await testApp({ loginLimits: { perAccount: 1_000_000, perAddress: 1_000_000, windowMs: 60_000 }, limitScale: 1_000_000 });
  const app = t.app;
  await seedStock(t.db); // articles, repositories and movements of both companies

  interface Operation {
    method: string;
    path: string;
    parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
    requestBody?: { content: Record<string, { schema?: Schema }> };
    responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
    security?: unknown[];
  }
  interface Document {
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  }
  // References written out: each operation's schemas where it uses them.
  const document = inlineRefs((await app.inject({ url: '/api/v2/docs.json' })).json<Document>());
  const operations: Operation[] = Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
  );

  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute(query)) as unknown as { rows: T[] };

  // Every tenant-owned collection, the table behind it: how an IRI in an answer finds its company.
  const tables: Record<string, string> = {
    users: 'users',
    lessors: 'lessors',
    locations: 'locations',
    tags: 'tags',
    loggers: 'loggers',
    devices: 'devices',
    commands: 'device_commands',
    transactions: 'telemetry_events',
    'service-sessions': 'service_sessions',
    'critical-episodes': 'critical_episodes',
    emptyings: 'emptyings',
    deposits: 'deposits',
    maintenance: 'maintenance',
    articles: 'articles',
    repositories: 'repositories',
    movements: 'stock_movements',
    'pos-owners': 'pos_owners',
    'pos-locations': 'pos_locations',
    'pos-workers': 'pos_workers',
    promotions: 'promotions',
    'loyalty-owners': 'loyalty_owners',
    'card-holders': 'card_holders',
    'promo-boxes': 'promo_boxes',
    'loyalty-cards': 'loyalty_cards',
    'card-transactions': 'card_transactions',
    'top-ups': 'top_ups',
  };

  // Data of both tenants for every collection: a batch per company's first device (payments, a service
  // session, a critical episode, an emptying and so a deposit), a command and a maintenance record.
  const companyIds = Object.fromEntries(
    (await rows<{ id: number; name: string }>(sql`select id, name from companies`)).rows.map((r) => [r.name, Number(r.id)]),
  );
  const firstDevices = (
    await rows<{ id: number; imei: string; company_id: number }>(sql`
      select distinct on (d.company_id) d.id, l.imei, d.company_id from devices d join loggers l on l.id = d.logger_id order by d.company_id, d.id`)
  ).rows;
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  for (const d of firstDevices) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/telemetry/batches',
      headers: { authorization: `Bearer ${demoCredential(d.imei)}` },
      payload: {
        imei: d.imei,
        events: [
          { seq: 1, at: at(50), type: 'coin', valueCents: 100, count: 2 },
          { seq: 2, at: at(49), type: 'service_mode', on: true },
          { seq: 3, at: at(48), type: 'coin', valueCents: 100 },
          { seq: 4, at: at(47), type: 'service_mode', on: false },
          { seq: 5, at: at(46), type: 'alarm', code: 'E1', critical: true },
          { seq: 6, at: at(45), type: 'emptying', coinsCents: 300, tokens: 0 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const device = `/api/v2/devices/${d.id}`;
    expect(
      (await t.as('admin', { method: 'POST', url: `${device}/commands`, payload: { type: 'reset', reason: 'fuzz' } })).statusCode,
    ).toBe(201);
    const maintenance = { device, date: '2026-11-01', type: 'repair', description: 'fuzz' };
    expect((await t.as('admin', { method: 'POST', url: '/api/v2/maintenance', payload: maintenance })).statusCode).toBe(201);
    // A loyalty programme per company with a card holder and a promo box, so their routes are fuzzed past 404.
    const owner = await t.json<{ '@id': string }>('admin', {
      method: 'POST',
      url: '/api/v2/loyalty-owners',
      payload: { company: `/api/v2/companies/${d.company_id}`, name: 'Fuzz programme', oib: '69435151530' },
    });
    expect(owner.status).toBe(201);
    const holder = { owner: owner.body['@id'], name: 'Fuzz', surname: 'Holder' };
    expect((await t.as('admin', { method: 'POST', url: '/api/v2/card-holders', payload: holder })).statusCode).toBe(201);
    const box = { owner: owner.body['@id'], title: 'Fuzz', backgroundColor: '#000000', textColor: '#ffffff', activeFrom: '2026-11-01' };
    expect((await t.as('admin', { method: 'POST', url: '/api/v2/promo-boxes', payload: box })).statusCode).toBe(201);
  }

  // A loyalty programme of Zabavni's (an owner, a point of sale with a worker, a card with credit): the
  // POS terminal's and the card holders' app's APIs are fuzzed signed in with their own credentials.
  const programme = await loyaltyProgramme(t, 'fuzz');
  const FUZZ_CARD = 'F00DF00D';
  const fuzzCard = await programme.card(FUZZ_CARD);
  await t.as('manager', {
    method: 'POST',
    url: '/api/v2/card-transactions',
    payload: { card: fuzzCard['@id'], paidCents: 100_000, bonusCents: 0, note: 'fuzz' },
  });

  // The demo users, their companies and the loggers that send the fuzzed batches stay as they are, so
  // that every role keeps signing in and reaching its data: writes by path id leave them alone.
  const demoUsers = (
    await rows<{ id: number; email: string; company_id: number }>(sql`select id, email, company_id from users`)
  ).rows.filter((u) => Object.values(demo).includes(u.email as never));
  const protectedIds: Record<string, Set<number>> = {
    users: new Set(demoUsers.map((u) => Number(u.id))),
    companies: new Set(demoUsers.map((u) => Number(u.company_id))),
    loggers: new Set(
      (
        await rows<{ id: number }>(sql`select logger_id as id from devices where id = any(${sql.param(firstDevices.map((d) => d.id))})`)
      ).rows.map((r) => Number(r.id)),
    ),
    devices: new Set(firstDevices.map((d) => Number(d.id))),
    // And the programme whose terminal and app the fuzzer signs in with.
    'loyalty-owners': new Set([programme.owner.id]),
    'pos-locations': new Set([programme.posLocation.id]),
    'pos-workers': new Set([programme.worker.id]),
    'loyalty-cards': new Set([fuzzCard.id]),
  };

  /** An id for a collection with no rows to write to: 1, unless that one is protected (then one that names nothing). */
  const unprotected = (collection: string) => (protectedIds[collection]?.has(1) ? 2_147_483_647 : 1);

  /** Ids of every collection, of every company. */
  const idsOf: Record<string, number[]> = { companies: Object.values(companyIds) };
  for (const [collection, table] of Object.entries({ ...tables, cities: 'cities' })) {
    idsOf[collection] = (await rows<{ id: number }>(sql`select id from ${sql.identifier(table)} order by id limit 40`)).rows.map((r) =>
      Number(r.id),
    );
  }
  const pool: Pool = {
    strings: [
      ...Object.entries(idsOf).flatMap(([collection, ids]) =>
        ids
          .filter((id) => !(collection === 'users' && protectedIds.users?.has(id)))
          .flatMap((id) => [`/api/v2/${collection}/${id}`, String(id)]),
      ),
      ...firstDevices.map((d) => d.imei),
      'manager@zabavni.test',
      'new-user@zabavni.test',
      '02994650199',
      '2026-11-01',
      '2026-11-23',
      '#12ab9f',
      '08:00',
      'monster',
      'repair',
      'reset',
    ],
  };

  // --- What an answer may contain -------------------------------------------------------------------

  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map<Schema, ValidateFunction>();
  const validatorOf = (schema: Schema) => {
    let v = validators.get(schema);
    if (!v) {
      v = ajv.compile(schema);
      validators.set(schema, v);
    }
    return v;
  };

  /** The companies a non-admin may see rows of: their own and its subsidiaries (docs/api.md). */
  const visibleCache = new Map<string, Set<number>>();
  async function visibleTo(user: DemoUser): Promise<Set<number>> {
    let visible = visibleCache.get(user);
    if (!visible) {
      const own = demoUsers.find((u) => u.email === demo[user])?.company_id ?? 0;
      const subsidiaries = (await rows<{ id: number }>(sql`select id from companies where parent_id = ${own}`)).rows;
      visible = new Set([Number(own), ...subsidiaries.map((r) => Number(r.id))]);
      visibleCache.set(user, visible);
    }
    return visible;
  }
  const ownerCache = new Map<string, number | null>();
  async function ownerOf(collection: string, id: number): Promise<number | null> {
    const key = `${collection}/${id}`;
    if (!ownerCache.has(key)) {
      const table = tables[collection];
      // The platform's admins act for every company (a maintenance record they entered names them): they
      // are nobody's "other company".
      const query =
        collection === 'companies'
          ? sql`select id as company_id from companies where id = ${id}`
          : collection === 'users'
            ? sql`select company_id from users where id = ${id} and not ('admin' = any(roles))`
            : sql`select company_id from ${sql.identifier(table ?? '')} where id = ${id}`;
      const row = (await rows<{ company_id: number }>(query)).rows[0];
      ownerCache.set(key, row ? Number(row.company_id) : null);
    }
    return ownerCache.get(key) ?? null;
  }
  const IRI = /\/api\/v2\/([a-z-]+)\/(\d{1,10})(?=[?#/]|$)/g;
  /**
   * Fields people write into, and names copied from them (`cityName`): an IRI typed into a description,
   * or a city renamed to one, is text, not a row of another company.
   */
  const freeText =
    /name$|^(description|notes?|reason|title|detail|message|updateBannerText|q|serial|street|address|code|firmware|cardUid|phone|premises\w*)$/i;

  /** The strings of an answer that may name rows: every string but those of fields people write into. */
  function namingStrings(value: unknown, key = '', out: string[] = []): string[] {
    if (typeof value === 'string') {
      if (!freeText.test(key)) out.push(value);
    } else if (Array.isArray(value)) for (const item of value) namingStrings(item, key, out);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) namingStrings(v, k, out);
    return out;
  }

  // --- The fuzzing ---------------------------------------------------------------------------------

  type Role = DemoUser | 'anonymous' | 'logger' | 'terminal' | 'app';
  const userRoles: Role[] = ['admin', 'manager', 'accountant', 'worker', 'otherManager', 'anonymous'];
  const isTelemetry = (op: Operation) => op.path === '/api/v2/telemetry/batches';
  const isTerminal = (op: Operation) => op.path.startsWith('/api/v2/pos/');
  const isCardApp = (op: Operation) => op.path.startsWith('/api/v2/card-app/');
  const rolesFor = (op: Operation): Role[] => {
    if (isTelemetry(op)) return ['logger', 'anonymous', 'manager'];
    if (isTerminal(op)) return ['terminal', 'anonymous', 'manager'];
    if (isCardApp(op)) return ['app', 'anonymous', 'manager'];
    return userRoles;
  };
  const tokens = new Map<Role, string>();
  for (const role of userRoles) if (role !== 'anonymous') tokens.set(role, await t.token(role));

  /**
   * `POST /logout` (and any other write that ends a sign-in) is fuzzed too: before each operation, a
   * role whose sign-in has ended signs in again, so every operation is reached with a live token.
   */
  async function signedIn(role: Role): Promise<void> {
    if (role === 'anonymous' || role === 'logger') return;
    if (role === 'terminal' || role === 'app') return machineSignedIn(role);
    const probe = await t.app.inject({ url: '/api/v2/settings', headers: { authorization: `Bearer ${tokens.get(role)}` } });
    if (probe.statusCode !== 401) return;
    t.forget(role);
    tokens.set(role, await t.token(role));
  }
  tokens.set('logger', demoCredential(firstDevices[0]?.imei ?? ''));

  /**
   * The terminal's session and the app's credential, issued again when the fuzzing ended them (a new
   * terminal key or PIN, a new app key, a worker locked by wrong PINs: a new PIN lifts the lock).
   */
  let terminalKey = '';
  async function machineSignedIn(role: 'terminal' | 'app'): Promise<void> {
    const probe = role === 'terminal' ? `/api/v2/pos/cards/${FUZZ_CARD}` : '/api/v2/card-app/promo-boxes';
    const current = tokens.get(role);
    if (current && (await app.inject({ url: probe, headers: { authorization: `Bearer ${current}` } })).statusCode !== 401) return;
    await signedIn('admin');
    if (role === 'app') {
      const issued = await t.json<{ appKey: string }>('admin', { method: 'POST', url: `${programme.owner['@id']}/app-key` });
      tokens.set('app', issued.body.appKey);
      return;
    }
    terminalKey = (await t.json<{ terminalKey: string }>('admin', { method: 'POST', url: `${programme.posLocation['@id']}/terminal-key` }))
      .body.terminalKey;
    // Writes by other paths may have closed the point of sale or moved or stopped its worker: open them again.
    const patch = (url: string, payload: object) => t.as('admin', { method: 'PATCH', url, headers: mergePatch, payload });
    await patch(programme.posLocation['@id'], { active: true });
    await patch(programme.worker['@id'], { active: true, posLocation: programme.posLocation['@id'] });
    await t.as('admin', { method: 'POST', url: `${programme.worker['@id']}/pin`, payload: { pin: '4711' } });
    const session = await app.inject({
      method: 'POST',
      url: '/api/v2/pos/sessions',
      headers: { authorization: `Bearer ${terminalKey}` },
      payload: { worker: programme.worker.id, pin: '4711' },
    });
    expect(session.statusCode, session.body).toBe(201);
    tokens.set('terminal', session.json<{ token: string }>().token);
  }
  /** The bearer a role sends: a terminal signs in with its key and calls with its session. */
  const bearerOf = (op: Operation, role: Role) =>
    role === 'terminal' && op.path === '/api/v2/pos/sessions' ? terminalKey : tokens.get(role);

  interface Case {
    pathId?: string;
    pathUid?: string;
    query: Record<string, string | string[]> | string;
    body?: { raw: string } | { json: unknown };
    contentType?: string;
    lang?: string;
    allView: boolean;
    authorization?: string;
  }

  function caseOf(op: Operation, role: Role): fc.Arbitrary<Case> {
    const collection = op.path.split('/')[3] ?? '';
    const writes = op.method !== 'GET';
    const realIds = (idsOf[collection] ?? []).filter((id) => !(writes && protectedIds[collection]?.has(id))).map(String);
    const params = op.parameters ?? [];
    const queryParams = params.filter((p) => p.in === 'query');
    const required = queryParams.filter((p) => p.required).map((p) => p.name);
    // A few parameters at a time, so that a bad one does not hide what the others reach.
    const query = fc
      .subarray(queryParams, { maxLength: Math.min(3, queryParams.length) })
      .chain((chosen) =>
        fc.record(
          Object.fromEntries(
            [...new Set([...chosen.map((p) => p.name), ...required])].map((name) => [
              name,
              queryValue(queryParams.find((p) => p.name === name)?.schema ?? {}, pool),
            ]),
          ),
        ),
      );
    const bodyContent = op.requestBody?.content ?? {};
    const [contentType = 'application/json', media] = Object.entries(bodyContent)[0] ?? [];
    const bodySchema = media?.schema;
    const takesBody = ['POST', 'PATCH', 'PUT'].includes(op.method);
    // The logger's batches mostly carry its own IMEI: another one is refused before ingestion starts.
    const ownImei = role === 'logger' ? firstDevices[0]?.imei : undefined;
    const fit = fitting(bodySchema ?? {}, pool).map((json) => (ownImei && isObject(json) ? { ...json, imei: ownImei } : json));
    const body: fc.Arbitrary<Case['body']> = bodySchema
      ? fc.oneof(
          { arbitrary: fit.map((json) => ({ json })), weight: 5 },
          { arbitrary: faulty(bodySchema, pool).map((json) => ({ json })), weight: 4 },
          { arbitrary: fc.constantFrom(...malformedBodies).map((raw) => ({ raw })), weight: 1 },
          { arbitrary: fc.constant({ json: {} }), weight: 1 },
        )
      : takesBody
        ? fc.oneof(
            fc.constant(undefined),
            fc.constantFrom(...malformedBodies).map((raw) => ({ raw })),
          )
        : fc.constant(undefined);
    const authorization =
      role === 'anonymous'
        ? fc.constantFrom(
            undefined,
            undefined,
            'Bearer',
            'Bearer ',
            'Basic YTpi',
            'Bearer x.y.z',
            `Bearer ${'a'.repeat(5000)}`,
            'Bearer kvl_nope',
          )
        : fc.constant(`Bearer ${bearerOf(op, role)}`);
    return fc.record(
      {
        pathId: op.path.includes('{id}')
          ? fc.oneof(
              { arbitrary: fc.constantFrom(...(realIds.length ? realIds : [String(unprotected(collection))])), weight: 4 },
              { arbitrary: fc.constantFrom(...badIds), weight: 1 },
            )
          : fc.constant(undefined),
        pathUid: op.path.includes('{uid}')
          ? fc.oneof(
              { arbitrary: fc.constantFrom(FUZZ_CARD, 'f0:0d:f0:0d', 'ABFC0001'), weight: 4 },
              { arbitrary: fc.string({ minLength: 1, maxLength: 80 }).map(encodeURIComponent), weight: 1 },
            )
          : fc.constant(undefined),
        query: fc.oneof(
          { arbitrary: query, weight: 8 },
          { arbitrary: query.map((q) => ({ ...q, unknownParam: '1' })), weight: 1 },
          { arbitrary: fc.constantFrom(...rawQueries), weight: 1 },
        ),
        body,
        contentType: takesBody
          ? fc.oneof({ arbitrary: fc.constant(contentType), weight: 9 }, { arbitrary: fc.constantFrom(...wrongContentTypes), weight: 1 })
          : fc.constant(undefined),
        lang: fc.constantFrom(undefined, 'en', 'hr', 'hr-HR,hr;q=0.9', 'de', '*', 'x'.repeat(300)),
        allView: fc.boolean(),
        authorization,
      },
      { requiredKeys: ['pathId', 'query', 'allView', 'authorization'] },
    );
  }

  function requestOf(op: Operation, c: Case): InjectOptions {
    const path = (c.pathId === undefined ? op.path : op.path.replace('{id}', c.pathId)).replace('{uid}', c.pathUid ?? FUZZ_CARD);
    let search = '';
    if (typeof c.query === 'string') search = c.query;
    else {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(c.query)) for (const one of [v].flat()) params.append(k, one);
      search = params.toString();
    }
    const headers: Record<string, string> = {};
    if (c.authorization) headers.authorization = c.authorization;
    if (c.lang) headers['accept-language'] = c.lang;
    if (c.allView) headers['x-kovanica-view'] = 'all';
    if (c.contentType !== undefined && c.body) headers['content-type'] = c.contentType;
    const payload = c.body === undefined ? undefined : 'raw' in c.body ? c.body.raw : JSON.stringify(c.body.json);
    return { method: op.method as 'GET', url: search ? `${path}?${search}` : path, headers, payload };
  }

  interface Finding {
    operation: string;
    role: Role;
    problem: string;
    request: InjectOptions;
    status: number;
    body: string;
  }
  const findings: Finding[] = [];
  const cases: Record<string, { cases: number; statuses: Record<number, number> }> = {};

  async function check(op: Operation, role: Role, request: InjectOptions): Promise<void> {
    const operation = `${op.method} ${op.path}`;
    const res = await app.inject(request);
    const stats = cases[operation] ?? { cases: 0, statuses: {} };
    cases[operation] = stats;
    stats.cases += 1;
    stats.statuses[res.statusCode] = (stats.statuses[res.statusCode] ?? 0) + 1;
    const found = (problem: string) =>
      findings.push({
        operation,
        role,
        problem,
        request: { ...request, url: String(request.url).slice(0, 300), payload: String(request.payload ?? '').slice(0, 300) },
        status: res.statusCode,
        body: res.body.slice(0, 300),
      });

    if (res.statusCode >= 500) return void found('5xx');
    const documented = op.responses[String(res.statusCode)];
    if (!documented) return void found(`status ${res.statusCode} is not documented`);
    if (res.statusCode < 300 && request.method !== 'GET') {
      // A write changed rows: whose they are, and who sees what, may have changed with them.
      ownerCache.clear();
      visibleCache.clear();
    }
    const schema = (documented.content?.['application/json'] ?? documented.content?.[PROBLEM_JSON])?.schema;
    if (res.statusCode === 204 || !schema) return;
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return void found('the body is not JSON');
    }
    const validate = validatorOf(schema);
    if (!validate(body)) return void found(`the body does not fit the documented schema: ${ajv.errorsText(validate.errors)}`);

    if (role === 'admin' || role === 'anonymous' || role === 'logger' || role === 'terminal' || role === 'app') return;
    const visible = await visibleTo(role);
    const asked = `${request.url} ${safeDecode(String(request.url))} ${request.payload ?? ''}`;
    for (const [iri, collection = '', id] of namingStrings(body).flatMap((text) => [...text.matchAll(IRI)])) {
      if (collection !== 'companies' && !tables[collection]) continue; // cities are shared
      if (asked.includes(iri)) continue; // what the caller sent, echoed (`q`, the links of a filtered list)
      const owner = await ownerOf(collection, Number(id));
      if (owner !== null && !visible.has(owner)) return void found(`an IRI of another company: /api/v2/${collection}/${id}`);
    }
  }

  function safeDecode(text: string): string {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  }

  /** Values every parameter and every body field is tried with once, whatever the generators draw. */
  const probes: unknown[] = [
    null,
    -1,
    2 ** 31,
    1e308,
    '',
    '\u0000',
    '\uD800',
    '2026-02-30',
    '0000-01-01T00:00:00Z',
    '99999999999',
    hugeString,
    {},
    [],
  ];
  const probeQueries = [
    '2026-11-01',
    '2026-11-21T09:59:58Z',
    '/api/v2/companies/1',
    '2026-02-30',
    '0000-01-01',
    '2147483648',
    '-1',
    '\u0000',
    '%',
    'x'.repeat(3000),
  ];

  /**
   * A body that passes validation, so that a probe in one of its fields reaches the service and the
   * database: the fields of an existing row that the body takes (unique values collide, as they may).
   */
  async function validBody(collection: string, id: number, schema: Schema): Promise<Record<string, unknown> | null> {
    const res = await t.as('admin', { url: `/api/v2/${collection}/${id}` });
    if (res.statusCode !== 200) return null;
    const item = res.json<Record<string, unknown>>();
    const fields = Object.keys(schema.properties ?? {}).filter((k) => k in item);
    return fields.length ? Object.fromEntries(fields.map((k) => [k, item[k]])) : null;
  }

  /**
   * Requests no generator needs luck for: every bad id once per role; for the admin and a manager,
   * every query parameter and every body field with each probe, and bodies too large, of another type,
   * or missing.
   */
  async function deliberate(op: Operation, role: Role): Promise<InjectOptions[]> {
    const collection = op.path.split('/')[3] ?? '';
    const id = (idsOf[collection] ?? []).find((i) => !protectedIds[collection]?.has(i)) ?? unprotected(collection);
    const path = op.path.replace('{id}', String(id)).replace('{uid}', FUZZ_CARD);
    const method = op.method as 'POST';
    const [type = 'application/json', media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
    const takesBody = ['POST', 'PATCH'].includes(op.method);
    const json = (payload: unknown) => (takesBody ? { headers: { 'content-type': type }, payload: JSON.stringify(payload) } : {});
    const out: InjectOptions[] = [];
    if (op.path.includes('{id}')) for (const bad of badIds) out.push({ method, url: op.path.replace('{id}', bad), ...json({}) });
    if (takesBody) {
      out.push(
        { method, url: path, headers: { 'content-type': type }, payload: JSON.stringify({ big: 'x'.repeat(1_100_000) }) },
        { method, url: path, headers: { 'content-type': type }, payload: JSON.stringify({ big: hugeString }) },
        { method, url: path, headers: { 'content-type': 'text/plain' }, payload: 'plain' },
        { method, url: path, headers: { 'content-type': type } },
      );
    }
    if (role !== 'admin' && role !== 'manager' && role !== 'logger' && role !== 'terminal' && role !== 'app') return out;
    const required = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required);
    const base = new URLSearchParams(required.map((p): [string, string] => [p.name, '2026-11-01']));
    for (const p of (op.parameters ?? []).filter((p) => p.in === 'query')) {
      for (const value of probeQueries) {
        const params = new URLSearchParams(base);
        params.set(p.name, value);
        out.push({ method, url: `${path}?${params}` });
      }
    }
    const schema = media?.schema;
    if (schema?.properties) {
      const body = (await validBody(collection, id, schema)) ?? fc.sample(fitting(schema, pool), { numRuns: 1, seed: SEED })[0];
      const base = typeof body === 'object' && body !== null ? body : {};
      for (const field of Object.keys(schema.properties))
        for (const probe of probes) out.push({ method, url: path, ...json({ ...base, [field]: probe }) });
    }
    return out;
  }

  describe(`fuzzing every operation of /api/v2/docs.json, part ${shard} of ${shards}`, () => {
    it('finds the operations', () => {
      expect(operations.length).toBeGreaterThanOrEqual(70);
    });

    it.each(operations.filter((_, i) => i % shards === shard - 1).map((op) => [`${op.method} ${op.path}`, op] as const))(
      '%s',
      async (_, op) => {
        for (const role of rolesFor(op)) {
          await signedIn(role);
          const auth = role === 'anonymous' ? {} : { authorization: `Bearer ${bearerOf(op, role)}` };
          for (const request of await deliberate(op, role)) await check(op, role, { ...request, headers: { ...auth, ...request.headers } });
          await fc.assert(
            fc.asyncProperty(caseOf(op, role), async (c) => {
              await check(op, role, requestOf(op, c));
            }),
            // Ingestion is the widest path behind one operation: its logger gets five times the cases.
            { numRuns: role === 'logger' ? RUNS * 5 : RUNS, seed: SEED, endOnFailure: true },
          );
        }
        const mine = findings.filter((f) => f.operation === `${op.method} ${op.path}`);
        expect(
          mine.map(
            (f) =>
              `${f.role} ${f.problem}\n  ${f.request.method} ${f.request.url} ${JSON.stringify(f.request.headers)} ${f.request.payload}\n  → ${f.status} ${f.body}`,
          ),
        ).toEqual([]);
      },
      600_000,
    );
  });

  afterAll(() => {
    const total = Object.values(cases).reduce((n, c) => n + c.cases, 0);
    const lines = Object.entries(cases).map(
      ([op, c]) =>
        `${String(c.cases).padStart(6)}  ${op}  ${Object.entries(c.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
    );
    console.log(
      `fuzzed ${total} requests over ${Object.keys(cases).length} operations, part ${shard} of ${shards} (seed ${SEED}, ${RUNS} runs per role):\n${lines.join('\n')}`,
    );
  });
}
