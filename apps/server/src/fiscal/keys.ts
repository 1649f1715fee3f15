import { createPrivateKey, type KeyObject } from 'node:crypto';
import { openPrivateKey, sealPrivateKey } from './certificates.ts';

/**
 * The companies' signing keys, opened from their sealed form with `FISCAL_KEY_SECRET` once and kept
 * in memory by certificate id (a certificate's key never changes). Given to whatever issues bills:
 * ingestion, the manual bill and the storno.
 */
export class FiscalKeys {
  readonly #secret: string;
  readonly #opened = new Map<number, KeyObject>();

  constructor(secret: string) {
    this.#secret = secret;
  }

  /** The private key of a certificate, from its sealed form. */
  keyOf(certificateId: number, sealed: string): KeyObject {
    let key = this.#opened.get(certificateId);
    if (!key) {
      key = createPrivateKey(openPrivateKey(sealed, this.#secret));
      // A few companies' keys at most; a bound all the same.
      if (this.#opened.size >= 1000) this.#opened.clear();
      this.#opened.set(certificateId, key);
    }
    return key;
  }

  /** Seals a private key for storage with this server's secret. */
  seal(privateKeyPem: string): string {
    return sealPrivateKey(privateKeyPem, this.#secret);
  }
}
