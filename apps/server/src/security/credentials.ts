import { createHash, randomBytes } from 'node:crypto';

/** A new ingestion credential: 256 random bits, recognisable by its prefix in logs and configs. */
export function newCredential(): string {
  return `kvl_${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a credential (see the loggers schema for why SHA-256 suffices). */
export function credentialHash(credential: string): string {
  return createHash('sha256').update(credential).digest('hex');
}

/** The credential of an `Authorization: Bearer <credential>` header (empty when there is none). */
export function bearerOf(header: string | undefined): string {
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
}
