import { createDecipheriv, createECDH, createHmac, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A browser's push service, for tests (decision 0050): it hands out subscriptions with real keys, as a
 * browser would get them, and takes messages for them as Mozilla's or Google's push service does,
 * checking what those check: the VAPID signature (RFC 8292: an ES256 JWT for this origin, not expired,
 * at most 24 hours ahead, with a contact, signed by the key the subscription was made for), the
 * encoding and the TTL. It decrypts each message with the subscription's private key and auth secret
 * (RFC 8291, written here with node:crypto, independent of the sender's library) and keeps it.
 */

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A message the service took: decrypted, with the headers it came with. */
export interface Received {
  endpoint: string;
  message: unknown;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID claims. */
  claims: { aud: string; exp: number; sub: string };
}

export interface FakePushService {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** A new subscription, made for the given VAPID public key (the `applicationServerKey`). */
  subscribe(applicationServerKey: string): FakeSubscription;
  /** The messages taken, oldest first. */
  received: Received[];
  /** The requests refused, with why. */
  refused: { endpoint: string; status: number; reason: string }[];
  /** From now on the subscription is ended: its messages are answered 410 Gone. */
  end(endpoint: string): void;
  close(): Promise<void>;
}

const b64 = (text: string) => Buffer.from(text, 'base64url');

/**
 * Checks a VAPID `Authorization` header (RFC 8292) as a push service does: `vapid t=<JWT>, k=<key>`,
 * the JWT ES256-signed by `k`'s private key, `aud` the push service's origin, `exp` in the future and at
 * most 24 hours ahead, `sub` a mailto: or https: contact, and `k` the key the subscription was made
 * for. The claims, or why not.
 */
export function verifyVapid(
  authorization: string | undefined,
  expected: { audience: string; publicKey: string; now?: number },
): { ok: true; claims: Received['claims'] } | { ok: false; reason: string } {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) return { ok: false, reason: 'no vapid authorization' };
  const [, token = '', key = ''] = match;
  if (key !== expected.publicKey) return { ok: false, reason: 'k is not the key the subscription was made for' };
  const [header = '', payload = '', signature = ''] = token.split('.');
  let claims: Received['claims'];
  try {
    const head = JSON.parse(b64(header).toString('utf8')) as { alg?: string; typ?: string };
    if (head.alg !== 'ES256') return { ok: false, reason: `alg ${head.alg}` };
    claims = JSON.parse(b64(payload).toString('utf8')) as Received['claims'];
  } catch {
    return { ok: false, reason: 'the JWT is not JSON' };
  }
  const point = b64(key);
  if (point.length !== 65 || point[0] !== 4) return { ok: false, reason: 'k is not an uncompressed P-256 point' };
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = Buffer.from(`${header}.${payload}`);
  // JOSE's ES256 signature is r ‖ s, 64 bytes (IEEE P1363), not DER.
  if (!verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, b64(signature))) {
    return { ok: false, reason: 'bad signature' };
  }
  const now = Math.floor((expected.now ?? Date.now()) / 1000);
  if (claims.aud !== expected.audience) return { ok: false, reason: `aud ${claims.aud}` };
  if (!Number.isInteger(claims.exp) || claims.exp <= now) return { ok: false, reason: 'expired' };
  if (claims.exp > now + 24 * 60 * 60) return { ok: false, reason: 'exp more than 24 hours ahead' };
  if (typeof claims.sub !== 'string' || !/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(claims.sub))
    return { ok: false, reason: 'sub is no contact' };
  return { ok: true, claims };
}

/** HMAC-SHA-256, HKDF's extract and (one block of) expand. */
const hmac = (key: Buffer, ...data: Buffer[]) => {
  const h = createHmac('sha256', key);
  for (const d of data) h.update(d);
  return h.digest();
};
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => hmac(hmac(salt, ikm), info, Buffer.from([1])).subarray(0, length);

/**
 * Decrypts a Web Push message (RFC 8291 over RFC 8188's aes128gcm): the header (salt, record size,
 * the sender's public key), then records, each AES-128-GCM with its tag; the last padded with 0x02.
 */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || recordSize < 18) throw new Error('bad aes128gcm header');
  const shared = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderKey]);
  const ikm = hkdf(authSecret, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const out: Buffer[] = [];
  for (let seq = 0, at = 0; at < ciphertext.length; seq++, at += recordSize) {
    const record = ciphertext.subarray(at, at + recordSize);
    const nonce = Buffer.from(baseNonce);
    // The record's nonce: the base nonce XOR its sequence number (big-endian; the low 4 bytes suffice here).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    const last = at + recordSize >= ciphertext.length;
    // The padding: zeros after a delimiter, 0x02 in the last record, 0x01 in the others.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (plain[end] !== (last ? 2 : 1)) throw new Error('bad padding');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

/** Starts the fake push service on a free port of 127.0.0.1. */
export async function startPushService(): Promise<FakePushService> {
  const subscriptions = new Map<string, { receiver: ECDH; auth: Buffer; applicationServerKey: string; ended: boolean }>();
  const received: Received[] = [];
  const refused: FakePushService['refused'] = [];
  let origin = '';

  const server = createServer(async (request, response) => {
    const endpoint = `${origin}${request.url ?? ''}`;
    const body = await readBody(request);
    const refuse = (status: number, reason: string) => {
      refused.push({ endpoint, status, reason });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    const subscription = subscriptions.get(endpoint);
    if (request.method !== 'POST') return refuse(405, 'POST only');
    if (!subscription) return refuse(404, 'no such subscription');
    if (subscription.ended) return refuse(410, 'the subscription has ended');
    const vapid = verifyVapid(request.headers.authorization, { audience: origin, publicKey: subscription.applicationServerKey });
    if (!vapid.ok) return refuse(403, vapid.reason);
    if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'Content-Encoding must be aes128gcm');
    const ttl = Number(request.headers.ttl);
    if (!/^\d+$/.test(String(request.headers.ttl ?? '')) || ttl > 28 * 24 * 60 * 60) return refuse(400, 'a TTL is needed');
    let message: unknown;
    try {
      message = JSON.parse(decryptAes128gcm(body, subscription.receiver, subscription.auth).toString('utf8'));
    } catch (error) {
      return refuse(400, `cannot decrypt: ${error instanceof Error ? error.message : String(error)}`);
    }
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
    received.push({ endpoint, message, ttl, urgency: header('urgency'), topic: header('topic'), claims: vapid.claims });
    response.writeHead(201, { location: `${endpoint}/messages/${received.length}` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe(applicationServerKey) {
      const receiver = createECDH('prime256v1');
      receiver.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('base64url')}`;
      subscriptions.set(endpoint, { receiver, auth, applicationServerKey, ended: false });
      return { endpoint, keys: { p256dh: receiver.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    end(endpoint) {
      const subscription = subscriptions.get(endpoint);
      if (subscription) subscription.ended = true;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
