import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { Limits } from '../../security/limits.ts';
import { demo, FIXTURE_PASSWORD, JWT_TEST_SECRET, mergePatch, testApp } from '../../testing/app.ts';
import { createUser } from '../../testing/fixtures.ts';

const t = await testApp({ loginLimits: { perAccount: 3, perAddress: 6, windowMs: 60_000 } });
const login = (email: string, password: string, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v2/authentication_token', payload: { email, password }, headers, remoteAddress });

describe('POST /api/v2/authentication_token', () => {
  it('answers a token that the next requests use (the original sign-in flow)', async () => {
    const res = await login(demo.accountant, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    const [, payload] = token.split('.');
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())).toMatchObject({ email: demo.accountant });
    const auth = { authorization: `Bearer ${token}` };
    const users = await t.app.inject({ url: `/api/v2/users?email=${demo.accountant}&client=web`, headers: auth });
    const me = users.json().member[0];
    expect(me).toMatchObject({ roles: ['accountant'], company: '/api/v2/companies/1' });
    const company = await t.app.inject({ url: me.company, headers: auth });
    expect(company.json()).toMatchObject({ name: 'Zabavni automati d.o.o.', oib: '02994650199', isTopGun: true });
  });

  it('ignores the case of the e-mail', async () => {
    expect((await login(demo.manager.toUpperCase(), DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('answers wrong credentials with 401 and a message in the caller’s language', async () => {
    const wrong = await login(demo.manager, 'wrong-password', { 'accept-language': 'hr' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    expect(wrong.json().message).toBe('Neispravni podaci za prijavu.');
    const unknown = await login('nobody@nowhere.test', 'whatever', {}, '10.0.0.2');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Invalid credentials.');
  });

  it('limits failed attempts per account, with Retry-After', async () => {
    // An account of its own: the one it blocks is of no use to the other tests for a minute.
    const { email } = await createUser(t);
    for (let i = 0; i < 3; i++) expect((await login(email, 'bad', {}, `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await login(email, FIXTURE_PASSWORD, {}, '10.1.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
  });

  it('limits failed attempts per address across accounts', async () => {
    for (let i = 0; i < 6; i++) await login(`guess${i}@x.test`, 'bad', {}, '10.2.0.1');
    expect((await login(demo.otherManager, DEMO_PASSWORD, {}, '10.2.0.1')).statusCode).toBe(429);
    expect((await login(demo.otherManager, DEMO_PASSWORD, {}, '10.2.0.2')).statusCode).toBe(200);
  });

  it('validates the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/authentication_token', payload: { email: '' } });
    expect(res.statusCode).toBe(422);
  });
});

describe('sign-in limits under load', () => {
  it('hold for 100 parallel attempts on one account: 99 wrong, 1 right', async () => {
    const { email } = await createUser(t);
    const attempts = Array.from({ length: 100 }, (_, i) =>
      login(email, i === 50 ? FIXTURE_PASSWORD : `wrong-${i}`, {}, `10.3.${Math.floor(i / 5)}.${i % 5}`),
    );
    const codes = (await Promise.all(attempts)).map((r) => r.statusCode);
    // The account's limit (3 here) lets at most three attempts through; the rest wait.
    expect(codes.filter((c) => c !== 429).length).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(97);
  });

  it('hold per address for parallel attempts on many accounts', async () => {
    const codes = (await Promise.all(Array.from({ length: 30 }, (_, i) => login(`spray${i}@x.test`, 'bad', {}, '10.4.0.1')))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 401).length).toBe(6);
    expect(codes.filter((c) => c === 429).length).toBe(24);
  });
});

/** A token signed with the server's own key, with the claims and header given. */
function forge(claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${part(header)}.${part(claims)}`;
  const algo = header.alg === 'HS512' ? 'sha512' : 'sha256';
  return `${body}.${createHmac(algo, JWT_TEST_SECRET).update(body).digest('base64url')}`;
}
const exp = () => Math.floor(Date.now() / 1000) + 600;
const settingsWith = (token: string) => t.app.inject({ url: '/api/v2/settings', headers: { authorization: `Bearer ${token}` } });
const userId = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]?.id ?? 0;

describe('tokens', () => {
  it('are refused without a valid numeric sub, without exp, without ver, or with another algorithm', async () => {
    // A user of its own, whose sign-ins no other test has ended (its token version is still 0).
    const id = String((await createUser(t)).id);
    expect((await settingsWith(forge({ sub: id, ver: 0, exp: exp() }))).statusCode).toBe(200);
    for (const claims of [
      { ver: 0, exp: exp() },
      { sub: 'abc', ver: 0, exp: exp() },
      { sub: '1.5', ver: 0, exp: exp() },
      { sub: '99999999999', ver: 0, exp: exp() },
      { sub: 7, ver: 0, exp: exp() },
      { sub: id, ver: 0 },
      { sub: id, exp: exp() },
      { sub: id, ver: 'x', exp: exp() },
    ]) {
      const res = await settingsWith(forge(claims));
      expect(res.statusCode, JSON.stringify(claims)).toBe(401);
    }
    expect((await settingsWith(forge({ sub: id, ver: 0, exp: exp() }, { alg: 'HS512', typ: 'JWT' }))).statusCode).toBe(401);
    expect((await settingsWith(forge({ sub: id, ver: 0, exp: exp() }, { alg: 'none', typ: 'JWT' }))).statusCode).toBe(401);
  });
});

describe('sign-ins that end', () => {
  const signIn = async (email: string, password = DEMO_PASSWORD) => {
    const res = await login(email, password, {}, `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string }>().token;
  };
  const admin = async () => signIn(demo.admin);
  const patchUser = async (token: string, id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v2/users/${id}`, headers: { ...mergePatch, authorization: `Bearer ${token}` }, payload });

  it('a sign-out ends every sign-in of the user, on every device', async () => {
    const [phone, laptop] = [await signIn(demo.otherManager), await signIn(demo.otherManager)];
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/logout', headers: { authorization: `Bearer ${phone}` } });
    expect(res.statusCode).toBe(204);
    const after = await settingsWith(laptop);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('You have been signed out. Sign in again.');
    expect((await settingsWith(phone)).statusCode).toBe(401);
    expect((await settingsWith(await signIn(demo.otherManager))).statusCode).toBe(200);
  });

  it('a password change by the user ends their other sign-ins; it needs the current password', async () => {
    const id = await userId(demo.otherManager);
    const [mine, other] = [await signIn(demo.otherManager), await signIn(demo.otherManager)];
    const next = 'a-new-and-long-passphrase';
    const without = await patchUser(mine, id, { password: next });
    expect(without.statusCode).toBe(422);
    expect(without.json().violations[0]).toMatchObject({ propertyPath: 'currentPassword', code: 'required' });
    const wrong = await patchUser(mine, id, { password: next, currentPassword: 'not-my-password' });
    expect(wrong.json().violations[0]).toMatchObject({ propertyPath: 'currentPassword', code: 'current_password' });
    expect((await settingsWith(other)).statusCode).toBe(200);
    expect((await patchUser(mine, id, { password: next, currentPassword: DEMO_PASSWORD })).statusCode).toBe(200);
    expect((await settingsWith(other)).statusCode).toBe(401);
    expect((await settingsWith(await signIn(demo.otherManager, next))).statusCode).toBe(200);
    // and back, by an admin (no current password needed for another user's account)
    expect((await patchUser(await admin(), id, { password: 'password1234' })).statusCode).toBe(422); // too guessable
    expect((await patchUser(await admin(), id, { password: 'vraćena-lozinka-od-admina' })).statusCode).toBe(200);
    await t.db
      .update(users)
      .set({ passwordHash: (await t.db.select().from(users).where(eq(users.email, demo.manager)))[0]?.passwordHash ?? '' })
      .where(eq(users.id, id));
  });

  it('a role change or a deactivation ends them, and reactivating does not revive them', async () => {
    const id = await userId(demo.manager);
    let token = await signIn(demo.manager);
    expect((await patchUser(await admin(), id, { roles: ['manager'] })).statusCode).toBe(200); // unchanged: sign-ins stay
    expect((await settingsWith(token)).statusCode).toBe(200);
    expect((await patchUser(await admin(), id, { roles: ['accountant'] })).statusCode).toBe(200);
    expect((await settingsWith(token)).statusCode).toBe(401);
    token = await signIn(demo.manager);
    expect((await patchUser(await admin(), id, { roles: ['manager'], active: false })).statusCode).toBe(200);
    expect((await patchUser(await admin(), id, { active: true })).statusCode).toBe(200);
    expect((await settingsWith(token)).statusCode).toBe(401);
    expect((await settingsWith(await signIn(demo.manager))).statusCode).toBe(200);
  });
});

describe('the limits, counted in the database', () => {
  it('opens again when the window ends; a success forgives itself and the attempts before it, not those after', async () => {
    let now = Date.UTC(2026, 0, 1);
    const limits = new Limits(t.db, () => now);
    const limit = { max: 3, windowMs: 1000 };
    const first = await limits.take('test:a', limit);
    const second = await limits.take('test:a', limit);
    const third = await limits.take('test:a', limit);
    expect([first.ok, second.ok, third.ok]).toEqual([true, true, true]);
    expect(await limits.take('test:a', limit)).toEqual({ ok: false, retryAfter: 1 });
    now += 1000;
    const again = await limits.take('test:a', limit);
    expect(again).toMatchObject({ ok: true, count: 1 });
    const later = await limits.take('test:a', limit);
    // The first attempt succeeds after the second started: the second stays counted.
    if (again.ok) await limits.forgive('test:a', again);
    expect(later).toMatchObject({ ok: true, count: 2 });
    expect(await limits.take('test:a', limit)).toMatchObject({ ok: true, count: 2 });
    expect(await limits.take('test:a', limit)).toMatchObject({ ok: true, count: 3 });
    expect((await limits.take('test:a', limit)).ok).toBe(false);
  });

  it('lets exactly the limit through 50 parallel attempts', async () => {
    const limits = new Limits(t.db);
    const all = await Promise.all(Array.from({ length: 50 }, () => limits.take('test:parallel', { max: 5, windowMs: 60_000 })));
    expect(all.filter((a) => a.ok).length).toBe(5);
  });
});

describe('sign-in under parallel guesses', () => {
  it('checks at most the limit of 50 parallel guesses, the right password among them or not', async () => {
    for (const right of [10, 25, 49]) {
      const { email } = await createUser(t);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => login(email, i === right ? FIXTURE_PASSWORD : `wrong-${i}`, {}, `10.9.${right}.${i}`)),
      );
      const codes = answers.map((a) => a.statusCode);
      // Three attempts per account (this app's limit): three checked, the rest refused before their check.
      expect(codes.filter((c) => c === 429).length).toBe(47);
      expect(codes.filter((c) => c === 401 || c === 200).length).toBe(3);
    }
  });
});
