import type { Collection, User } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { demo, mergePatch, testApp } from '../../testing/app.ts';

const t = await testApp();
const idOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]?.id ?? 0;

describe('users', () => {
  it('stores the password as an argon2id hash', async () => {
    const res = await t.json<User>('admin', {
      method: 'POST',
      url: '/api/v2/users',
      payload: {
        email: 'new@zabavni.test',
        name: 'Nova',
        surname: 'Korisnica',
        roles: ['worker'],
        company: '/api/v2/companies/1',
        password: 'a-long-password',
      },
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'new@zabavni.test'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authentication_token',
      payload: { email: 'new@zabavni.test', password: 'a-long-password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a second user with the same e-mail (any case) with 422 on email', async () => {
    const res = await t.json<{ violations: { propertyPath: string; code: string }[] }>('admin', {
      method: 'POST',
      url: '/api/v2/users',
      payload: {
        email: 'Manager@Zabavni.test',
        name: 'X',
        surname: 'Y',
        roles: ['worker'],
        company: '/api/v2/companies/1',
        password: 'a-long-password',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([expect.objectContaining({ propertyPath: 'email', code: 'unique' })]);
  });

  it('refuses a company that does not exist', async () => {
    const res = await t.json<{ violations: { propertyPath: string; code: string }[] }>('admin', {
      method: 'POST',
      url: '/api/v2/users',
      payload: {
        email: 'x@zabavni.test',
        name: 'X',
        surname: 'Y',
        roles: ['worker'],
        company: '/api/v2/companies/999',
        password: 'a-long-password',
      },
    });
    expect(res.body.violations[0]).toMatchObject({ propertyPath: 'company', code: 'reference' });
  });

  it('lets a user without users.read see only themself', async () => {
    const res = await t.json<Collection<User>>('worker', { url: '/api/v2/users' });
    expect(res.body.member.map((u) => u.email)).toEqual([demo.worker]);
    expect((await t.as('worker', { url: `/api/v2/users/${await idOf(demo.manager)}` })).statusCode).toBe(404);
    expect((await t.as('worker', { url: `/api/v2/users?email=${demo.manager}` })).json().totalItems).toBe(0);
  });

  it('lets a user change their own name, phone and password, but nothing else', async () => {
    const url = `/api/v2/users/${await idOf(demo.worker)}`;
    const ok = await t.json<User>('worker', { method: 'PATCH', url, headers: mergePatch, payload: { name: 'Lukas', phone: null } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Lukas', phone: null });
    for (const payload of [{ roles: ['manager'] }, { company: '/api/v2/companies/3' }, { email: 'me@x.test' }, { active: true }]) {
      expect((await t.as('worker', { method: 'PATCH', url, headers: mergePatch, payload })).statusCode, JSON.stringify(payload)).toBe(403);
    }
  });

  it('never lets anyone change their own role, even an admin', async () => {
    const url = `/api/v2/users/${await idOf(demo.admin)}`;
    const res = await t.json<{ violations: { code: string }[] }>('admin', {
      method: 'PATCH',
      url,
      headers: mergePatch,
      payload: { roles: ['worker'] },
    });
    expect(res.status).toBe(422);
    expect(res.body.violations[0]?.code).toBe('own_role');
    expect((await t.as('admin', { method: 'DELETE', url })).statusCode).toBe(403);
  });

  it('lets an admin change another user’s role', async () => {
    const url = `/api/v2/users/${await idOf('new@zabavni.test')}`;
    const res = await t.json<User>('admin', { method: 'PATCH', url, headers: mergePatch, payload: { roles: ['accountant'] } });
    expect(res.body.roles).toEqual(['accountant']);
  });
});
