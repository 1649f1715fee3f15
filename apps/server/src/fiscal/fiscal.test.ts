import { execFileSync, spawnSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { CertificateError, openPrivateKey, readP12, sealPrivateKey } from './certificates.ts';
import { sendSoap } from './cis-client.ts';
import { cisAmount, cisTime, qrTime } from './cis-format.ts';
import { checkSignature, signMessage } from './cis-signature.ts';
import { type CisSimulator, startCisSimulator } from './cis-simulator.ts';
import { billRequest, CIS_NS, type CisBill, echoRequest, readBillAnswer, SOAP_ACTION, soapEnvelope } from './cis-xml.ts';
import { makeCertificate, makeDemoCa, makeFiscalCertificate } from './fiscal-certificates.ts';
import { computeZki, zkiOf, zkisOf, zkiText } from './zki.ts';

const OIB = '69435151530';
const ca = makeDemoCa();
const company = makeFiscalCertificate(ca, { oib: OIB, name: 'Zabavni automati d.o.o.' });
const signerOf = (made: { privateKeyPem: string; certificatePem: string }) => ({
  privateKey: made.privateKeyPem,
  certificatePem: made.certificatePem,
});
const work = mkdtempSync(path.join(tmpdir(), 'kovanica-fiscal-'));

const bill = (over: Partial<CisBill> = {}): CisBill => ({
  oib: OIB,
  inVatSystem: true,
  issuedAt: new Date('2026-11-21T09:59:58Z'),
  number: 123,
  premises: 'PP01',
  isu: '7',
  vat: { ratePercent: 25, baseCents: 160, amountCents: 40 },
  totalCents: 200,
  payment: 'G',
  operatorOib: OIB,
  zki: 'e4d909c290d0fb1ca068ffaddf22cbd0',
  late: false,
  ...over,
});

describe('CIS formats', () => {
  it('write amounts with a dot and two decimals', () => {
    expect([124550, 124500, 5, 0, -300, -1].map(cisAmount)).toEqual(['1245.50', '1245.00', '0.05', '0.00', '-3.00', '-0.01']);
  });

  it('write times in Zagreb, also across the autumn hour that repeats', () => {
    expect(cisTime(new Date('2026-11-21T09:59:58Z'))).toBe('21.11.2026T10:59:58');
    expect(cisTime(new Date('2026-07-01T22:00:00Z'), ' ')).toBe('02.07.2026 00:00:00');
    // 25 October 2026: 02:30 summer time and 02:30 winter time an hour later read alike, as on the bill.
    expect(cisTime(new Date('2026-10-25T00:30:00Z'), ' ')).toBe('25.10.2026 02:30:00');
    expect(cisTime(new Date('2026-10-25T01:30:00Z'), ' ')).toBe('25.10.2026 02:30:00');
    expect(qrTime(new Date('2026-11-21T09:59:58Z'))).toBe('20261121_1059');
  });
});

describe('ZKI', () => {
  const openssl = (text: string) => {
    const keyFile = path.join(work, 'key.pem');
    writeFileSync(keyFile, company.privateKeyPem);
    const signature = execFileSync('openssl', ['dgst', '-sha1', '-sign', keyFile], { input: text });
    return execFileSync('openssl', ['md5', '-r'], { input: signature }).toString().split(' ')[0];
  };

  it('is the MD5 of the RSA-SHA1 signature of the fields, as openssl computes it', () => {
    const cases = [
      { issuedAt: new Date('2026-11-21T09:59:58Z'), number: 1, totalCents: 124550 },
      { issuedAt: new Date('2026-10-25T00:30:00Z'), number: 4711, totalCents: 200 },
      { issuedAt: new Date('2026-10-25T01:30:00Z'), number: 4712, totalCents: -200 },
    ];
    for (const one of cases) {
      const input = { oib: OIB, premises: 'PP01', isu: '7', ...one };
      const key = createPrivateKey(company.privateKeyPem);
      expect(computeZki(input, key)).toBe(openssl(zkiText(input)));
      expect(computeZki(input, key)).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(
      zkiText({ oib: OIB, issuedAt: new Date('2026-10-25T01:30:00Z'), number: 4712, premises: 'PP01', isu: '7', totalCents: 124550 }),
    ).toBe(`${OIB}25.10.2026 02:30:004712PP0171245.50`);
  });

  it('of a large batch, signed half on the signing thread, are each the same and in order', async () => {
    const key = createPrivateKey(company.privateKeyPem);
    const texts = Array.from({ length: 301 }, (_, i) =>
      zkiText({
        oib: OIB,
        issuedAt: new Date(Date.UTC(2026, 10, 21, 9, 0, i)),
        number: i + 1,
        premises: 'PP01',
        isu: '7',
        totalCents: 100 + i,
      }),
    );
    const zkis = await zkisOf(texts, key);
    expect(zkis).toEqual(texts.map((t) => zkiOf(t, key)));
    expect(new Set(zkis).size).toBe(texts.length);
    // A small batch too (signed here), and one after the other on the same thread.
    expect(await zkisOf(texts.slice(0, 3), key)).toEqual(zkis.slice(0, 3));
    expect(await zkisOf(texts.slice(100), key)).toEqual(zkis.slice(100));
  });
});

describe('certificates', () => {
  it('are made with a sixteen-byte serial whose first byte is 0x01, as OpenSSL reads it: positive and in its shortest form', () => {
    // An odd number of hex digits once made a leading zero byte, and now and then a certificate OpenSSL refused.
    for (let i = 0; i < 24; i++) {
      const made = makeCertificate({ subject: [{ shortName: 'CN', value: `serial ${i}` }], bits: 1024 });
      expect(new X509Certificate(made.certificatePem).serialNumber).toMatch(/^01[0-9A-F]{30}$/);
    }
  });

  it('read a .p12, the legacy RC2 kind too, with the OIB of the subject', () => {
    const made = makeFiscalCertificate(ca, { oib: OIB, name: 'Zabavni' });
    // The legacy kind as older FINA files are: certificates under RC2-40, which OpenSSL 3 reads only with its legacy provider.
    const keyFile = path.join(work, 'legacy-key.pem');
    const certFile = path.join(work, 'legacy-cert.pem');
    const p12File = path.join(work, 'legacy.p12');
    writeFileSync(keyFile, made.privateKeyPem);
    writeFileSync(certFile, made.certificatePem);
    execFileSync('openssl', [
      'pkcs12',
      '-export',
      '-legacy',
      '-inkey',
      keyFile,
      '-in',
      certFile,
      '-out',
      p12File,
      '-passout',
      'pass:legacy-pw',
    ]);
    // OpenSSL 3 without its legacy provider (as Node is) cannot read it.
    expect(spawnSync('openssl', ['pkcs12', '-info', '-in', p12File, '-passin', 'pass:legacy-pw', '-noout']).status).not.toBe(0);
    for (const [file, password] of [
      [made.p12, made.password],
      [readFileSync(p12File), 'legacy-pw'],
    ] as const) {
      const read = readP12(file, password);
      expect(read.oib).toBe(OIB);
      expect(new X509Certificate(read.certificatePem).fingerprint256).toBe(new X509Certificate(made.certificatePem).fingerprint256);
      expect(createPrivateKey(read.privateKeyPem).asymmetricKeyType).toBe('rsa');
      expect(read.validTo.getTime()).toBeGreaterThan(Date.now());
    }
  });

  it('refuse a wrong password and what is no .p12', () => {
    expect(() => readP12(company.p12, 'wrong')).toThrow(CertificateError);
    expect(() => readP12(Buffer.from('not a certificate'), 'x')).toThrow(CertificateError);
  });

  it('seal private keys so that only the same secret opens them', () => {
    const sealed = sealPrivateKey(company.privateKeyPem, 's'.repeat(40));
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(openPrivateKey(sealed, 's'.repeat(40))).toBe(company.privateKeyPem);
    expect(() => openPrivateKey(sealed, 't'.repeat(40))).toThrow();
  });
});

describe('the signed bill request', () => {
  const signed = signMessage(billRequest(bill()), signerOf(company));

  it('validates against the CIS schema v1.7', async () => {
    const schema = (name: string) => ({ fileName: name, contents: readFileSync(path.join(import.meta.dirname, 'schema', name), 'utf8') });
    const result = await validateXML({
      xml: [{ fileName: 'request.xml', contents: signed }],
      schema: [schema('FiskalizacijaSchema-v1.7.xsd')],
      preload: [schema('xmldsig-core-schema.xsd')],
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('verifies with our checker and with xmlsec1, and not once changed', () => {
    expect(checkSignature(signed, { ns: CIS_NS, name: 'RacunZahtjev' })).toMatchObject({ valid: true });
    const tampered = signed.replace('<tns:IznosUkupno>2.00<', '<tns:IznosUkupno>1.00<');
    expect(tampered).not.toBe(signed);
    expect(checkSignature(tampered, { ns: CIS_NS, name: 'RacunZahtjev' })).toMatchObject({ valid: false });

    const xmlsec = spawnSync('xmlsec1', ['--version']);
    if (xmlsec.error) {
      // `.ci/run` installs Debian's xmlsec1; a bare machine with only Node runs the rest.
      expect(process.env.CI, 'xmlsec1 must be installed in CI').toBeFalsy();
      return;
    }
    const certFile = path.join(work, 'cert.pem');
    writeFileSync(certFile, company.certificatePem);
    for (const [name, xml, ok] of [
      ['signed.xml', signed, true],
      ['tampered.xml', tampered, false],
    ] as const) {
      const file = path.join(work, name);
      writeFileSync(file, xml);
      const run = spawnSync('xmlsec1', ['--verify', '--pubkey-cert-pem', certFile, '--id-attr:Id', `${CIS_NS}:RacunZahtjev`, file]);
      expect(run.status === 0, `${name}: ${run.stderr.toString()}`).toBe(ok);
    }
  });
});

describe('the simulated CIS', () => {
  let cis: CisSimulator;
  beforeAll(async () => {
    cis = await startCisSimulator();
    cis.registerKey(OIB, company.privateKeyPem);
  });
  afterAll(() => cis.close());

  const send = async (over: Partial<CisBill> = {}, signer = signerOf(company)) => {
    const input = { oib: OIB, issuedAt: new Date('2026-11-21T09:59:58Z'), number: 9, premises: 'PP01', isu: '7', totalCents: 200, ...over };
    const zki = over.zki ?? computeZki(input, createPrivateKey(company.privateKeyPem));
    const xml = soapEnvelope(signMessage(billRequest(bill({ ...input, ...over, zki })), signer));
    const exchange = await sendSoap({ url: cis.url, timeoutMs: 5000 }, SOAP_ACTION.bill, xml);
    if (!exchange.ok) return exchange;
    const answer = readBillAnswer(exchange.body);
    return { ...exchange, answer, signature: checkSignature(exchange.body, { ns: CIS_NS, name: 'RacunOdgovor' }, cis.certificatePem) };
  };

  it('answers a good bill with a JIR in a signed answer', async () => {
    const result = await send();
    expect(result).toMatchObject({ ok: true, answer: { kind: 'jir' }, signature: { valid: true } });
    if (!('answer' in result) || result.answer.kind !== 'jir') throw new Error('no JIR');
    expect(result.answer.jir).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes a bill issued by a person (their OIB as the operator’s), numbered per device (OznSlijed N)', async () => {
    const result = await send({ operatorOib: '12345678903', number: 10 });
    expect(result).toMatchObject({ ok: true, answer: { kind: 'jir' } });
    expect(billRequest(bill())).toContain('<tns:OznSlijed>N</tns:OznSlijed>');
  });

  it('echoes', async () => {
    const exchange = await sendSoap({ url: cis.url, timeoutMs: 5000 }, SOAP_ACTION.echo, soapEnvelope(echoRequest('proba')));
    expect(exchange).toMatchObject({ ok: true, status: 200 });
    expect(exchange.ok && exchange.body).toContain('>proba</tns:EchoResponse>');
  });

  it('refuses a wrong ZKI, a foreign certificate, a bad OIB and a bad signature with their codes', async () => {
    const codeOf = (result: Awaited<ReturnType<typeof send>>) =>
      'answer' in result && result.answer.kind === 'errors' ? result.answer.errors[0]?.code : null;
    expect(codeOf(await send({ zki: '0'.repeat(32) }))).toBe('s013');
    const other = makeFiscalCertificate(ca, { oib: '12345678903', name: 'Drugi' });
    expect(codeOf(await send({}, signerOf(other)))).toBe('s005');
    // The operator is the person who issued the bill (or the company, for a self-service device): any valid OIB.
    expect(codeOf(await send({ operatorOib: '12345678900' }))).toBe('s013');
    const unsigned = soapEnvelope(billRequest(bill()));
    const exchange = await sendSoap({ url: cis.url, timeoutMs: 5000 }, SOAP_ACTION.bill, unsigned);
    expect(exchange.ok && readBillAnswer(exchange.body)).toMatchObject({ kind: 'errors', errors: [{ code: 's004' }] });
  });

  it('fails on demand: refused connections, slow answers, faults, s006 and forced codes', async () => {
    cis.switches.mode = 'refuse';
    expect(await send()).toMatchObject({ ok: false, error: 'network' });
    cis.switches.mode = 'slow';
    cis.switches.slowMs = 600;
    const slow = await sendSoap({ url: cis.url, timeoutMs: 200 }, SOAP_ACTION.echo, soapEnvelope(echoRequest('x')));
    expect(slow).toMatchObject({ ok: false, error: 'timeout' });
    cis.switches.mode = 'fault';
    expect(await send()).toMatchObject({ ok: true, status: 500, answer: { kind: 'fault' } });
    cis.switches.mode = 's006';
    expect(await send()).toMatchObject({ answer: { kind: 'errors', errors: [{ code: 's006' }] } });
    cis.switches.mode = 'up';
    cis.switches.forcedError = 's002';
    expect(await send()).toMatchObject({ answer: { kind: 'errors', errors: [{ code: 's002' }] } });
    cis.switches.forcedError = null;
    expect(await send()).toMatchObject({ answer: { kind: 'jir' } });
  });
});
