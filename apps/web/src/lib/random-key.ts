/**
 * A random key for one action or one opened form (an `Idempotency-Key`, a request id, a client key):
 * a UUID, or 32 random hex digits where `crypto.randomUUID` is missing (a plain-HTTP address).
 */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
