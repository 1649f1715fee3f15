import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Collection, PushOutcome, PushSubscriptionInfo } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { pushSubscriptions, settings, users } from '../../db/schema/index.ts';
import { demo, testApp } from '../../testing/app.ts';
import { type FakeSubscription, startPushService, verifyVapid } from '../../testing/push-service.ts';
import { endpointRefusal, isPrivateAddress, PUSH_TTL_SECONDS, pushSender } from './push.sender.ts';

// Push messages on this device (decision 0050): one's own subscriptions, and messages that reach a push
// service which checks them as a real one does (testing/push-service.ts: VAPID verified, body decrypted).

const t = await testApp({ push: { loopbackHttp: true } });
const service = await startPushService();
afterAll(() => service.close());

const URL_ = '/api/v2/push-subscriptions';
const serverKey = (await t.json<{ publicKey: string }>('manager', { url: `${URL_}/key` })).body.publicKey;
const userId = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;

const subscribe = (user: string, subscription: unknown) =>
  t.json<PushSubscriptionInfo & { violations?: { propertyPath: string; code: string }[] }>(user, {
    method: 'POST',
    url: URL_,
    headers: { 'user-agent': 'Vitest/1 (Kovanica)' },
    payload: subscription as object,
  });
const own = async (user: string) => (await t.json<Collection<PushSubscriptionInfo>>(user, { url: URL_ })).body.member;
const sendTest = (user: string, item: { '@id': string }, lang = 'en') =>
  t.json<PushOutcome>(user, { method: 'POST', url: `${item['@id']}/test`, headers: { 'accept-language': lang } });
const receivedAt = (subscription: FakeSubscription) => service.received.filter((r) => r.endpoint === subscription.endpoint);

describe('the VAPID key', () => {
  it('is one public key for everyone, kept in the settings; the private key is never answered', async () => {
    expect(serverKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const [stored] = await t.db.select().from(settings).where(eq(settings.key, 'web-push'));
    const kept = stored?.value as { publicKey: string; privateKey: string };
    expect(kept.publicKey).toBe(serverKey);
    const again = await t.as('worker', { url: `${URL_}/key` });
    expect(again.json()).toEqual({ publicKey: serverKey });
    expect(again.body).not.toContain(kept.privateKey);
    // Two servers on one database keep the first pair written: a second start reads it, makes none.
    const second = await testApp({ push: { loopbackHttp: true } });
    await second.db.insert(settings).values({ key: 'web-push', value: kept });
    expect((await second.json<{ publicKey: string }>('admin', { url: `${URL_}/key` })).body.publicKey).toBe(serverKey);
  });

  it('is the configured pair when the environment gives one', async () => {
    const pair = webpush.generateVAPIDKeys();
    const configured = await testApp({ push: { vapid: pair } });
    const answer = await configured.as('accountant', { url: `${URL_}/key` });
    expect(answer.json()).toEqual({ publicKey: pair.publicKey });
    expect(await configured.db.select().from(settings).where(eq(settings.key, 'web-push'))).toEqual([]);
  });
});

describe('subscriptions', () => {
  it('are subscribed (201), listed to their owner only, and the same endpoint again is one row, now of whoever sent it', async () => {
    const browser = service.subscribe(serverKey);
    const created = await subscribe('manager', browser);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers.location).toBe(created.body['@id']);
    expect(created.body).toMatchObject({
      '@type': 'PushSubscription',
      endpoint: browser.endpoint,
      pushService: new URL(service.origin).host,
      userAgent: 'Vitest/1 (Kovanica)',
      lastSentAt: null,
      failures: 0,
    });
    expect(JSON.stringify(created.body)).not.toContain(browser.keys.auth);
    expect((await own('manager')).map((s) => s.id)).toContain(created.body.id);
    for (const other of ['worker', 'accountant', 'admin', 'otherManager']) {
      expect((await own(other)).map((s) => s.id)).not.toContain(created.body.id);
    }

    // The worker signs in on the same browser: the subscription is theirs now, the manager's no more.
    const again = await subscribe('worker', { ...browser, userAgent: 'Firefox on the van' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: created.body.id, userAgent: 'Firefox on the van' });
    expect((await own('worker')).map((s) => s.id)).toEqual([created.body.id]);
    expect((await own('manager')).map((s) => s.id)).not.toContain(created.body.id);
  });

  it("cannot be ended or tested by anyone but their owner: another's answers 404", async () => {
    const browser = service.subscribe(serverKey);
    const { body: item } = await subscribe('accountant', browser);
    for (const other of ['manager', 'admin', 'otherManager', 'worker']) {
      expect((await t.as(other, { method: 'DELETE', url: item['@id'] })).statusCode, other).toBe(404);
      expect((await sendTest(other, item)).status, other).toBe(404);
    }
    expect(receivedAt(browser)).toEqual([]);
    expect((await t.as('accountant', { method: 'DELETE', url: item['@id'] })).statusCode).toBe(204);
    expect((await t.as('accountant', { method: 'DELETE', url: item['@id'] })).statusCode).toBe(404);
    expect(await own('accountant')).toEqual([]);
  });

  it('are at most 10 a person: the oldest gives way', async () => {
    const first = await subscribe('otherManager', service.subscribe(serverKey));
    for (let i = 0; i < 10; i++) expect((await subscribe('otherManager', service.subscribe(serverKey))).status).toBe(201);
    const kept = await own('otherManager');
    expect(kept).toHaveLength(10);
    expect(kept.map((s) => s.id)).not.toContain(first.body.id);
    await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, await userId(demo.otherManager)));
  });
});

describe('a test message', () => {
  it('reaches the push service signed and encrypted: it verified the VAPID JWT and decrypted the message', async () => {
    const browser = service.subscribe(serverKey);
    const { body: item } = await subscribe('worker', browser);
    const sent = await sendTest('worker', item);
    expect(sent).toMatchObject({ status: 200, body: { sent: 1, failed: 0, removed: 0 } });
    const [message] = receivedAt(browser);
    expect(message?.message).toEqual({
      title: 'Kovanica',
      body: 'Push messages reach this device.',
      url: '/alarms/list',
      tag: 'kovanica-test',
    });
    expect(message).toMatchObject({
      ttl: PUSH_TTL_SECONDS,
      urgency: 'high',
      claims: { aud: service.origin, sub: 'mailto:alarms@kovanica.invalid' },
    });
    expect(message?.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [after] = (await own('worker')).filter((s) => s.id === item.id);
    expect(after?.lastSentAt).not.toBeNull();
    // In the caller's language.
    await sendTest('worker', item, 'hr');
    expect(receivedAt(browser)[1]?.message).toMatchObject({ body: 'Push poruke stižu na ovaj uređaj.' });
  });

  it('removes a subscription its push service has ended (410)', async () => {
    const browser = service.subscribe(serverKey);
    const { body: item } = await subscribe('manager', browser);
    service.end(browser.endpoint);
    expect((await sendTest('manager', item)).body).toEqual({ sent: 0, failed: 0, removed: 1 });
    expect((await own('manager')).map((s) => s.id)).not.toContain(item.id);
    expect((await sendTest('manager', item)).status).toBe(404);
  });

  it('fails, counted, when the push service refuses the signature: a browser subscribed with another key', async () => {
    const browser = service.subscribe(webpush.generateVAPIDKeys().publicKey);
    const { body: item } = await subscribe('manager', browser);
    expect((await sendTest('manager', item)).body).toEqual({ sent: 0, failed: 1, removed: 0 });
    expect(service.refused.find((r) => r.endpoint === browser.endpoint)).toMatchObject({ status: 403 });
    expect((await own('manager')).find((s) => s.id === item.id)).toMatchObject({ failures: 1, lastSentAt: null });
  });
});

describe("the push service's check of the VAPID signature", () => {
  const audience = 'https://push.example.net';
  const header = (keys: { publicKey: string; privateKey: string }, options: { aud?: string; exp?: number; sub?: string } = {}) =>
    webpush.getVapidHeaders(
      options.aud ?? audience,
      options.sub ?? 'mailto:ops@example.hr',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      options.exp,
    ).Authorization;
  const ours = webpush.generateVAPIDKeys();
  const theirs = webpush.generateVAPIDKeys();

  it('takes a header signed by the key, for the origin, within 24 hours', () => {
    expect(verifyVapid(header(ours), { audience, publicKey: ours.publicKey })).toMatchObject({ ok: true, claims: { aud: audience } });
  });

  it('refuses a forged signature, another key, another origin, an expired or too distant exp, no header', () => {
    // Signed by another key, claiming ours.
    const forged = header(theirs).replace(/k=.*$/, `k=${ours.publicKey}`);
    expect(verifyVapid(forged, { audience, publicKey: ours.publicKey })).toEqual({ ok: false, reason: 'bad signature' });
    // One byte of the signature changed.
    const genuine = header(ours);
    const token = /t=([^,]+)/.exec(genuine)?.[1] ?? '';
    const signature = Buffer.from(token.split('.')[2] ?? '', 'base64url');
    signature[10] = (signature[10] ?? 0) ^ 1;
    const tampered = genuine.replace(token, `${token.split('.').slice(0, 2).join('.')}.${signature.toString('base64url')}`);
    expect(verifyVapid(tampered, { audience, publicKey: ours.publicKey })).toEqual({ ok: false, reason: 'bad signature' });
    expect(verifyVapid(header(theirs), { audience, publicKey: ours.publicKey })).toMatchObject({ ok: false });
    expect(verifyVapid(header(ours, { aud: 'https://other.example.net' }), { audience, publicKey: ours.publicKey })).toMatchObject({
      ok: false,
      reason: 'aud https://other.example.net',
    });
    const now = Date.now();
    const exp = Math.floor(now / 1000) + 60;
    expect(verifyVapid(header(ours, { exp }), { audience, publicKey: ours.publicKey, now: now + 120_000 })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verifyVapid(header(ours, { exp }), { audience, publicKey: ours.publicKey, now: now - 25 * 3_600_000 })).toEqual({
      ok: false,
      reason: 'exp more than 24 hours ahead',
    });
    expect(verifyVapid(undefined, { audience, publicKey: ours.publicKey })).toMatchObject({ ok: false });
  });
});

describe('the sender', () => {
  it('sends to each of a person’s subscriptions and says how it went, never throwing for one of them', async () => {
    const id = await userId(demo.accountant);
    const [good, ended, unreachable] = [service.subscribe(serverKey), service.subscribe(serverKey), service.subscribe(serverKey)];
    for (const s of [good, ended, unreachable]) expect((await subscribe('accountant', s)).status).toBe(201);
    service.end(ended.endpoint);
    // A port nobody listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await t.db
      .update(pushSubscriptions)
      .set({ endpoint: `http://127.0.0.1:${closedPort}/push/gone` })
      .where(eq(pushSubscriptions.endpoint, unreachable.endpoint));

    const outcome = await pushSender(t.db, { loopbackHttp: true }).sendToUser(id, {
      title: 'Cash box full',
      body: 'Autić 2 at Riva',
      url: '/alarms/list',
      tag: 'alarm-7',
    });
    expect(outcome).toEqual({ sent: 1, failed: 1, removed: 1 });
    expect(receivedAt(good).map((r) => r.message)).toEqual([
      { title: 'Cash box full', body: 'Autić 2 at Riva', url: '/alarms/list', tag: 'alarm-7' },
    ]);
    const left = await own('accountant');
    expect(left.map((s) => s.endpoint).sort()).toEqual([good.endpoint, `http://127.0.0.1:${closedPort}/push/gone`].sort());
    expect(left.find((s) => s.endpoint.includes('/push/gone'))?.failures).toBe(1);
    expect(await pushSender(t.db).sendToUser(id, { title: 'x', body: 'y', url: '/' })).toEqual({ sent: 0, failed: 2, removed: 0 });
    await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, id));
    expect(await pushSender(t.db, { loopbackHttp: true }).sendToUser(id, { title: 'x', body: 'y', url: '/' })).toEqual({
      sent: 0,
      failed: 0,
      removed: 0,
    });
  });

  it('gives up on a push service that does not answer in time', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const browser = service.subscribe(serverKey);
    const { body: item } = await subscribe('admin', {
      ...browser,
      endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/push/slow`,
    });
    const started = Date.now();
    const outcome = await pushSender(t.db, { loopbackHttp: true, timeoutMs: 300 }).sendToUser(await userId(demo.admin), {
      title: 'x',
      body: 'y',
      url: '/',
    });
    expect(outcome).toEqual({ sent: 0, failed: 1, removed: 0 });
    expect(Date.now() - started).toBeLessThan(3_000);
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
    await t.as('admin', { method: 'DELETE', url: item['@id'] });
  });
});

describe('what is refused', () => {
  const keys = () => service.subscribe(serverKey).keys;

  it('an endpoint that is not a push service’s https: URL: 422 naming the endpoint, nothing stored', async () => {
    for (const endpoint of [
      'http://push.example.net/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://10.0.0.7/x',
      'https://localhost/x',
      'https://metadata.google.internal/computeMetadata',
      'https://intranet/x',
      'https://push.example.net:8443/x',
      'https://user:secret@push.example.net/x',
      'ftp://push.example.net/x',
      'javascript:alert(1)',
      'not a url',
      `https://push.example.net/${'x'.repeat(2048)}`,
    ]) {
      const res = await subscribe('manager', { endpoint, keys: keys() });
      expect(res.status, endpoint).toBe(422);
      expect(res.body.violations?.[0], endpoint).toMatchObject({ propertyPath: 'endpoint' });
    }
    expect((await own('manager')).filter((s) => !s.endpoint.startsWith(service.origin))).toEqual([]);
  });

  it('http://127.0.0.1 unless the app is told to take it (tests only); names that lead to a private address at send time', () => {
    expect(endpointRefusal('http://127.0.0.1:8080/push/1')).toBe('not https:');
    expect(endpointRefusal('http://127.0.0.1:8080/push/1', { loopbackHttp: true })).toBeNull();
    expect(endpointRefusal('http://localhost:8080/push/1', { loopbackHttp: true })).toBe('not https:');
    expect(endpointRefusal('https://fcm.googleapis.com/fcm/send/abc')).toBeNull();
    expect(endpointRefusal('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBeNull();
    expect(endpointRefusal('https://web.push.apple.com/QGh')).toBeNull();
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['142.250.180.10', '2a00:1450:4001:82b::200a']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('malformed bodies: 400 for what is no subscription, 422 naming the field for bad keys', async () => {
    const browser = service.subscribe(serverKey);
    const expect422 = async (body: unknown, propertyPath: string) => {
      const res = await subscribe('manager', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.violations?.map((v) => v.propertyPath)).toContain(propertyPath);
    };
    await expect422({ endpoint: browser.endpoint }, 'keys');
    await expect422({ endpoint: browser.endpoint, keys: { ...browser.keys, p256dh: 'not base64url!' } }, 'keys.p256dh');
    await expect422({ endpoint: browser.endpoint, keys: { ...browser.keys, auth: 'c2hvcnQ' } }, 'keys.auth');
    // Base64url of the right length, but no point of the curve: nothing could be encrypted to it.
    await expect422({ endpoint: browser.endpoint, keys: { ...browser.keys, p256dh: `BA${'A'.repeat(85)}` } }, 'keys.p256dh');
    await expect422({ endpoint: browser.endpoint, keys: browser.keys, userAgent: 'x'.repeat(301) }, 'userAgent');
    await expect422({ endpoint: 7, keys: browser.keys }, 'endpoint');
    await expect422({ endpoint: browser.endpoint, keys: browser.keys, expirationTime: 'soon' }, 'expirationTime');
    expect((await subscribe('manager', { ...browser, unknown: 1 })).status).toBe(400);
    expect((await subscribe('manager', { ...browser, keys: { ...browser.keys, extra: 'x' } })).status).toBe(400);
    const raw = await t.as('manager', {
      method: 'POST',
      url: URL_,
      headers: { 'content-type': 'application/json' },
      payload: '{"endpoint":',
    });
    expect(raw.statusCode).toBe(400);
    expect((await t.as('manager', { method: 'DELETE', url: `${URL_}/0x10` })).statusCode).toBe(404);
    expect((await t.as('manager', { method: 'POST', url: `${URL_}/99999999999/test` })).statusCode).toBe(404);
    expect((await own('manager')).map((s) => s.endpoint)).not.toContain(browser.endpoint);
    // What `PushSubscription.toJSON()` gives, as it is, is taken.
    expect((await subscribe('manager', { ...browser, expirationTime: null })).status).toBe(201);
  });

  it('anyone signed out: 401', async () => {
    for (const request of [{ url: URL_ }, { url: `${URL_}/key` }, { method: 'POST' as const, url: URL_, payload: {} }]) {
      expect((await t.as(null, request)).statusCode).toBe(401);
    }
  });
});
