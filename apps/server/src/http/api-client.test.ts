import { readFileSync } from 'node:fs';
import { MERGE_PATCH, PROBLEM_JSON } from '@kovanica/contract';
import createClient from 'openapi-fetch';
import type { OpenAPI3 } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { API_TYPES, API_TYPES_COMMAND, apiTypesOf } from '../testing/api-types.ts';
import { demo, testApp } from '../testing/app.ts';
import type { paths } from '../testing/generated/api.d.ts';

/**
 * An outside client generated from the served OpenAPI document works unmodified (decision 0048): the
 * committed types are what openapi-typescript makes of the document now, and openapi-fetch with them
 * drives a listening server over HTTP. Every request and answer below is typed by the generated file
 * alone, without a cast: a schema the document gets wrong fails `npm run typecheck` or an expectation.
 */
const t = await testApp();
// A port of the system's choosing: the client reaches the server over HTTP, as an outside one would.
const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });

describe('the generated client types', () => {
  it(`are what the served document gives now (${API_TYPES_COMMAND} rewrites them)`, async () => {
    const document = (await t.app.inject({ url: '/api/v2/docs.json' })).json<OpenAPI3>();
    const committed = readFileSync(API_TYPES, 'utf8');
    expect(
      committed === (await apiTypesOf(document)),
      `apps/server/src/testing/generated/api.d.ts is stale: run ${API_TYPES_COMMAND}`,
    ).toBe(true);
  });
});

describe('a client generated from the OpenAPI document', () => {
  /** A client that signs in as the demo's admin, as an integrator's would. */
  async function signedIn() {
    const open = createClient<paths>({ baseUrl });
    const { data, error, response } = await open.POST('/api/v2/authentication_token', {
      body: { email: demo.admin, password: DEMO_PASSWORD },
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    return createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${data?.token}` } });
  }
  // PATCH takes a merge-patch only (415 otherwise); openapi-fetch sends JSON unless told.
  const mergePatch = { 'content-type': MERGE_PATCH };

  it('signs in, and a wrong password is a typed problem', async () => {
    const open = createClient<paths>({ baseUrl });
    const refused = await open.POST('/api/v2/authentication_token', { body: { email: demo.admin, password: 'not the password' } });
    expect(refused.response.status).toBe(401);
    expect(refused.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.error?.message).toBe('Invalid credentials.');
    await signedIn();
  });

  it('lists, reads, creates, patches and deletes a tag', async () => {
    const api = await signedIn();
    const created = await api.POST('/api/v2/tags', { body: { name: 'Generated client', colour: '#1c7ed6' } });
    expect(created.response.status).toBe(201);
    const tag = created.data;
    if (!tag) throw new Error(`no tag: ${JSON.stringify(created.error)}`);
    expect(created.response.headers.get('location')).toBe(tag['@id']);
    expect(tag).toMatchObject({ name: 'Generated client', colour: '#1c7ed6', devicesCount: 0 });

    const listed = await api.GET('/api/v2/tags', { params: { query: { name: 'generated', 'order[name]': 'asc', itemsPerPage: 10 } } });
    expect(listed.data?.member.map((m) => m.id)).toEqual([tag.id]);
    expect(listed.data?.totalItems).toBe(1);

    const read = await api.GET('/api/v2/tags/{id}', { params: { path: { id: tag.id } } });
    expect(read.data).toEqual(tag);

    const patched = await api.PATCH('/api/v2/tags/{id}', {
      params: { path: { id: tag.id } },
      headers: mergePatch,
      body: { colour: '#2f9e44' },
    });
    expect(patched.response.status).toBe(200);
    expect(patched.data).toMatchObject({ id: tag.id, name: 'Generated client', colour: '#2f9e44' });

    const deleted = await api.DELETE('/api/v2/tags/{id}', { params: { path: { id: tag.id } } });
    expect(deleted.response.status).toBe(204);
    expect(deleted.data).toBeUndefined();
    const gone = await api.GET('/api/v2/tags/{id}', { params: { path: { id: tag.id } } });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ status: 404, type: expect.any(String), title: expect.any(String), message: expect.any(String) });
  });

  it('lists, reads, creates, patches and deletes a location', async () => {
    const api = await signedIn();
    const cities = await api.GET('/api/v2/cities', { params: { query: { itemsPerPage: 1 } } });
    const city = cities.data?.member[0];
    if (!city) throw new Error('the demo has no city');
    const created = await api.POST('/api/v2/locations', {
      body: { name: 'Kiosk of the generated client', city: city['@id'], active: true },
    });
    expect(created.response.status).toBe(201);
    const location = created.data;
    if (!location) throw new Error(`no location: ${JSON.stringify(created.error)}`);
    expect(location).toMatchObject({ city: city['@id'], cityName: city.name, active: true, lessor: null });

    const listed = await api.GET('/api/v2/locations', {
      params: { query: { name: 'generated client', active: true, city: [city['@id']], 'order[name]': 'desc' } },
    });
    expect(listed.data?.member.map((m) => m['@id'])).toEqual([location['@id']]);
    const inactive = await api.GET('/api/v2/locations', { params: { query: { name: 'generated client', active: false } } });
    expect(inactive.data?.member).toEqual([]);

    const read = await api.GET('/api/v2/locations/{id}', { params: { path: { id: location.id } } });
    expect(read.data).toEqual(location);

    // null clears a field, a field left out stays (RFC 7396).
    const patched = await api.PATCH('/api/v2/locations/{id}', {
      params: { path: { id: location.id } },
      headers: mergePatch,
      body: { active: false, street: null, description: 'Beside the ferry' },
    });
    expect(patched.data).toMatchObject({
      id: location.id,
      name: location.name,
      active: false,
      street: null,
      description: 'Beside the ferry',
    });

    const deleted = await api.DELETE('/api/v2/locations/{id}', { params: { path: { id: location.id } } });
    expect(deleted.response.status).toBe(204);
  });

  it('lists, reads, creates, patches and deletes a device, with boolean and relation filters', async () => {
    const api = await signedIn();
    const tag = (await api.POST('/api/v2/tags', { body: { name: 'Client device tag', colour: '#e8590c' } })).data;
    if (!tag) throw new Error('no tag');
    const created = await api.POST('/api/v2/devices', {
      body: { name: 'Generated client claw', group: 'prize_device', playPriceCents: 200, tags: [tag['@id']] },
    });
    expect(created.response.status).toBe(201);
    const device = created.data;
    if (!device) throw new Error(`no device: ${JSON.stringify(created.error)}`);
    expect(device).toMatchObject({ name: 'Generated client claw', group: 'prize_device', playPriceCents: 200, tags: [tag['@id']] });

    const listed = await api.GET('/api/v2/devices', {
      params: { query: { name: 'generated client', critical: false, serviceMode: false, tags: [String(tag.id)], 'order[name]': 'asc' } },
    });
    expect(listed.data?.member.map((m) => m.id)).toEqual([device.id]);
    const critical = await api.GET('/api/v2/devices', { params: { query: { name: 'generated client', critical: true } } });
    expect(critical.data?.member).toEqual([]);

    const read = await api.GET('/api/v2/devices/{id}', { params: { path: { id: device.id } } });
    expect(read.data).toEqual(device);

    const patched = await api.PATCH('/api/v2/devices/{id}', {
      params: { path: { id: device.id } },
      headers: mergePatch,
      body: { playPriceCents: 250, tags: [] },
    });
    expect(patched.data).toMatchObject({ id: device.id, name: device.name, playPriceCents: 250, tags: [] });

    expect((await api.DELETE('/api/v2/devices/{id}', { params: { path: { id: device.id } } })).response.status).toBe(204);
    expect((await api.DELETE('/api/v2/tags/{id}', { params: { path: { id: tag.id } } })).response.status).toBe(204);
  });

  it("reads a file the document declares as bytes: an import's refused rows", async () => {
    const api = await signedIn();
    const content = ['naziv;jedinica', 'Klijent Lizalica;'].join('\r\n');
    const posted = await api.POST('/api/v2/imports', { body: { kind: 'articles', fileName: 'client.csv', content, confirm: true } });
    expect(posted.response.status).toBe(201);
    // A confirmed import answers its record (201), a preview the rows (200): the types allow both.
    const record = posted.data && 'id' in posted.data ? posted.data : undefined;
    if (!record) throw new Error(`no import: ${JSON.stringify(posted.error ?? posted.data)}`);
    expect(record).toMatchObject({ rowsRead: 1, rowsWritten: 0, rowsRefused: 1 });
    const file = await api.GET('/api/v2/imports/{id}/refused.csv', { params: { path: { id: record.id } }, parseAs: 'text' });
    expect(file.response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(file.data?.split('\r\n')[1]).toMatch(/^Klijent Lizalica;+2;/);
  });

  it('answers a refused write as a typed problem', async () => {
    const api = await signedIn();
    const invalid = await api.POST('/api/v2/tags', { body: { name: '', colour: 'blue' } });
    expect(invalid.response.status).toBe(422);
    expect(invalid.response.headers.get('content-type')).toMatch(new RegExp(`^${PROBLEM_JSON.replace('+', '\\+')}`));
    const problem = invalid.error;
    expect(problem).toMatchObject({ status: 422, type: '/api/v2/problems/validation', title: 'Unprocessable Content' });
    expect(problem?.message).toEqual(expect.any(String));
    expect(problem?.violations?.map((v) => v.propertyPath).sort()).toEqual(['colour', 'name']);

    // Without the merge-patch type the server refuses the PATCH, and the client reads the problem.
    const tag = (await api.POST('/api/v2/tags', { body: { name: 'Plain JSON patch', colour: '#000000' } })).data;
    if (!tag) throw new Error('no tag');
    const plain = await api.PATCH('/api/v2/tags/{id}', { params: { path: { id: tag.id } }, body: { name: 'Renamed' } });
    expect(plain.response.status).toBe(415);
    expect(plain.error?.message).toEqual(expect.any(String));
    expect((await api.GET('/api/v2/tags/{id}', { params: { path: { id: tag.id } } })).data?.name).toBe('Plain JSON patch');
  });
});
