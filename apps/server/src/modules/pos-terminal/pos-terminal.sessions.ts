import { createHmac, timingSafeEqual } from 'node:crypto';
import { POS_SESSION_HOURS } from '@kovanica/contract';

// A terminal session is a signed token (not a user's JWT: another format and a key of its own, so
// neither can pass for the other). It names the worker and the point of sale and when it was issued;
// the routes check on every call that the worker is still active there and that neither the PIN nor
// the terminal's credential changed since (either ends every session of it).

export interface PosSessionClaims {
  /** The worker. */
  w: number;
  /** The point of sale. */
  l: number;
  /** The company. */
  c: number;
  /** Issued and expiring, in milliseconds since the epoch. */
  iat: number;
  exp: number;
}

const PREFIX = 'kps1';

/** The sessions' signing key, derived from the server's token secret for this use only. */
export const posSessionKey = (secret: string) => createHmac('sha256', secret).update('kovanica pos terminal sessions').digest();

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(`${PREFIX}.${payload}`).digest('base64url');

export function issuePosSession(
  key: Buffer,
  claims: Omit<PosSessionClaims, 'iat' | 'exp'>,
  now = new Date(),
): { token: string; expiresAt: Date } {
  const iat = now.getTime();
  const exp = iat + POS_SESSION_HOURS * 3_600_000;
  const payload = Buffer.from(JSON.stringify({ ...claims, iat, exp })).toString('base64url');
  return { token: `${PREFIX}.${payload}.${sign(key, payload)}`, expiresAt: new Date(exp) };
}

/** The claims of a well-signed, unexpired session token; null for anything else. */
export function readPosSession(key: Buffer, token: string, now = new Date()): PosSessionClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) return null;
  const [, payload = '', signature = ''] = parts;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PosSessionClaims;
    const ok = [claims.w, claims.l, claims.c, claims.iat, claims.exp].every((n) => Number.isSafeInteger(n));
    return ok && claims.exp > now.getTime() ? claims : null;
  } catch {
    return null;
  }
}
