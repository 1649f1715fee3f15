import { describe, expect, it } from 'vitest';
import { imeiCheckDigit, isBase64, isValidImei, isValidOib, oibCheckDigit } from './checks.ts';

describe('OIB (ISO 7064 MOD 11,10)', () => {
  it.each(['02994650199', '98765432198', '35412876905'])('%s is valid', (oib) => expect(isValidOib(oib)).toBe(true));
  it.each(['01234567890', '0299465019', '029946501990', '0299465019a', '', '12345678901'])('%s is not', (oib) =>
    expect(isValidOib(oib)).toBe(false),
  );
});

describe('IMEI (Luhn)', () => {
  it.each(['356938035643809', '490154203237518'])('%s is valid', (imei) => expect(isValidImei(imei)).toBe(true));
  it.each(['356938035643808', '35693803564380', '35693803564380a'])('%s is not', (imei) => expect(isValidImei(imei)).toBe(false));
});

describe('check digits', () => {
  it('complete an identifier to a valid one', () => {
    expect(oibCheckDigit('0299465019')).toBe(9);
    expect(imeiCheckDigit('35693803564380')).toBe(9);
    for (let n = 0; n < 50; n++) {
      const body = String(10_000_000_000_000 + n * 7919).slice(0, 14);
      expect(isValidImei(`${body}${imeiCheckDigit(body)}`)).toBe(true);
      expect(isValidOib(`${body.slice(0, 10)}${oibCheckDigit(body.slice(0, 10))}`)).toBe(true);
    }
  });
});

describe('isBase64', () => {
  it('takes base64 with up to two = at its end, and nothing else', () => {
    for (const good of ['QQ==', 'QUI=', 'QUJD', 'a+/9', 'S292YW5pY2EgZC5vLm8u' /* "Kovanica d.o.o." */]) expect(isBase64(good)).toBe(true);
    for (const bad of ['', '=', '==', 'QQ===', 'Q=Q=', 'QU JD', 'QUJD\n', 'QUJD-_', 'ščć', '<svg>']) expect(isBase64(bad)).toBe(false);
  });

  it('reads an upload of tens of megabytes in one pass, without overflowing a stack', () => {
    // 40 MB of base64 text.
    const big = `${'QUJD'.repeat(10 * 1024 * 1024)}QQ==`;
    expect(isBase64(big)).toBe(true);
    expect(isBase64(`${big.slice(0, -8)}!${big.slice(-7)}`)).toBe(false);
  });
});
