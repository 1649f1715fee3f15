import { describe, expect, it } from 'vitest';
import { billQrUrl } from './bill-qr.ts';

const ZKI = 'e4d909c290d0fb1ca068ffaddf22cbd0';
const JIR = '3e3a0a0b-7c0c-4f8e-9d3c-1a2b3c4d5e6f';

describe('the QR code of a bill', () => {
  it('carries the JIR, the Zagreb issue time and the amount in cents', () => {
    // 09:05 UTC on 21 Nov is 10:05 in Zagreb (winter time).
    expect(billQrUrl({ jir: JIR, zki: ZKI, issuedAt: '2026-11-21T09:05:42.000Z', totalCents: 2200 })).toBe(
      `https://porezna.gov.hr/rn?jir=${JIR}&datv=20261121_1005&izn=2200`,
    );
  });

  it('carries the ZKI instead while CIS has not answered', () => {
    expect(billQrUrl({ jir: null, zki: ZKI, issuedAt: '2026-07-01T21:30:00.000Z', totalCents: 150 })).toBe(
      `https://porezna.gov.hr/rn?zki=${ZKI}&datv=20260701_2330&izn=150`,
    );
  });

  it('takes the Zagreb day, not the UTC one, around midnight and in summer time', () => {
    // 22:59 UTC on 31 Dec is 23:59 in Zagreb; 22:00 UTC on 30 Jun is already 1 Jul in Zagreb.
    expect(billQrUrl({ jir: JIR, zki: ZKI, issuedAt: '2026-12-31T22:59:00.000Z', totalCents: 100 })).toContain('datv=20261231_2359');
    expect(billQrUrl({ jir: JIR, zki: ZKI, issuedAt: '2026-06-30T22:00:00.000Z', totalCents: 100 })).toContain('datv=20260701_0000');
  });

  it('keeps the sign of a storno bill', () => {
    expect(billQrUrl({ jir: JIR, zki: ZKI, issuedAt: '2026-11-21T09:05:00.000Z', totalCents: -2200 })).toMatch(/&izn=-2200$/);
  });
});
