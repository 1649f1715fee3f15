import { describe, expect, it } from 'vitest';
import { isValidImei, isValidOib } from './checks.ts';

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
