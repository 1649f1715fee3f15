import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { demo, testApp } from '../../testing/app.ts';
import { AttemptLimiter } from './attempts.ts';

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
    for (let i = 0; i < 3; i++) expect((await login(demo.worker, 'bad', {}, `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await login(demo.worker, DEMO_PASSWORD, {}, '10.1.0.9');
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

describe('AttemptLimiter', () => {
  it('opens again when the window ends, and a success resets the account', () => {
    let now = 0;
    const limiter = new AttemptLimiter(2, 1000, () => now);
    limiter.fail('a');
    expect(limiter.retryAfter('a')).toBe(0);
    limiter.fail('a');
    expect(limiter.retryAfter('a')).toBe(1);
    now = 1000;
    expect(limiter.retryAfter('a')).toBe(0);
    limiter.fail('a');
    limiter.fail('a');
    limiter.reset('a');
    expect(limiter.retryAfter('a')).toBe(0);
  });
});
