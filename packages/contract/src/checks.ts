/** Check digits of Croatian identifiers (domain.md §4). */

/** The ISO 7064 MOD 11,10 check digit of an OIB's first 10 digits. */
export function oibCheckDigit(first10: string): number {
  let a = 10;
  for (let i = 0; i < 10; i++) {
    a = (a + Number(first10[i])) % 10;
    if (a === 0) a = 10;
    a = (a * 2) % 11;
  }
  return (11 - a) % 10;
}

/** OIB: 11 digits, ISO 7064 MOD 11,10. */
export function isValidOib(value: string): boolean {
  return /^\d{11}$/.test(value) && oibCheckDigit(value) === Number(value[10]);
}

/** The Luhn check digit of an IMEI's first 14 digits. */
export function imeiCheckDigit(first14: string): number {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(first14[13 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** IMEI: 15 digits, Luhn check digit. */
export function isValidImei(value: string): boolean {
  return /^\d{15}$/.test(value) && imeiCheckDigit(value) === Number(value[14]);
}
