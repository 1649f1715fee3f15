import { randomUUID } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { cisAmount, cisTime } from './cis-format.ts';

/** The namespace of every CIS message (docs/rules.md "Talking to CIS", transport). */
export const CIS_NS = 'http://www.apis-it.hr/fin/2012/types/f73';
const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOAP_ACTION = {
  bill: 'http://e-porezna.porezna-uprava.hr/fiskalizacija/2012/services/FiskalizacijaService/racuni',
  echo: 'http://e-porezna.porezna-uprava.hr/fiskalizacija/2012/services/FiskalizacijaService/echo',
} as const;

/**
 * `OznSlijed`: how bill numbers are counted. `N`, per charging device (ISU) in its premises, as
 * `bill_counters` counts them (decision 0041); `P` would say one sequence for the whole premises.
 */
export const BILL_SEQUENCE_MARK = 'N';

/** How a bill was paid, as CIS names it: `G` cash (coins, notes), `K` card, `O` other. */
export type CisPayment = 'G' | 'K' | 'O';

/** A bill as the request carries it (docs/rules.md "Talking to CIS", the bill request). */
export interface CisBill {
  oib: string;
  inVatSystem: boolean;
  issuedAt: Date;
  number: number;
  premises: string;
  isu: string;
  /** VAT when the company is in the VAT system: one rate, its base and amount. */
  vat: { ratePercent: number; baseCents: number; amountCents: number } | null;
  totalCents: number;
  payment: CisPayment;
  /** `OibOper`: who issued it: the person (a bill by hand, a point of sale's), the company for a self-service device. */
  operatorOib: string;
  zki: string;
  /** `NakDost`: a late delivery (a bill not fiscalized when it was issued: any resend, or a first send well after issue). */
  late: boolean;
}

/** Text as XML content or attribute value. */
export const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

/** A VAT rate as CIS writes it: `25.00`. */
const cisRate = (percent: number) => percent.toFixed(2);

/**
 * The unsigned `RacunZahtjev` (children in the schema's order), its root carrying the `Id` the
 * signature's reference points to. `messageId` is new for every send, retries included.
 */
export function billRequest(bill: CisBill, messageId: string = randomUUID(), sentAt: Date = new Date()): string {
  const vat = bill.vat
    ? `<tns:Pdv><tns:Porez><tns:Stopa>${cisRate(bill.vat.ratePercent)}</tns:Stopa><tns:Osnovica>${cisAmount(bill.vat.baseCents)}</tns:Osnovica><tns:Iznos>${cisAmount(bill.vat.amountCents)}</tns:Iznos></tns:Porez></tns:Pdv>`
    : '';
  return (
    `<tns:RacunZahtjev xmlns:tns="${CIS_NS}" Id="racun-${escapeXml(messageId)}">` +
    `<tns:Zaglavlje><tns:IdPoruke>${escapeXml(messageId)}</tns:IdPoruke><tns:DatumVrijeme>${cisTime(sentAt)}</tns:DatumVrijeme></tns:Zaglavlje>` +
    '<tns:Racun>' +
    `<tns:Oib>${escapeXml(bill.oib)}</tns:Oib>` +
    `<tns:USustPdv>${bill.inVatSystem}</tns:USustPdv>` +
    `<tns:DatVrijeme>${cisTime(bill.issuedAt)}</tns:DatVrijeme>` +
    // Numbers run per premises and device (ISU): CIS's mark N (decision 0041).
    `<tns:OznSlijed>${BILL_SEQUENCE_MARK}</tns:OznSlijed>` +
    `<tns:BrRac><tns:BrOznRac>${bill.number}</tns:BrOznRac><tns:OznPosPr>${escapeXml(bill.premises)}</tns:OznPosPr><tns:OznNapUr>${escapeXml(bill.isu)}</tns:OznNapUr></tns:BrRac>` +
    vat +
    `<tns:IznosUkupno>${cisAmount(bill.totalCents)}</tns:IznosUkupno>` +
    `<tns:NacinPlac>${bill.payment}</tns:NacinPlac>` +
    `<tns:OibOper>${escapeXml(bill.operatorOib)}</tns:OibOper>` +
    `<tns:ZastKod>${escapeXml(bill.zki)}</tns:ZastKod>` +
    `<tns:NakDost>${bill.late}</tns:NakDost>` +
    '</tns:Racun>' +
    '</tns:RacunZahtjev>'
  );
}

/** The unsigned `EchoRequest`: proves the service answers (the "check connection" button). */
export const echoRequest = (text: string) => `<tns:EchoRequest xmlns:tns="${CIS_NS}">${escapeXml(text)}</tns:EchoRequest>`;

/** A SOAP 1.1 envelope around a (signed) message. */
export const soapEnvelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_NS}"><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;

/** What CIS answered to a bill: a JIR, or its errors (`s001` …), or a SOAP fault. */
export type CisAnswer =
  | { kind: 'jir'; messageId: string | null; jir: string }
  | { kind: 'errors'; messageId: string | null; errors: { code: string; message: string }[] }
  | { kind: 'fault'; code: string; message: string };

const parse = (xml: string) => {
  const errors: string[] = [];
  const doc = new DOMParser({
    errorHandler: {
      warning: () => {},
      error: (message: string) => errors.push(message),
      fatalError: (message: string) => errors.push(message),
    },
  }).parseFromString(xml, 'text/xml');
  if (errors.length > 0 || !doc.documentElement) throw new Error(`not XML: ${errors[0] ?? 'empty'}`);
  return doc;
};

const first = (
  node: { getElementsByTagNameNS(ns: string, name: string): { item(i: number): { textContent: string | null } | null } },
  ns: string,
  name: string,
) => node.getElementsByTagNameNS(ns, name).item(0)?.textContent?.trim() ?? null;

/** Reads CIS's answer to a bill (the signature is checked apart, `verifyAnswer`). Throws on what is no answer at all. */
export function readBillAnswer(xml: string): CisAnswer {
  const doc = parse(xml);
  const fault = doc.getElementsByTagNameNS(SOAP_NS, 'Fault').item(0);
  if (fault) {
    return { kind: 'fault', code: first(fault, '', 'faultcode') ?? 'soap:Fault', message: first(fault, '', 'faultstring') ?? '' };
  }
  const answer = doc.getElementsByTagNameNS(CIS_NS, 'RacunOdgovor').item(0);
  if (!answer) throw new Error('the answer holds no RacunOdgovor');
  const messageId = first(answer, CIS_NS, 'IdPoruke');
  const jir = first(answer, CIS_NS, 'Jir');
  if (jir) return { kind: 'jir', messageId, jir };
  const errors = [...Array.from({ length: answer.getElementsByTagNameNS(CIS_NS, 'Greska').length }).keys()].map((i) => {
    const error = answer.getElementsByTagNameNS(CIS_NS, 'Greska').item(i);
    return { code: (error && first(error, CIS_NS, 'SifraGreske')) ?? '?', message: (error && first(error, CIS_NS, 'PorukaGreske')) ?? '' };
  });
  if (errors.length === 0) throw new Error('the answer holds neither a JIR nor errors');
  return { kind: 'errors', messageId, errors };
}
