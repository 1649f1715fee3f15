import type { Collection, User } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { mergePatch, testApp } from '../testing/app.ts';

const t = await testApp({
  setup(app) {
    app.get('/api/v2/test-crash', { config: { public: true } }, async () => {
      throw new Error('secret connection string postgres://x');
    });
  },
});
const all = { 'x-kovanica-view': 'all' };
const newUser = (n: number) => ({
  email: `user${n}@zabavni.test`,
  name: `Name${String(n).padStart(2, '0')}`,
  surname: n % 2 ? 'Odd' : 'Even',
  roles: ['worker'],
  company: '/api/v2/companies/1',
  password: 'long-enough-password',
});

describe('collections', () => {
  it('pages with itemsPerPage and links the pages', async () => {
    for (let n = 1; n <= 12; n++)
      expect((await t.as('admin', { method: 'POST', url: '/api/v2/users', payload: newUser(n) })).statusCode).toBe(201);
    const res = await t.json<Collection<User>>('admin', { url: '/api/v2/users?itemsPerPage=5&page=2&order[email]=asc&client=web' });
    expect(res.status).toBe(200);
    expect(res.body['@type']).toBe('Collection');
    expect(res.body.totalItems).toBe(16); // 12 new + 4 demo users of Zabavni (My Company view)
    expect(res.body.member).toHaveLength(5);
    expect(res.body.view).toEqual({
      '@id': '/api/v2/users?itemsPerPage=5&page=2&order%5Bemail%5D=asc',
      first: '/api/v2/users?itemsPerPage=5&page=1&order%5Bemail%5D=asc',
      last: '/api/v2/users?itemsPerPage=5&page=4&order%5Bemail%5D=asc',
      next: '/api/v2/users?itemsPerPage=5&page=3&order%5Bemail%5D=asc',
      previous: '/api/v2/users?itemsPerPage=5&page=1&order%5Bemail%5D=asc',
    });
    const emails = res.body.member.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
  });

  it('defaults to 30 items and refuses more than 200', async () => {
    const res = await t.json<Collection<User>>('admin', { url: '/api/v2/users' });
    expect(res.body.member.length).toBe(16);
    expect((await t.as('admin', { url: '/api/v2/users?itemsPerPage=201' })).statusCode).toBe(400);
    expect((await t.as('admin', { url: '/api/v2/users?page=0' })).statusCode).toBe(400);
  });

  it('orders descending and refuses unknown order fields', async () => {
    const res = await t.json<Collection<User>>('admin', { url: '/api/v2/users?order[name]=desc&itemsPerPage=3' });
    expect(res.body.member.map((u) => u.name)).toEqual(['Name12', 'Name11', 'Name10']);
    const bad = await t.json('admin', { url: '/api/v2/users?order[passwordHash]=asc' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Query parameter "order[passwordHash]" is not valid.');
  });

  it('filters exactly, partially, by relation IRI, by boolean and by range', async () => {
    const q = async (query: string) => (await t.json<Collection<User>>('admin', { url: `/api/v2/users?${query}`, headers: all })).body;
    expect((await q('email=user3@zabavni.test')).totalItems).toBe(1);
    expect((await q('email=USER3@Zabavni.test')).totalItems).toBe(1); // e-mails are unique whatever their case
    expect((await q('email=user3@zabavni.tes')).totalItems).toBe(0);
    expect((await q('email=user3@zabavni.test&email=user4@zabavni.test')).totalItems).toBe(2);
    expect((await q('name=ame1')).totalItems).toBe(3); // Name10..Name12
    expect((await q('surname=odd')).totalItems).toBe(6);
    expect((await q('role=manager')).totalItems).toBe(2);
    expect((await q('company=/api/v2/companies/3')).totalItems).toBe(1);
    expect((await q('company=3')).totalItems).toBe(1);
    expect((await q('active=false')).totalItems).toBe(0);
    expect((await q('createdAt[after]=2000-01-01&createdAt[before]=2999-01-01')).totalItems).toBe(17);
    expect((await q('createdAt[before]=2000-01-01')).totalItems).toBe(0);
    expect((await t.as('admin', { url: '/api/v2/users?active=maybe' })).statusCode).toBe(400);
    expect((await t.as('admin', { url: '/api/v2/users?createdAt[after]=yesterday' })).statusCode).toBe(400);
  });

  it('treats LIKE wildcards in partial filters as plain text', async () => {
    expect((await t.json<Collection<User>>('admin', { url: '/api/v2/users?name=%25' })).body.totalItems).toBe(0);
  });
});

describe('writes', () => {
  it('POST answers 201 with the item and its Location', async () => {
    const res = await t.as('admin', { method: 'POST', url: '/api/v2/users', payload: newUser(50) });
    expect(res.statusCode).toBe(201);
    const user = res.json<User>();
    expect(res.headers.location).toBe(user['@id']);
    expect(user).toMatchObject({ '@type': 'User', email: 'user50@zabavni.test', company: '/api/v2/companies/1', active: true });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('PATCH takes merge-patch only, and null clears a field', async () => {
    const user = (await t.json<Collection<User>>('admin', { url: '/api/v2/users?email=user50@zabavni.test' })).body.member[0];
    const url = user?.['@id'] ?? '';
    expect((await t.as('admin', { method: 'PATCH', url, payload: { phone: null } })).statusCode).toBe(415);
    const set = await t.json<User>('admin', { method: 'PATCH', url, headers: mergePatch, payload: { phone: '+385 91 123 4567' } });
    expect(set.body.phone).toBe('+385 91 123 4567');
    const cleared = await t.json<User>('admin', { method: 'PATCH', url, headers: mergePatch, payload: { phone: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.phone).toBeNull();
    expect(cleared.body.name).toBe('Name50');
  });

  it('rejects unknown and read-only fields with 400, changing nothing', async () => {
    for (const field of ['nickname', 'id', '@id', 'createdAt', 'passwordHash']) {
      const res = await t.json('admin', {
        method: 'PATCH',
        url: '/api/v2/users/2',
        headers: mergePatch,
        payload: { name: 'X', [field]: 1 },
      });
      expect(res.status, field).toBe(400);
      expect(res.body.detail).toBe(`Unknown or read-only field: ${field}.`);
    }
    expect((await t.json<User>('admin', { url: '/api/v2/users/2' })).body.name).toBe('Marko');
  });

  it('answers 422 with violations in the caller’s language', async () => {
    const res = await t.json<{ violations: { propertyPath: string; code: string; message: string }[] }>('admin', {
      method: 'POST',
      url: '/api/v2/users',
      headers: { 'accept-language': 'hr-HR,hr;q=0.9' },
      payload: { email: 'not-an-email', name: '', roles: [], company: 'companies/1', password: 'short' },
    });
    expect(res.status).toBe(422);
    const byField = Object.fromEntries(res.body.violations.map((v) => [v.propertyPath, v]));
    expect(byField.email).toEqual({ propertyPath: 'email', code: 'email', message: 'Upišite ispravnu e-mail adresu.' });
    expect(byField.name?.code).toBe('required');
    expect(byField.surname?.message).toBe('Ovo polje je obavezno.');
    expect(byField.roles?.code).toBe('too_few');
    expect(byField.company?.code).toBe('iri');
    expect(byField.password?.code).toBe('password');
  });

  it('answers malformed JSON with 400 and DELETE with 204', async () => {
    const bad = await t.as('admin', {
      method: 'POST',
      url: '/api/v2/users',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    const user = (await t.json<Collection<User>>('admin', { url: '/api/v2/users?email=user50@zabavni.test' })).body.member[0];
    const del = await t.as('admin', { method: 'DELETE', url: user?.['@id'] ?? '' });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await t.as('admin', { url: user?.['@id'] ?? '' })).statusCode).toBe(404);
  });
});

describe('errors', () => {
  it('never shows internals in a 5xx', async () => {
    const res = await t.app.inject({ url: '/api/v2/test-crash', headers: { 'accept-language': 'hr' } });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).not.toContain('postgres');
    expect(res.json().detail).toBe('Nešto je pošlo po zlu kod nas. Molimo pokušajte kasnije.');
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await t.json('admin', { method: 'POST', url: '/api/v2/users', payload: { email: 'x'.repeat(1_100_000) } });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('The request is too large.');
  });

  it('answers unknown API paths and bad ids with a 404 problem', async () => {
    expect((await t.json('admin', { url: '/api/v2/nothing-here' })).status).toBe(404);
    expect((await t.json('admin', { url: '/api/v2/users/abc' })).status).toBe(404);
    expect((await t.json('admin', { url: '/api/v2/users/99999' })).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the routes from the contract schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/v2/docs.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v2/users', '/api/v2/users/{id}', '/api/v2/companies', '/api/v2/authentication_token']),
    );
    // The body refers to the named schema (components.schemas.UserCreate).
    expect(doc.paths['/api/v2/users'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/UserCreate',
    });
    const create = doc.components.schemas.UserCreate;
    expect(create.required).toEqual(expect.arrayContaining(['email', 'password', 'roles', 'company']));
    expect(create.additionalProperties).toBe(false);
    expect(doc.paths['/api/v2/users'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'itemsPerPage', 'order[email]', 'email']),
    );
    const page = await t.app.inject({ url: '/api/v2/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
