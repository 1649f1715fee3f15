import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomKey } from './random-key.ts';

describe('randomKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a new UUID each time', () => {
    const a = randomKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(randomKey()).not.toBe(a);
  });

  it('is 32 random hex digits where crypto.randomUUID is missing (a plain-HTTP address)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => real.getRandomValues(bytes) });
    const a = randomKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomKey()).not.toBe(a);
  });
});
