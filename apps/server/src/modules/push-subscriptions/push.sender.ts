import { createECDH, createHash } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { PushOutcome } from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { type PushSubscriptionRow, pushSubscriptions, settings } from '../../db/schema/index.ts';

/**
 * The Web Push channel (decision 0050): a message to every browser or phone a person turned push
 * messages on in. The `web-push` library signs (VAPID, RFC 8292) and encrypts (RFC 8291) each message;
 * this file posts it itself, so that it reaches only public push services (no redirect followed, no
 * private address connected to, whatever a name resolves to) and gives up after `timeoutMs`.
 */

/** What a person is told: shown as a notification by the web app's service worker (`apps/web/src/sw.js`). */
export interface PushMessage {
  title: string;
  body: string;
  /** The app's page a click opens (`/alarms/list`). */
  url: string;
  /** A later message with the same tag replaces this one, on the device and at the push service while it waits. */
  tag?: string;
}

export interface PushOptions {
  /** The VAPID key pair (`VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`); none: one generated once and kept in the `settings` table. */
  vapid?: { publicKey: string; privateKey: string };
  /** The contact push services are given (`VAPID_SUBJECT`): a mailto: address or an https: URL. */
  subject?: string;
  /** Tests only: endpoints at `http://127.0.0.1:<port>` (the fake push service, `testing/push-service.ts`) are taken. */
  loopbackHttp?: boolean;
  /** The longest one send may take, connection to answer, in milliseconds. */
  timeoutMs?: number;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:alarms@kovanica.invalid';
/** How long a push service keeps a message for a device that is off: an alarm older than an hour is the bell's. */
export const PUSH_TTL_SECONDS = 60 * 60;
const TIMEOUT_MS = 10_000;
const SETTINGS_KEY = 'web-push';

// --- Where the server may send ---------------------------------------------------------------------

/** Addresses no push service has: loopback, private, link-local, shared, reserved, multicast (IPv4-mapped IPv6 ones too: the list maps them). */
const privateAddresses = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  privateAddresses.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateAddresses.addSubnet(net, prefix, 'ipv6');
}

/** Whether an address is one no push service has. */
export const isPrivateAddress = (address: string) => {
  const family = isIP(address);
  return family === 0 || privateAddresses.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/** Host names that name this network, not the internet. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|lan|intranet|home\.arpa)$/i;

/**
 * Why the server will not send to this endpoint, or null: it posts to a URL a person gave it, so only to
 * a push service's https: URL on its standard port, by a public name, without credentials (decision
 * 0050). Tests' fake push service (`loopbackHttp`) listens at `http://127.0.0.1:<port>`.
 */
export function endpointRefusal(endpoint: string, options: Pick<PushOptions, 'loopbackHttp'> = {}): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'credentials in the URL';
  if (options.loopbackHttp && url.protocol === 'http:' && url.hostname === '127.0.0.1') return null;
  if (url.protocol !== 'https:') return 'not https:';
  if (url.port !== '') return 'not the standard port';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return 'an address, not a name';
  if (!host.includes('.') || LOCAL_NAMES.test(host.replace(/\.$/, ''))) return 'a local name';
  return null;
}

/** Resolves a push service's name, refusing one that leads to a private address (a public name pointed inwards). */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const found = addresses.filter((a) => !isPrivateAddress(a.address));
    if (found.length === 0)
      return callback(Object.assign(new Error(`${hostname} resolves to no public address`), { code: 'ENOTFOUND' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, found);
    const [first] = found as [LookupAddress];
    callback(null, first.address, first.family);
  });
};

/** Whether `p256dh` is a point of P-256 (uncompressed): a browser's key, one a message can be encrypted to. */
export function isP256PublicKey(p256dh: string): boolean {
  try {
    const point = Buffer.from(p256dh, 'base64url');
    if (point.length !== 65 || point[0] !== 4) return false;
    // Computing a shared secret with it checks that it lies on the curve.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

// --- The server's VAPID keys -------------------------------------------------------------------------

const keysSchema = (value: unknown): { publicKey: string; privateKey: string } | null => {
  const v = value as { publicKey?: unknown; privateKey?: unknown } | null;
  return typeof v?.publicKey === 'string' && typeof v.privateKey === 'string' ? { publicKey: v.publicKey, privateKey: v.privateKey } : null;
};
const generated = new WeakMap<Db, Promise<{ publicKey: string; privateKey: string }>>();

/**
 * The server's VAPID key pair: the configured one, else the one kept in the `settings` table (made on
 * first use; two servers on one database keep the first one written). The private key never leaves the
 * server: only `publicKey` is answered (`GET /push-subscriptions/key`).
 */
export function vapidKeys(db: Db, options: Pick<PushOptions, 'vapid'> = {}): Promise<{ publicKey: string; privateKey: string }> {
  if (options.vapid) return Promise.resolve(options.vapid);
  let keys = generated.get(db);
  if (!keys) {
    keys = storedKeys(db);
    generated.set(db, keys);
    keys.catch(() => generated.delete(db));
  }
  return keys;
}

async function storedKeys(db: Db) {
  const read = async () =>
    keysSchema((await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SETTINGS_KEY)))[0]?.value);
  const stored = await read();
  if (stored) return stored;
  await db.insert(settings).values({ key: SETTINGS_KEY, value: webpush.generateVAPIDKeys() }).onConflictDoNothing();
  const kept = await read();
  if (!kept) throw new Error('the VAPID keys could not be stored');
  return kept;
}

// --- Sending -------------------------------------------------------------------------------------------

/** Posts the signed, encrypted message; the push service's status, or an error (refused, unreachable, too slow). */
function post(details: webpush.RequestDetails, timeoutMs: number) {
  const url = new URL(details.endpoint);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const request = transport.request(
      url,
      { method: 'POST', headers: details.headers, lookup: publicOnlyLookup, agent: false },
      (response) => {
        // Only the status counts: the answer is read and dropped (no redirect is followed).
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

type Sent = 'sent' | 'failed' | 'removed';

/**
 * Sends one message to one subscription and records how it went: sent (`lastSentAt`, failures
 * forgotten), ended by the push service (404 or 410: the row is removed), or failed (counted). Never
 * throws for the subscription's sake.
 */
export async function pushTo(db: Db, row: PushSubscriptionRow, message: PushMessage, options: PushOptions = {}): Promise<Sent> {
  let status = 0;
  try {
    if (endpointRefusal(row.endpoint, options)) throw new Error('endpoint refused');
    const keys = await vapidKeys(db, options);
    const details = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify({ title: message.title, body: message.body, url: message.url, tag: message.tag ?? null }),
      {
        vapidDetails: { subject: options.subject ?? DEFAULT_VAPID_SUBJECT, ...keys },
        TTL: PUSH_TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        // A push service keeps one waiting message per topic: an alarm told again replaces the one not yet delivered.
        ...(message.tag ? { topic: createHash('sha256').update(message.tag).digest('base64url').slice(0, 32) } : {}),
      },
    );
    status = await post(details, options.timeoutMs ?? TIMEOUT_MS);
  } catch {
    status = 0;
  }
  if (status >= 200 && status < 300) {
    await db.update(pushSubscriptions).set({ lastSentAt: new Date(), failures: 0 }).where(eq(pushSubscriptions.id, row.id));
    return 'sent';
  }
  if (status === 404 || status === 410) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
    return 'removed';
  }
  await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(eq(pushSubscriptions.id, row.id));
  return 'failed';
}

/** Counts one send's or many sends' outcomes. */
export const outcomeOf = (results: readonly Sent[]): PushOutcome => ({
  sent: results.filter((r) => r === 'sent').length,
  failed: results.filter((r) => r === 'failed').length,
  removed: results.filter((r) => r === 'removed').length,
});

/**
 * The push channel as the alarms' delivery uses it: `sendToUser` sends a message to each of the
 * person's subscriptions at once and says how many went, failed and were found ended. Give it the
 * app's push options (`AppOptions['push']`) so it signs with the keys the browsers subscribed with.
 */
export function pushSender(db: Db, options: PushOptions = {}) {
  return {
    async sendToUser(userId: number, message: PushMessage): Promise<PushOutcome> {
      const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      return outcomeOf(await Promise.all(rows.map((row) => pushTo(db, row, message, options))));
    },
  };
}
export type PushSender = ReturnType<typeof pushSender>;
