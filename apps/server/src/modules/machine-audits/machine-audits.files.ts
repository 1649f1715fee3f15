import { evaDtsChecksum } from './eva-dts.ts';

/** What an audit file written for the demo or a test says: the machine, its clock and its counters since initialisation. */
export interface AuditFileFigures {
  machineSerial: string;
  boardSerial?: string | null;
  model?: string;
  /** When the machine wrote it: ID5, in Zagreb time, to the second. */
  at: Date;
  paidSalesCents: number;
  paidVends: number;
  /** CA305–CA307: cash in, to the box, to the change tubes (to the tubes: the rest of the cash in). */
  cashInCents: number;
  cashToBoxCents: number;
  products?: readonly { selection: string; priceCents: number; paidVends: number }[];
  /** The machine's events (`EA2` segments as written, e.g. `EA2*EGS*2*9**1`: the door open now). */
  events?: readonly string[];
}

const zagrebParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Zagreb',
  year: '2-digit',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the machine's clock writes it in ID5: `YYMMDD` and `HHMMSS`, Zagreb time. */
function machineClock(at: Date): [string, string] {
  const part = (type: string) => zagrebParts.formatToParts(at).find((p) => p.type === type)?.value ?? '00';
  return [`${part('year')}${part('month')}${part('day')}`, `${part('hour')}${part('minute')}${part('second')}`];
}

/**
 * An EVA-DTS audit file (CR LF) with the figures given, its segment count (SE) and checksum (G85)
 * right: the demo's audits and the tests' (docs/rules.md "Machine audits").
 */
export function writeAuditFile(f: AuditFileFigures): string {
  const [day, time] = machineClock(f.at);
  const products = f.products ?? [];
  const body = [
    'ST*001*0001',
    `ID1*${f.machineSerial}*${f.model ?? 'KV-SNACK 6'}*0001****`,
    'ID4*2*978',
    `ID5*${day}*${time}`,
    ...(f.boardSerial ? [`CB1*${f.boardSerial}*KV-CTRL*1.02`] : []),
    `VA1*${f.paidSalesCents}*${f.paidVends}*${f.paidSalesCents}*${f.paidVends}`,
    'VA2*0*0*0*0',
    `CA3*0*0*0*0*${f.cashInCents}*${f.cashToBoxCents}*${f.cashInCents - f.cashToBoxCents}*0`,
    ...products.flatMap((p) => [
      `PA1*${p.selection}*${p.priceCents}`,
      `PA2*${p.paidVends}*${p.paidVends * p.priceCents}*${p.paidVends}*${p.paidVends * p.priceCents}`,
    ]),
    ...(f.events ?? []),
    'G85*0000',
  ];
  const count = body.length + 1;
  const draft = ['DXS*KOVANICA01*VA*V0/6*1', ...body, `SE*${count}*0001`, 'DXE*1*1'];
  const checksum = evaDtsChecksum(draft.join('\r\n'));
  return `${draft.map((line) => (line === 'G85*0000' ? `G85*${checksum}` : line)).join('\r\n')}\r\n`;
}
