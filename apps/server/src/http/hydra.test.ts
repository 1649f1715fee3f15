import { type Collection, type Device, type Location, resourceClass, resources, type Tag } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { deposits, emptyings, visits } from '../db/schema/index.ts';
import { seedStock } from '../demo/stock.ts';
import { demo, mergePatch, testApp } from '../testing/app.ts';
import { createMaintenance, firstOf } from '../testing/fixtures.ts';
import { loyaltyProgramme } from '../testing/loyalty.ts';
import { insertMachineAudit } from '../testing/machine-audits.ts';

const t = await testApp();
// An item of every resource with a PATCH, beyond the demo's: stock, a loyalty programme, maintenance, a deposit, a visit.
await seedStock(t.db);
await t.db.insert(visits).values({ companyId: 1, day: '2026-11-02' });
await insertMachineAudit(t.db, 1);
const programme = await loyaltyProgramme(t);
await programme.card();
await programme.post('/api/v2/card-holders', { owner: programme.owner['@id'], name: 'Ana', surname: 'Hydra' });
await programme.post('/api/v2/promo-boxes', {
  owner: programme.owner['@id'],
  title: 'Hydra',
  backgroundColor: '#1A237E',
  textColor: '#FFFFFF',
  activeFrom: '2026-01-01',
  activeTo: null,
  audience: 'all',
});
await programme.post('/api/v2/promotions', {
  owner: programme.owner['@id'],
  name: 'Jesenski bonus',
  kind: 'bonus',
  validFrom: '2026-09-01',
  validTo: '2026-12-31',
  tiers: [{ fromCents: 2_000, bonusBp: 1_000 }],
});
const device = await firstOf<Device>(t, '/api/v2/devices');
await createMaintenance(t, { device: device['@id'] });
const [emptying] = await t.db
  .insert(emptyings)
  .values({ companyId: 1, deviceId: device.id, at: new Date(), countedCents: 0, countedTokens: 0 })
  .returning();
const [deposit] = await t.db
  .insert(deposits)
  .values({ companyId: 1, deviceId: device.id, emptyingId: emptying?.id ?? 0, at: new Date(), reportedCoinsCents: 0, reportedTokens: 0 })
  .returning();
// Counted: a deposit's patch is its counted amounts, which travel together (an uncounted one has none to send back).
await t.as('manager', {
  method: 'PATCH',
  url: `/api/v2/deposits/${deposit?.id}`,
  headers: mergePatch,
  payload: { depositCoinsCents: 0, depositTokens: 0 },
});
const all = { 'x-kovanica-view': 'all' };
const ld = { accept: 'application/ld+json' };
const HYDRA = 'http://www.w3.org/ns/hydra/core#';
const LINK = `<http://localhost:80/api/v2/docs.jsonld>; rel="${HYDRA}apiDocumentation"`;

type Node = Record<string, unknown>;
const docs = (await t.app.inject({ url: '/api/v2/docs.jsonld' })).json<{ 'hydra:supportedClass': Node[] }>();
const classNamed = (id: string) => docs['hydra:supportedClass'].find((c) => c['@id'] === id) as Node;
const propertyOf = (cls: Node, name: string) =>
  (cls['hydra:supportedProperty'] as Node[]).find((p) => (p['hydra:property'] as Node)['rdfs:label'] === name) as Node;

describe('the Hydra documentation', () => {
  it('answers the entrypoint, publicly, in JSON-LD with the Link to the documentation', async () => {
    const res = await t.app.inject({ url: '/api/v2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(res.headers.link).toBe(LINK);
    const body = res.json();
    expect(body).toMatchObject({ '@context': '/api/v2/contexts/Entrypoint', '@id': '/api/v2', '@type': 'Entrypoint' });
    expect(body.tag).toBe('/api/v2/tags');
    expect(body.city).toBe('/api/v2/cities');
    expect(body.auditEntry).toBe('/api/v2/audit-log');
  });

  it('describes each resource: properties, ranges, relations and operations', async () => {
    const res = await t.app.inject({ url: '/api/v2/docs.jsonld' });
    expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(res.json()).toMatchObject({
      '@id': '/api/v2/docs.jsonld',
      '@type': 'hydra:ApiDocumentation',
      'hydra:entrypoint': '/api/v2',
      '@context': { '@vocab': 'http://localhost:80/api/v2/docs.jsonld#', hydra: HYDRA },
    });
    const tag = classNamed('#Tag');
    expect(tag).toMatchObject({ '@type': 'hydra:Class', 'rdfs:label': 'Tag' });
    expect(propertyOf(tag, 'name')).toMatchObject({
      'hydra:property': { '@id': '#Tag/name', '@type': 'rdf:Property', domain: '#Tag', range: 'xmls:string' },
      'hydra:readable': true,
      'hydra:writeable': true,
      'hydra:required': true,
    });
    expect(propertyOf(tag, 'devicesCount')).toMatchObject({
      'hydra:property': { range: 'xmls:integer' },
      'hydra:readable': true,
      'hydra:writeable': false,
      'hydra:required': false,
    });
    expect(propertyOf(tag, 'company')).toMatchObject({
      'hydra:property': { '@type': 'hydra:Link', range: '#Company' },
      'hydra:writeable': true,
      'hydra:required': false,
    });
    const methods = (cls: Node) => (cls['hydra:supportedOperation'] as Node[]).map((o) => o['hydra:method']);
    expect(methods(tag)).toEqual(['GET', 'PATCH', 'DELETE']);
    // Read-only resources have only their GET.
    expect(methods(classNamed('#Transaction'))).toEqual(['GET']);
    expect(propertyOf(classNamed('#Transaction'), 'id')).toMatchObject({ 'hydra:writeable': false });

    const entrypoint = classNamed('#Entrypoint');
    const tags = propertyOf(entrypoint, 'The collection of Tag resources')['hydra:property'] as Node;
    expect(tags).toMatchObject({
      '@id': '#Entrypoint/tag',
      '@type': 'hydra:Link',
      'rdfs:range': [
        { '@id': 'hydra:Collection' },
        { 'owl:equivalentClass': { 'owl:onProperty': { '@id': 'hydra:member' }, 'owl:allValuesFrom': { '@id': '#Tag' } } },
      ],
    });
    expect((tags['hydra:supportedOperation'] as Node[]).map((o) => [o['hydra:method'], o.returns])).toEqual([
      ['GET', 'hydra:Collection'],
      ['POST', '#Tag'],
    ]);
  });

  it("names each class as the resource's items name their @type", async () => {
    const entrypoint = (await t.app.inject({ url: '/api/v2' })).json<Record<string, string>>();
    let checked = 0;
    for (const resource of resources) {
      const cls = resourceClass(resource);
      const key = cls.charAt(0).toLowerCase() + cls.slice(1);
      expect(entrypoint[key], resource.name).toBe(`/api/v2/${resource.name}`);
      const list = await t.json<Collection<Node>>('admin', { url: `/api/v2/${resource.name}?itemsPerPage=1`, headers: all });
      const first = list.body.member?.[0];
      if (!first) continue;
      expect(first['@type'], resource.name).toBe(cls);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(25); // of 36: the others have no item in this data
  });

  it('serves a context per class, and 404 for an unknown one', async () => {
    const tag = await t.app.inject({ url: '/api/v2/contexts/Tag' });
    expect(tag.statusCode).toBe(200);
    expect(tag.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(tag.json()['@context']).toMatchObject({
      '@vocab': 'http://localhost:80/api/v2/docs.jsonld#',
      name: 'Tag/name',
      company: { '@id': 'Tag/company', '@type': '@id' },
      member: 'hydra:member',
    });
    const entrypoint = await t.app.inject({ url: '/api/v2/contexts/Entrypoint' });
    expect(entrypoint.json()['@context'].tag).toEqual({ '@id': 'Entrypoint/tag', '@type': '@id' });
    expect((await t.app.inject({ url: '/api/v2/contexts/Nope' })).statusCode).toBe(404);
  });

  it('links the documentation from every API answer, refusals too', async () => {
    for (const url of ['/api/v2/tags', '/api/v2/health', '/api/v2/nothing-here']) {
      expect((await t.app.inject({ url })).headers.link).toBe(LINK);
    }
    expect((await t.as('admin', { url: '/api/v2/tags' })).headers.link).toBe(LINK);
  });
});

describe('content negotiation', () => {
  it('answers JSON-LD with the resource context to Accept: application/ld+json, JSON otherwise, each from its own cache entry', async () => {
    const list = await t.as('admin', { url: '/api/v2/tags', headers: ld });
    expect(list.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(list.headers.vary).toMatch(/Accept/);
    const collection = list.json<Collection<Tag> & { '@context': string }>();
    expect(Object.keys(collection)[0]).toBe('@context');
    expect(collection['@context']).toBe('/api/v2/contexts/Tag');
    const id = collection.member[0]?.['@id'] ?? '';

    for (const round of [1, 2]) {
      const json = await t.as('admin', { url: id });
      expect(json.headers['content-type'], `round ${round}`).toBe('application/json; charset=utf-8');
      expect(json.json()['@context']).toBeUndefined();
      const jsonLd = await t.as('admin', { url: id, headers: ld });
      expect(jsonLd.headers['content-type'], `round ${round}`).toBe('application/ld+json; charset=utf-8');
      expect(jsonLd.json()).toMatchObject({ '@context': '/api/v2/contexts/Tag', '@id': id, '@type': 'Tag' });
    }
    // JSON stays the default: no Accept, */*, or JSON preferred.
    for (const accept of [undefined, '*/*', 'application/json, application/ld+json', 'application/ld+json;q=0.5, application/json']) {
      const res = await t.as('admin', { url: id, headers: accept ? { accept } : {} });
      expect(res.headers['content-type'], String(accept)).toBe('application/json; charset=utf-8');
    }
    const preferred = await t.as('admin', { url: id, headers: { accept: 'application/ld+json, application/json;q=0.9' } });
    expect(preferred.headers['content-type']).toBe('application/ld+json; charset=utf-8');
  });

  it('takes application/ld+json bodies where it takes JSON; PATCH keeps merge-patch alone, as API Platform', async () => {
    const created = await t.as('admin', {
      method: 'POST',
      url: '/api/v2/tags',
      headers: { 'content-type': 'application/ld+json', ...ld },
      payload: JSON.stringify({ name: 'Iz Hydre', colour: '#228be6', company: '/api/v2/companies/1' }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(created.json()).toMatchObject({ '@context': '/api/v2/contexts/Tag', '@type': 'Tag', name: 'Iz Hydre' });
    const location = created.headers.location ?? '';

    const ldPatch = await t.as('admin', {
      method: 'PATCH',
      url: location,
      headers: { 'content-type': 'application/ld+json' },
      payload: JSON.stringify({ name: 'Ne' }),
    });
    expect(ldPatch.statusCode).toBe(415);
    const patched = await t.as('admin', { method: 'PATCH', url: location, headers: { ...mergePatch, ...ld }, payload: { name: 'Da' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ '@context': '/api/v2/contexts/Tag', name: 'Da' });
    // Problems stay problems.
    const refused = await t.as('admin', { method: 'POST', url: '/api/v2/tags', headers: ld, payload: { name: '' } });
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('leaves routes beyond the resources in JSON', async () => {
    const res = await t.as('admin', { url: '/api/v2/health', headers: ld });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('relations', () => {
  it('marks a relation to one item with owl:maxCardinality 1, and leaves lists of relations without it', () => {
    const device = classNamed('#Device');
    expect(propertyOf(device, 'location')).toMatchObject({
      'hydra:property': { '@type': 'hydra:Link', range: '#Location', 'owl:maxCardinality': 1 },
    });
    expect(propertyOf(device, 'tags')['hydra:property']).toMatchObject({ '@type': 'hydra:Link', range: '#Tag' });
    expect(propertyOf(device, 'tags')['hydra:property']).not.toHaveProperty('owl:maxCardinality');
    // A field that is no relation has no cardinality either.
    expect(propertyOf(device, 'name')['hydra:property']).not.toHaveProperty('owl:maxCardinality');
  });
});

describe('filters in the collection (search)', () => {
  type Search = { '@type': string; template: string; variableRepresentation: string; mapping: Node[] };

  it('describes the filters and orders of a list in its JSON-LD answer, not in its JSON one', async () => {
    const list = await t.json<{ search: Search }>('admin', { url: '/api/v2/tags', headers: ld });
    expect(list.status).toBe(200);
    const { search } = list.body;
    expect(search).toMatchObject({ '@type': 'IriTemplate', variableRepresentation: 'BasicRepresentation' });
    const variables = search.mapping.map((m) => m.variable);
    expect(search.template).toBe(`/api/v2/tags{?${variables.join(',')}}`);
    expect(search.mapping).toContainEqual({ '@type': 'IriTemplateMapping', variable: 'name', property: 'name', required: false });
    expect(search.mapping).toContainEqual({ '@type': 'IriTemplateMapping', variable: 'company[]', property: 'company', required: false });
    expect(search.mapping).toContainEqual({ '@type': 'IriTemplateMapping', variable: 'order[name]', property: 'name', required: false });
    // Only what the collection takes: no paging, no field without a filter or an order.
    expect(variables).not.toContain('page');
    expect(variables).not.toContain('colour');
    // A date range gives its operators.
    const transactions = await t.json<{ search: Search }>('admin', { url: '/api/v2/transactions?itemsPerPage=1', headers: ld });
    expect(transactions.body.search.mapping).toContainEqual(expect.objectContaining({ variable: 'at[after]', property: 'at' }));

    const json = await t.json<Node>('admin', { url: '/api/v2/tags' });
    expect(json.body).not.toHaveProperty('search');
    // The context names its words in Hydra's vocabulary.
    const context = (await t.app.inject({ url: '/api/v2/contexts/Tag' })).json()['@context'];
    expect(context).toMatchObject({ search: 'hydra:search', mapping: 'hydra:mapping', variable: 'hydra:variable' });
  });

  it('takes every variable it describes', async () => {
    const { body } = await t.json<{ search: Search }>('admin', { url: '/api/v2/devices', headers: ld });
    const sample = (variable: string) =>
      variable.startsWith('order[') ? 'asc' : variable.includes('[') && !variable.endsWith('[]') ? '2026-01-01' : '';
    for (const { variable } of body.search.mapping) {
      const res = await t.as('admin', { url: `/api/v2/devices?${encodeURIComponent(String(variable))}=${sample(String(variable))}` });
      // A value may be refused (400 bad_query), the parameter never (unknown_param).
      if (res.statusCode !== 200) expect(res.json().type, String(variable)).toBe('/api/v2/problems/bad_query');
    }
  });
});

describe('lists of filter values', () => {
  it('takes tags[0]=…&tags[1]=… as API Platform Admin sends a list, like tags=…&tags=…', async () => {
    const tagged = await t.json<Collection<Location>>('admin', { url: '/api/v2/locations?itemsPerPage=200', headers: all });
    const withTwo = tagged.body.member.find((l) => l.tags.length >= 2);
    if (!withTwo) throw new Error('no location with two tags in the demo data');
    const [a = '', b = ''] = withTwo.tags;
    const ids = async (query: string) => {
      const res = await t.json<Collection<Location>>('admin', { url: `/api/v2/locations?itemsPerPage=200&${query}`, headers: all });
      expect(res.status, query).toBe(200);
      return res.body.member.map((l) => l.id);
    };
    const repeated = await ids(`tags=${a}&tags=${b}`);
    expect(repeated).toContain(withTwo.id);
    expect(await ids(`tags[0]=${a}&tags[1]=${b}`)).toEqual(repeated);
    expect(await ids(`tags[]=${a}&tags[]=${b}`)).toEqual(repeated);
    // One of them alone finds more (or as many) locations: the two were both applied.
    expect((await ids(`tags[0]=${a}`)).length).toBeGreaterThanOrEqual(repeated.length);
    // A relation filter of one value takes a list too: any of them.
    const company = await ids('company[0]=/api/v2/companies/1&company[1]=/api/v2/companies/2');
    expect(company.length).toBeGreaterThan(0);

    // Only on a filter: an index on anything else is still an unknown parameter.
    const unknown = await t.json<{ type: string }>('admin', { url: '/api/v2/locations?colour[0]=red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.type).toBe('/api/v2/problems/unknown_param');
  });
});

describe('order directions', () => {
  it('takes asc and desc in any case, and refuses anything else', async () => {
    const names = async (dir: string) => {
      const res = await t.json<Collection<Tag>>('admin', { url: `/api/v2/tags?order[name]=${dir}`, headers: all });
      expect(res.status, dir).toBe(200);
      return res.body.member.map((m) => m.name);
    };
    const asc = await names('asc');
    expect(asc.length).toBeGreaterThan(1);
    expect(await names('ASC')).toEqual(asc);
    expect(await names('Asc')).toEqual(asc);
    expect(await names('DESC')).toEqual([...asc].reverse());
    expect(await names('desc')).toEqual([...asc].reverse());
    const bad = await t.json<{ violations: { propertyPath: string }[] }>('admin', { url: '/api/v2/tags?order[name]=up' });
    expect(bad.status).toBe(400);
    expect(bad.body.violations[0]?.propertyPath).toBe('order[name]');
  });
});

describe('a record sent back whole', () => {
  const patchRoutes = t.app
    .registeredRoutes()
    .filter((r) => r.method === 'PATCH' && /^\/api\/v2\/[a-z-]+\/:id$/.test(r.url))
    .map((r) => r.url.slice('/api/v2/'.length, -'/:id'.length));
  const described = new Map(resources.map((r) => [r.name as string, r]));

  it('walks every PATCH of an item', () => {
    expect(patchRoutes.length).toBeGreaterThan(10);
  });

  it.each(patchRoutes)('%s: unchanged read-only fields are ignored, a changed one is refused', async (name) => {
    const list = await t.json<Collection<Node>>('admin', { url: `/api/v2/${name}?itemsPerPage=5`, headers: all });
    expect(list.status).toBe(200);
    // Not the caller's own user: some of its fields are not theirs to write, even unchanged (docs/rules.md).
    const first = list.body.member.find((m) => m.email !== demo.admin);
    if (!first) throw new Error(`no ${name} in the demo data to send back`);
    const iri = String(first['@id']);
    const read = await t.json<Node>('admin', { url: iri, headers: { ...all, ...ld } });
    expect(read.status).toBe(200);
    const resource = described.get(name);
    if (resource) expect(read.body['@type']).toBe(resourceClass(resource));

    // As API Platform Admin sends it: the record as read (with @context), `id` holding the IRI, `originId` the id.
    const record = { ...read.body, id: iri, originId: String(read.body.id) };
    const back = await t.json<Node>('admin', { method: 'PATCH', url: iri, headers: { ...all, ...mergePatch }, payload: record });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const after = await t.json<Node>('admin', { url: iri, headers: { ...all, ...ld } });
    // The writable fields were written with the values they had: only the stamps of a write (when, by whom) may move.
    const stamps = ['updatedAt', 'reportedAt', 'reportedByName'];
    const unstamped = (item: Node) => Object.fromEntries(Object.entries(item).filter(([k]) => !stamps.includes(k)));
    expect(unstamped(after.body), name).toEqual(unstamped(read.body));

    // The plain record as read, with its own id, too.
    const plain = await t.json<Node>('admin', { url: iri, headers: all });
    const again = await t.json<Node>('admin', { method: 'PATCH', url: iri, headers: { ...all, ...mergePatch }, payload: plain.body });
    expect(again.status, JSON.stringify(again.body)).toBe(200);

    // A read-only field changed is refused, naming it.
    for (const [field, value] of [
      ['id', Number(plain.body.id) + 1],
      ['@type', 'Nope'],
      ['@context', '/api/v2/contexts/Nope'],
    ] as const) {
      const current = await t.json<Node>('admin', { url: iri, headers: all });
      const changed = await t.json<{ violations: { propertyPath: string }[] }>('admin', {
        method: 'PATCH',
        url: iri,
        headers: { ...all, ...mergePatch },
        payload: { ...current.body, [field]: value },
      });
      expect(changed.status, field).toBe(400);
      expect(changed.body.violations[0]?.propertyPath).toBe(field);
    }
  });
});
