import type { Collection, User } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { demo, mergePatch, testApp } from '../../testing/app.ts';
import { createUser } from '../../testing/fixtures.ts';

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
      const res = await t.json<{ violations: { propertyPath: string; code: string }[] }>('worker', {
        method: 'PATCH',
        url,
        headers: mergePatch,
        payload,
      });
      expect(res.status, JSON.stringify(payload)).toBe(422);
      expect(res.body.violations[0]).toMatchObject({ propertyPath: Object.keys(payload)[0], code: 'own_role' });
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
    const url = (await createUser(t, { roles: ['worker'] }))['@id'];
    const res = await t.json<User>('admin', { method: 'PATCH', url, headers: mergePatch, payload: { roles: ['accountant'] } });
    expect(res.body.roles).toEqual(['accountant']);
  });

  it('refuses the account takeover: a manager cannot set another user’s password, name or phone (the photo: users.photo.test)', async () => {
    const adminUrl = `/api/v2/users/${await idOf(demo.admin)}`;
    for (const payload of [{ password: 'taken-over-by-the-manager' }, { name: 'X' }, { phone: '+385 1 234 567' }]) {
      const res = await t.json<{ detail: string }>('manager', {
        method: 'PATCH',
        url: adminUrl,
        headers: { ...mergePatch, 'accept-language': 'hr' },
        payload,
      });
      expect(res.status, JSON.stringify(payload)).toBe(403);
      expect(res.body.detail).toBe(`Ovdje ne smijete mijenjati polje "${Object.keys(payload)[0]}".`);
    }
    const workerUrl = `/api/v2/users/${await idOf(demo.worker)}`;
    expect((await t.as('manager', { method: 'PATCH', url: workerUrl, headers: mergePatch, payload: { name: 'Y' } })).statusCode).toBe(403);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authentication_token',
      payload: { email: demo.admin, password: 'taken-over-by-the-manager' },
    });
    expect(login.statusCode).toBe(401);
    expect((await t.as('admin', { url: adminUrl })).json()).toMatchObject({ name: 'Ana' });
  });

  it('lets every user keep their own language', async () => {
    const url = `/api/v2/users/${await idOf(demo.accountant)}`;
    const res = await t.json<User>('accountant', { method: 'PATCH', url, headers: mergePatch, payload: { language: 'hr' } });
    expect(res.status).toBe(200);
    expect(res.body.language).toBe('hr');
  });

  it('refuses short, common, guessable and e-mail-containing passwords (NIST SP 800-63B), in the caller’s language', async () => {
    const user = await createUser(t);
    const url = user['@id'];
    const cases: [string, string][] = [
      ['aaaaaaaaaa', 'password'],
      ['password12', 'password'],
      [' '.repeat(10), 'password'],
      ['\u0000'.repeat(12), 'characters'],
      ['\u0007'.repeat(12), 'password_characters'],
      ['aaaaaaaaaaaaaaaa', 'password_common'],
      ['password1234', 'password_common'],
      ['qwertyuiop123', 'password_common'],
      [`${user.email}-2026`, 'password_contains_email'],
      // A name others know: the company's (Zabavni automati d.o.o.), the e-mail's domain, the product's.
      ['zabavni12345', 'password_guessable'],
      ['Zabavni2026!!', 'password_guessable'],
      ['Automati-Ljeto-2026', 'password_guessable'],
      ['kovanica-demo', 'password_guessable'],
      ['x'.repeat(201), 'password'],
    ];
    for (const [password, code] of cases) {
      const res = await t.json<{ violations: { propertyPath: string; code: string; message: string }[] }>('admin', {
        method: 'PATCH',
        url,
        headers: { ...mergePatch, 'accept-language': 'hr' },
        payload: { password },
      });
      expect(res.status, JSON.stringify(password)).toBe(422);
      expect(res.body.violations[0], JSON.stringify(password)).toMatchObject({ propertyPath: 'password', code });
    }
    const ok = await t.as('admin', { method: 'PATCH', url, headers: mergePatch, payload: { password: 'ribizl-kava-na-plitvicama' } });
    expect(ok.statusCode).toBe(200);
  });
});
