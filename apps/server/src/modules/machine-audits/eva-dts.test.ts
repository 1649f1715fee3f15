import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaDtsEventMeaning } from './eva-dts.events.ts';
import { crc16Arc, evaDtsChecksum, parseEvaDts, toCents, zagrebTimeOf } from './eva-dts.ts';
import { EvaDtsError } from './eva-dts.types.ts';
import { type EvaDtsFixture, evaDtsFixtures, readEvaDtsFixture } from './fixtures/index.ts';

/** The error a parse throws (fails the test when it throws none, or another kind). */
function refusal(text: string): EvaDtsError {
  try {
    parseEvaDts(text);
  } catch (error) {
    if (error instanceof EvaDtsError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

/** A fixture with one line replaced (1-based), its line ends kept. */
function withLine(name: EvaDtsFixture, line: number, replace: (text: string) => string): string {
  const text = readEvaDtsFixture(name);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(eol);
  lines[line - 1] = replace(lines[line - 1] ?? '');
  return lines.join(eol);
}

describe('crc16Arc (G85)', () => {
  it('gives the published check value of CRC-16/ARC', () => {
    expect(crc16Arc(new TextEncoder().encode('123456789'))).toBe(0xbb3d);
    expect(crc16Arc([])).toBe(0);
  });

  it("agrees with every fixture's G85 (computed apart, when the files were written)", () => {
    for (const name of Object.keys(evaDtsFixtures) as EvaDtsFixture[]) {
      const text = readEvaDtsFixture(name);
      const written = /^G85\*([0-9A-F]{4})/m.exec(text)?.[1];
      if (name === 'noEnvelope') expect(written).toBeUndefined();
      else expect(evaDtsChecksum(text), name).toBe(written);
    }
  });

  it('gives the same checksum for a file still without its G85', () => {
    const text = readEvaDtsFixture('tokens');
    expect(evaDtsChecksum(text.replace('G85*0F79\r\n', ''))).toBe('0F79');
  });
});

describe('parseEvaDts: a coffee machine (cash and cashless, CRLF, summer)', () => {
  const audit = parseEvaDts(readEvaDtsFixture('coffee'));

  it('reads the machine, its clock in Zagreb summer time and the currency', () => {
    expect(audit.machineSerial).toBe('AR12-2024-00417');
    expect(audit.machineModel).toBe('AROMA C12');
    expect(audit.boardSerial).toBe('CB7731045');
    expect(audit.auditedAt?.toISOString()).toBe('2026-07-14T07:35:00.000Z');
    expect(audit.currency).toBe('EUR');
  });

  it('reads the counters since initialisation, in cents', () => {
    expect(audit.counters).toEqual({
      paidSalesCents: 299560,
      paidVends: 2098,
      testVendsCents: 1170,
      testVends: 9,
      freeVendsCents: 2800,
      freeVends: 21,
      cashSalesCents: 215060,
      cashVends: 1537,
      cashInCents: 379820,
      cashToBoxCents: 270500,
      cashToTubesCents: 109320,
      notesInCents: 0,
      dispensedCents: 163180,
      manuallyDispensedCents: 25000,
      discountsCents: 0,
      overpayCents: 1580,
      cashlessSalesCents: 84500,
      cashlessVends: 561,
      tokenSalesCents: 0,
      tokenVends: 0,
    });
  });

  it('reads every selection', () => {
    const rows = audit.products.map((p) => [p.selection, p.priceCents, p.paidVends, p.paidCents, p.testVends, p.freeVends]);
    expect(rows).toEqual([
      ['11', 120, 405, 48600, 2, 3],
      ['12', 140, 300, 42000, 1, 2],
      ['13', 150, 251, 37650, 1, 1],
      ['14', 160, 216, 34560, 0, 2],
      ['15', 130, 160, 20800, 1, 0],
      ['16', 170, 148, 25160, 0, 1],
      ['21', 110, 158, 17380, 2, 4],
      ['22', 180, 119, 21420, 0, 1],
      ['23', 190, 99, 18810, 1, 0],
      ['24', 200, 76, 15200, 0, 2],
      ['31', 100, 97, 9700, 1, 5],
      ['32', 120, 69, 8280, 0, 0],
    ]);
    expect(audit.products.reduce((total, p) => total + (p.paidCents ?? 0), 0)).toBe(audit.counters.paidSalesCents);
  });

  it('reads the events: EA1 with the EA2 after it as one, a lone EA2 apart, unknown codes without a meaning', () => {
    expect(audit.events).toEqual([
      { code: 'EGS', meaning: 'Door open', at: '2026-07-14T07:21:00.000Z', count: 212, active: false },
      { code: 'EHB', meaning: null, at: '2026-07-02T13:44:00.000Z', count: 6, active: false },
      { code: 'EK', meaning: 'Cashless reader fault', at: null, count: 2, active: false },
    ]);
  });

  it('keeps every segment as a block, with its line, its fields and whether it is interpreted', () => {
    expect(audit.blocks).toHaveLength(88);
    expect(audit.blocks[0]).toEqual({ line: 1, segment: 'DXS', fields: ['ZGH0003001', 'VA', 'V0/6', '1'], known: true });
    expect(audit.blocks.find((b) => b.segment === 'VA1')).toEqual({
      line: 7,
      segment: 'VA1',
      fields: ['299560', '2098', '18432', '143', '0', '0'],
      known: true,
    });
    expect(audit.blocks.filter((b) => b.segment === 'CA17').map((b) => [b.line, b.fields[1], b.known])).toEqual([
      [19, '5', false],
      [20, '10', false],
      [21, '20', false],
      [22, '50', false],
      [23, '100', false],
      [24, '200', false],
    ]);
    expect(audit.blocks.find((b) => b.segment === 'MA5')).toMatchObject({ fields: ['TEMP', 'BOILER', '96', 'C'], known: false });
    expect(audit.blocks.at(-1)).toEqual({ line: 88, segment: 'DXE', fields: ['1', '1'], known: true });
  });
});

describe('parseEvaDts: other machines', () => {
  it('a snack spiral machine: a selection per spiral inside LS/LE, coins only, a winter date, an event per selection', () => {
    const audit = parseEvaDts(readEvaDtsFixture('snack'));
    expect(audit.auditedAt?.toISOString()).toBe('2026-12-03T17:05:00.000Z');
    expect(audit.products).toHaveLength(28);
    expect(audit.products[0]).toEqual({
      selection: '10',
      priceCents: 150,
      paidVends: 37,
      paidCents: 5550,
      testVends: null,
      freeVends: null,
    });
    expect(audit.products.find((p) => p.selection === '32')).toEqual({
      selection: '32',
      priceCents: 220,
      paidVends: 9,
      paidCents: 1980,
      testVends: 1,
      freeVends: null,
    });
    expect(audit.products.map((p) => p.selection).slice(-4)).toEqual(['50', '51', '52', '53']);
    expect(audit.counters).toMatchObject({
      paidSalesCents: 138450,
      paidVends: 736,
      cashSalesCents: 138450,
      cashInCents: 180060,
      cashToBoxCents: 81410,
      cashToTubesCents: 98650,
      dispensedCents: 41230,
      manuallyDispensedCents: 8800,
      overpayCents: 380,
      cashlessSalesCents: null,
      cashlessVends: null,
      testVendsCents: 370,
    });
    expect(audit.events.map((e) => [e.code, e.meaning, e.at, e.count])).toEqual([
      ['ELA', 'Vend failed', null, 7],
      ['EA', 'Coin mechanism fault', '2026-11-28T13:12:00.000Z', 3],
      ['EGS', 'Door open', '2026-12-03T16:42:00.000Z', 166],
    ]);
    expect(audit.blocks.filter((b) => b.segment === 'LS' || b.segment === 'LE').map((b) => [b.line, b.known])).toEqual([
      [27, false],
      [87, false],
    ]);
  });

  it('a can machine: notes in from the bill validator, the currency by its number, YYMMDD and HHMMSS, active cooling faults', () => {
    const audit = parseEvaDts(readEvaDtsFixture('cans'));
    expect(audit.currency).toBe('EUR');
    expect(audit.auditedAt?.toISOString()).toBe('2026-11-15T06:15:30.000Z');
    expect(audit.counters).toMatchObject({
      paidSalesCents: 423140,
      paidVends: 2663,
      cashSalesCents: 362050,
      cashVends: 2308,
      cashlessSalesCents: 61090,
      cashlessVends: 355,
      cashInCents: 455500,
      notesInCents: 182000,
      dispensedCents: 93450,
      discountsCents: null,
      tokenSalesCents: null,
    });
    expect(audit.products.map((p) => [p.selection, p.priceCents, p.paidVends])).toEqual([
      ['1', 150, 472],
      ['2', 150, 439],
      ['3', 150, 335],
      ['4', 180, 312],
      ['5', 180, 238],
      ['6', 200, 207],
      ['7', 120, 532],
      ['8', 250, 128],
    ]);
    expect(audit.events.filter((e) => e.active).map((e) => [e.code, e.meaning, e.at])).toEqual([
      ['EJJ', 'Cooling: set temperature not reached', '2026-11-14T21:50:00.000Z'],
      ['EJH', 'Cooling: health temperature limit exceeded', '2026-11-15T02:10:00.000Z'],
    ]);
    expect(audit.blocks.find((b) => b.segment === 'BA1')).toMatchObject({ line: 11, known: false });
  });

  it('a multi-price machine: tenths (ID401 1) to cents, PA7 summed where PA2 is missing, the night summer time begins', () => {
    const audit = parseEvaDts(readEvaDtsFixture('multiPrice'));
    // 29 March 2026, 03:05 in Zagreb: a few minutes into summer time (UTC+2).
    expect(audit.auditedAt?.toISOString()).toBe('2026-03-29T01:05:00.000Z');
    expect(audit.products).toEqual([
      { selection: 'A1', priceCents: 120, paidVends: 266, paidCents: 30360, testVends: null, freeVends: null },
      { selection: 'A2', priceCents: 150, paidVends: 154, paidCents: 22320, testVends: null, freeVends: null },
      { selection: 'A3', priceCents: 180, paidVends: 110, paidCents: 19220, testVends: null, freeVends: null },
      { selection: 'B1', priceCents: 100, paidVends: 301, paidCents: 29120, testVends: null, freeVends: null },
      { selection: 'B2', priceCents: 200, paidVends: 68, paidCents: 13220, testVends: null, freeVends: null },
    ]);
    expect(audit.counters).toMatchObject({
      paidSalesCents: 114240,
      paidVends: 899,
      cashSalesCents: 68280,
      cashlessSalesCents: 45960,
      discountsCents: 380,
      overpayCents: 70,
    });
  });

  it('a token ride: whole units (ID401 0) to cents, token sales from TA2', () => {
    const audit = parseEvaDts(readEvaDtsFixture('tokens'));
    expect(audit.counters).toMatchObject({
      paidSalesCents: 783400,
      paidVends: 3917,
      cashSalesCents: 384200,
      cashVends: 1921,
      tokenSalesCents: 399200,
      tokenVends: 1996,
      freeVendsCents: 9600,
      freeVends: 48,
      testVendsCents: null,
    });
    expect(audit.products).toEqual([
      { selection: '1', priceCents: 200, paidVends: 3917, paidCents: 783400, testVends: null, freeVends: 48 },
    ]);
    expect(audit.blocks.find((b) => b.segment === 'TA1')).toMatchObject({ known: false, fields: ['TKN-STD', '1', '2'] });
  });

  it("a handheld's LF file: banner skipped, trailing blanks, missing fields null, a malformed number null, maker blocks kept", () => {
    const audit = parseEvaDts(readEvaDtsFixture('handheldLf'));
    expect(audit).toMatchObject({
      machineSerial: 'VX-3318-2207',
      machineModel: null,
      boardSerial: 'VXB22071',
      auditedAt: null,
      currency: null,
    });
    expect(audit.counters).toMatchObject({
      paidSalesCents: 48250,
      paidVends: 193,
      testVendsCents: null,
      testVends: 3,
      cashInCents: null,
      cashlessSalesCents: 18000,
    });
    expect(audit.products.map((p) => [p.selection, p.priceCents, p.paidVends])).toEqual([
      ['10', 250, 77],
      ['11', 250, 64],
      ['12', null, 52],
    ]);
    expect(audit.events).toEqual([{ code: 'EGS', meaning: 'Door open', at: '2026-10-30T23:00:00.000Z', count: 9, active: null }]);
    expect(audit.blocks[0]).toMatchObject({ line: 4, segment: 'DXS' });
    expect(audit.blocks.filter((b) => !b.known).map((b) => [b.line, b.segment, b.fields])).toEqual([
      [13, 'ZZ1', ['VXTEL', 'FW 5.2.0', 'RSSI 17']],
      [20, 'MC5', ['0', 'CONFIG', 'PL=1', 'AUTO=0']],
    ]);
  });

  it('segments without an envelope: read, nothing to check', () => {
    const audit = parseEvaDts(readEvaDtsFixture('noEnvelope'));
    expect(audit.machineSerial).toBe('QX-5510-0042');
    expect(audit.counters.paidSalesCents).toBe(25600);
    expect(audit.products.map((p) => p.paidVends)).toEqual([70, 58]);
    expect(audit.blocks.map((b) => b.segment)).toEqual(['ID1', 'ID4', 'ID5', 'VA1', 'CA2', 'PA1', 'PA2', 'PA1', 'PA2']);
  });
});

describe('parseEvaDts: line ends and blanks do not matter', () => {
  const crlf = readEvaDtsFixture('coffee');
  const expected = parseEvaDts(crlf);

  it('reads the same with LF, with CR alone, with trailing blanks, and with a byte-order mark', () => {
    const variants = [
      crlf.replaceAll('\r\n', '\n'),
      crlf.replaceAll('\r\n', '\r'),
      crlf.replaceAll('\r\n', '  \r\n'),
      crlf.replaceAll('\r\n', ' \t\n'),
      `\uFEFF${crlf}`,
    ];
    for (const text of variants) expect(parseEvaDts(text)).toEqual(expected);
  });
});

describe('parseEvaDts: refusals', () => {
  it('refuses a changed byte with checksum_mismatch on the G85 line', () => {
    const changed = withLine('coffee', 7, (line) => line.replace('VA1*299560', 'VA1*299561'));
    const error = refusal(changed);
    expect([error.code, error.line]).toEqual(['checksum_mismatch', 86]);
    expect(error.message).toContain('line 86');
    const price = withLine('snack', 49, (line) => line.replace('PA1*24*180', 'PA1*24*130'));
    expect([refusal(price).code, refusal(price).line]).toEqual(['checksum_mismatch', 95]);
  });

  it('refuses a missing line with checksum_mismatch, and a G85 that is no number', () => {
    const text = readEvaDtsFixture('tokens').replace('PA4*48*96\r\n', '');
    expect([refusal(text).code, refusal(text).line]).toEqual(['checksum_mismatch', 19]);
    const garbled = withLine('tokens', 20, () => 'G85*XYZ1');
    expect([refusal(garbled).code, refusal(garbled).line]).toEqual(['checksum_mismatch', 20]);
  });

  it('refuses a wrong SE count with segment_count_mismatch on the SE line', () => {
    for (const count of ['85', '87', '', 'x']) {
      const error = refusal(withLine('coffee', 87, () => `SE*${count}*0001`));
      expect([error.code, error.line]).toEqual(['segment_count_mismatch', 87]);
    }
  });

  it('takes an SE count that leaves out the LS/LE loop markers, as some machines write it', () => {
    expect(parseEvaDts(withLine('snack', 96, () => 'SE*93*0001')).products).toHaveLength(28);
    expect(refusal(withLine('snack', 96, () => 'SE*94*0001')).code).toBe('segment_count_mismatch');
  });

  it('refuses a file cut after ST without its SE', () => {
    const cut = readEvaDtsFixture('coffee').split('\r\n').slice(0, 40).join('\r\n');
    expect([refusal(cut).code, refusal(cut).line]).toEqual(['segment_count_mismatch', 40]);
  });

  it('refuses text that is no audit with not_an_audit on line 1', () => {
    for (const text of ['', 'hello world', 'device;amount\n11;1.20\n', 'DXS*X*VA*V0/6*1\r\nST*001*0001\r\nSE*2*0001\r\nDXE*1*1']) {
      const error = refusal(text);
      expect([error.code, error.line]).toEqual(['not_an_audit', 1]);
    }
  });

  it('refuses a line inside the envelope that is no segment, naming it', () => {
    const text = 'DXS*X*VA*V0/6*1\nST*001*0001\nID1*S1\nVA1*100*1\nthis is no segment\nSE*5*0001\nDXE*1*1\n';
    expect([refusal(text).code, refusal(text).line]).toEqual(['malformed_segment', 5]);
  });
});

describe('units and times', () => {
  it('turns minor units into cents by ID401, rounding half away from zero past two places', () => {
    expect(toCents(1234, 0)).toBe(123400);
    expect(toCents(1234, 1)).toBe(12340);
    expect(toCents(1234, 2)).toBe(1234);
    expect(toCents(12340, 3)).toBe(1234);
    expect(toCents(12345, 3)).toBe(1235);
    expect(toCents(12344, 3)).toBe(1234);
    expect(toCents(5, 4)).toBe(0);
    expect(toCents(50, 4)).toBe(1);
    expect(toCents(null, 2)).toBeNull();
  });

  it('reads a file with three decimals, and defaults to two without ID4', () => {
    const three = parseEvaDts('ID1*T3\nID4*3*978*EUR\nVA1*1234565*10\nPA1*1*1500\nPA2*10*15005\n');
    expect([three.counters.paidSalesCents, three.products[0]?.priceCents, three.products[0]?.paidCents]).toEqual([123457, 150, 1501]);
    expect(parseEvaDts('ID1*T2\nVA1*1234*10\n').counters.paidSalesCents).toBe(1234);
  });

  it('reads machine times as Zagreb time, summer and winter, and refuses what is no date', () => {
    expect(zagrebTimeOf('20260714', '0935')?.toISOString()).toBe('2026-07-14T07:35:00.000Z');
    expect(zagrebTimeOf('261203', '180500')?.toISOString()).toBe('2026-12-03T17:05:00.000Z');
    expect(zagrebTimeOf('261025', '0230')?.toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(zagrebTimeOf('261025', '0330')?.toISOString()).toBe('2026-10-25T02:30:00.000Z');
    expect(zagrebTimeOf('261101', null)?.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    for (const [date, time] of [
      ['000000', '0000'],
      ['260231', '1200'],
      ['2607', '1200'],
      ['260714', '2460'],
      ['26O714', '1200'],
      [null, '1200'],
    ] as const) {
      expect(zagrebTimeOf(date, time)).toBeNull();
    }
  });

  it('names the well-known event codes, a unit-numbered one by its base, and no other', () => {
    expect(evaDtsEventMeaning('EGS')).toBe('Door open');
    expect(evaDtsEventMeaning('ejj_a')).toBe('Cooling: set temperature not reached');
    expect(evaDtsEventMeaning('EBB')).toBeNull();
    expect(evaDtsEventMeaning('constructor')).toBeNull();
  });
});

describe('the worked example of docs/rules.md "Machine audits: reading the file"', () => {
  const rules = readFileSync(new URL('../../../../../docs/rules.md', import.meta.url), 'utf8');
  const section = rules.slice(rules.indexOf('## Machine audits: reading the file'));
  const example = /```\n(DXS[^`]*)```/.exec(section)?.[1] ?? '';

  it('reads as the section says', () => {
    const audit = parseEvaDts(example);
    expect(audit).toMatchObject({ machineSerial: 'AR12-0417', machineModel: 'AROMA C12', boardSerial: null, currency: 'EUR' });
    expect(audit.auditedAt?.toISOString()).toBe('2026-07-14T07:35:00.000Z');
    expect(audit.counters).toMatchObject({
      paidSalesCents: 12450,
      paidVends: 92,
      cashSalesCents: 8450,
      cashVends: 62,
      cashlessSalesCents: 4000,
      cashlessVends: 30,
      cashInCents: 10250,
      cashToBoxCents: 6150,
      cashToTubesCents: 4100,
      notesInCents: 0,
    });
    expect(audit.products.map((p) => [p.selection, p.priceCents, p.paidVends, p.paidCents])).toEqual([
      ['11', 120, 45, 5400],
      ['12', 150, 47, 7050],
    ]);
    expect(audit.events).toEqual([{ code: 'EGS', meaning: 'Door open', at: '2026-07-14T07:21:00.000Z', count: 212, active: false }]);
    expect(audit.blocks).toHaveLength(19);
    expect(audit.blocks.filter((b) => !b.known).map((b) => [b.line, b.segment])).toEqual([[16, 'ZZ1']]);
  });

  it('is refused as the section says when changed', () => {
    const checksum = refusal(example.replace('VA1*12450', 'VA1*12451'));
    expect([checksum.code, checksum.line]).toEqual(['checksum_mismatch', 17]);
    const count = refusal(example.replace('SE*17', 'SE*16'));
    expect([count.code, count.line]).toEqual(['segment_count_mismatch', 18]);
  });
});
