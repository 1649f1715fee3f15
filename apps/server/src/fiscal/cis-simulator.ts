import { createPrivateKey, type KeyObject, randomUUID, X509Certificate } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isValidOib } from '@kovanica/contract';
import { DOMParser } from '@xmldom/xmldom';
import { oibOfSubject } from './certificates.ts';
import { cisTime } from './cis-format.ts';
import { checkSignature, type Signer, signMessage } from './cis-signature.ts';
import { CIS_NS, soapEnvelope } from './cis-xml.ts';
import { makeCertificate } from './fiscal-certificates.ts';
import { zkiOf } from './zki.ts';

/**
 * How the simulated CIS behaves (docs/rules.md "Talking to CIS", the simulated CIS): `up` answers as CIS does;
 * the others are the failures a client must live through.
 */
export interface CisSwitches {
  /** `refuse`: connections are closed at once; `slow`: answers after `slowMs`; `fault`: SOAP faults; `s006`: CIS's system error. */
  mode: 'up' | 'refuse' | 'slow' | 'fault' | 's006';
  slowMs: number;
  /** Answer every bill with this error code (e.g. `s004`), whatever it holds; null: check it. */
  forcedError: string | null;
  /** A bill sent again (same number, premises, device): a new JIR each time, or the first one again. */
  duplicates: 'new-jir' | 'same-jir';
}

/** A bill request the simulator received, for the tests' and the admin's eyes. */
export interface ReceivedBill {
  at: Date;
  messageId: string | null;
  oib: string | null;
  /** `N/PREMISES/ISU`. */
  number: string;
  zki: string | null;
  late: boolean;
  answer: { jir: string } | { error: string };
}

/** How many of the latest bill requests `received` keeps. */
const RECEIVED_KEPT = 10_000;

const ERRORS: Record<string, string> = {
  s001: 'Poruka nije u skladu s XML shemom.',
  s002: 'Certifikat nije izdan od strane FINA RDC CA ili je istekao ili je ukinut.',
  s003: 'Certifikat ne sadrzi naziv "Fiskal".',
  s004: 'Neispravan digitalni potpis.',
  s005: 'OIB iz poruke zahtjeva nije jednak OIB-u iz certifikata.',
  s006: 'Sistemska pogreska prilikom obrade zahtjeva.',
  s013: 'Racun sadrzi restriktivne pogreske.',
};

export interface CisSimulator {
  /** `http://host:port/FiskalizacijaService`. */
  url: string;
  /** The certificate the simulator signs its answers with (the client's trusted CIS certificate). */
  certificatePem: string;
  switches: CisSwitches;
  /** The latest bill requests received (at most 10,000), oldest first. */
  received: ReceivedBill[];
  /** Gives the simulator a company's private key, so it can recompute that company's ZKIs exactly. */
  registerKey(oib: string, privateKeyPem: string): void;
  close(): Promise<void>;
}

/**
 * The simulated CIS as the server knows it: where it listens and whose signature its answers carry;
 * its switches and what it received when it runs in this process (the admins' switches screen).
 */
export type SimulatedCis = Pick<CisSimulator, 'url' | 'certificatePem'> & Partial<Pick<CisSimulator, 'switches' | 'received'>>;

const text = (parent: Element | Document, name: string) => parent.getElementsByTagNameNS(CIS_NS, name).item(0)?.textContent?.trim() ?? null;

function answerXml(signer: Signer, messageId: string | null, body: string): string {
  const id = `odgovor-${randomUUID()}`;
  const answer =
    `<tns:RacunOdgovor xmlns:tns="${CIS_NS}" Id="${id}">` +
    `<tns:Zaglavlje><tns:IdPoruke>${messageId ?? ''}</tns:IdPoruke><tns:DatumVrijeme>${cisTime(new Date())}</tns:DatumVrijeme></tns:Zaglavlje>` +
    `${body}</tns:RacunOdgovor>`;
  return signMessage(soapEnvelope(answer), signer, 'rsa-sha1', 'inclusive', 'RacunOdgovor');
}

const errorBody = (code: string) =>
  `<tns:Greske><tns:Greska><tns:SifraGreske>${code}</tns:SifraGreske><tns:PorukaGreske>${ERRORS[code] ?? 'Pogreska.'}</tns:PorukaGreske></tns:Greska></tns:Greske>`;

const fault = (message: string) =>
  soapEnvelope(`<soapenv:Fault><faultcode>soapenv:Server</faultcode><faultstring>${message}</faultstring></soapenv:Fault>`);

/**
 * Checks a bill request as CIS would and returns the error code, or null when it is to get a JIR:
 * structure, signature, certificate OIB, the operator's OIB, the sequence mark and the payment, and the
 * ZKI when the key is known.
 */
async function checkBill(xml: string, keyOf: (oib: string) => Promise<KeyObject | null>): Promise<string | null> {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const request = doc.getElementsByTagNameNS(CIS_NS, 'RacunZahtjev').item(0);
  const bill = request?.getElementsByTagNameNS(CIS_NS, 'Racun').item(0);
  if (!request || !bill) return 's001';
  const required = [
    'Oib',
    'USustPdv',
    'DatVrijeme',
    'OznSlijed',
    'BrOznRac',
    'OznPosPr',
    'OznNapUr',
    'IznosUkupno',
    'NacinPlac',
    'OibOper',
    'ZastKod',
    'NakDost',
  ];
  if (required.some((name) => text(bill, name) === null) || !text(request, 'IdPoruke')) return 's001';
  if (
    !/^-?\d{1,15}\.\d{2}$/.test(text(bill, 'IznosUkupno') ?? '') ||
    !/^\d{2}\.\d{2}\.\d{4}T\d{2}:\d{2}:\d{2}$/.test(text(bill, 'DatVrijeme') ?? '')
  )
    return 's001';
  const signature = checkSignature(xml, { ns: CIS_NS, name: 'RacunZahtjev' });
  if (!signature.valid) return 's004';
  const certificate = new X509Certificate(signature.certificatePem);
  if (!/fiskal/i.test(certificate.subject)) return 's003';
  const oib = text(bill, 'Oib') ?? '';
  if (oibOfSubject(certificate.subject) !== oib) return 's005';
  // The operator's OIB is the person's who issued the bill, or the company's for a self-service device:
  // a valid OIB either way. The numbers run per premises (P) or per device (N, Kovanica's: decision 0041).
  const operator = text(bill, 'OibOper') ?? '';
  if (
    !isValidOib(oib) ||
    !isValidOib(operator) ||
    !['P', 'N'].includes(text(bill, 'OznSlijed') ?? '') ||
    !['G', 'K', 'O'].includes(text(bill, 'NacinPlac') ?? '')
  )
    return 's013';
  const key = await keyOf(oib);
  if (key) {
    // The ZKI's text from the fields as sent: the issue time with a space for the `T`, the amount as written.
    const issued = (text(bill, 'DatVrijeme') ?? '').replace('T', ' ');
    const zkiText = `${oib}${issued}${text(bill, 'BrOznRac')}${text(bill, 'OznPosPr')}${text(bill, 'OznNapUr')}${text(bill, 'IznosUkupno')}`;
    if (zkiOf(zkiText, key) !== text(bill, 'ZastKod')) return 's013';
  }
  return null;
}

/** Starts the simulated CIS on `port` (0: any free one) of 127.0.0.1. */
export async function startCisSimulator(
  options: {
    port?: number;
    host?: string;
    /** The company's key for an OIB not registered with `registerKey` (the server's own companies). */
    keyFor?: (oib: string) => Promise<KeyObject | null>;
  } = {},
): Promise<CisSimulator> {
  const own = makeCertificate({
    subject: [
      { shortName: 'C', value: 'HR' },
      { shortName: 'O', value: 'Kovanica simulated CIS' },
      { shortName: 'CN', value: 'fiskalcis-simulated' },
    ],
  });
  const signer: Signer = { privateKey: own.privateKeyPem, certificatePem: own.certificatePem };
  const switches: CisSwitches = { mode: 'up', slowMs: 2500, forcedError: null, duplicates: 'new-jir' };
  const received: ReceivedBill[] = [];
  // The server runs it for as long as it runs: the log keeps the latest sends only.
  const log = (entry: ReceivedBill) => {
    received.push(entry);
    if (received.length > RECEIVED_KEPT) received.splice(0, received.length - RECEIVED_KEPT);
  };
  const keys = new Map<string, KeyObject>();
  const keyOf = async (oib: string) => keys.get(oib) ?? (await options.keyFor?.(oib)) ?? null;
  const jirs = new Map<string, string>();
  const sockets = new Set<Socket>();

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    // A connection kept alive from before the switch is cut too.
    if (switches.mode === 'refuse') {
      request.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const xml = Buffer.concat(chunks).toString('utf8');
    if (switches.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, switches.slowMs));
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
      response.end(body);
    };
    if (switches.mode === 'fault') return send(500, fault('Simulated fault'));
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const echo = doc.getElementsByTagNameNS(CIS_NS, 'EchoRequest').item(0);
    if (echo) return send(200, soapEnvelope(`<tns:EchoResponse xmlns:tns="${CIS_NS}">${echo.textContent ?? ''}</tns:EchoResponse>`));
    const messageId = text(doc, 'IdPoruke');
    const number = `${text(doc, 'BrOznRac')}/${text(doc, 'OznPosPr')}/${text(doc, 'OznNapUr')}`;
    const code = switches.mode === 's006' ? 's006' : (switches.forcedError ?? (await checkBill(xml, keyOf)));
    const entry = {
      at: new Date(),
      messageId,
      oib: text(doc, 'Oib'),
      number,
      zki: text(doc, 'ZastKod'),
      late: text(doc, 'NakDost') === 'true',
    };
    if (code) {
      log({ ...entry, answer: { error: code } });
      return send(200, answerXml(signer, messageId, errorBody(code)));
    }
    const key = `${entry.oib}:${number}`;
    const jir = (switches.duplicates === 'same-jir' ? jirs.get(key) : undefined) ?? randomUUID();
    jirs.set(key, jir);
    log({ ...entry, answer: { jir } });
    return send(200, answerXml(signer, messageId, `<tns:Jir>${jir}</tns:Jir>`));
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/xml; charset=utf-8' });
      response.end(fault(error instanceof Error ? error.message : 'error'));
    });
  });
  server.on('connection', (socket) => {
    if (switches.mode === 'refuse') {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/FiskalizacijaService`,
    certificatePem: own.certificatePem,
    switches,
    received,
    registerKey: (oib, privateKeyPem) => keys.set(oib, createPrivateKey(privateKeyPem)),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
