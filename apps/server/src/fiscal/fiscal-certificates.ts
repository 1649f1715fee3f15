import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/** A made certificate: the key, the certificate, and the same as a password-protected .p12. */
export interface MadeCertificate {
  privateKeyPem: string;
  certificatePem: string;
  p12: Buffer;
  password: string;
}

interface Options {
  /** Subject attributes, most general first (`C`, `O`, `CN`…). */
  subject: { shortName: string; value: string }[];
  /** Signs the certificate; without one it signs itself. */
  issuer?: { privateKeyPem: string; certificatePem: string };
  validFrom?: Date;
  validTo?: Date;
  /** A certificate authority (may sign others). */
  ca?: boolean;
  /** The RSA key's size: 2048 bits as FINA's unless told (the demo's certificates take 1024, decision 0017). */
  bits?: number;
}

/**
 * Makes an RSA certificate: for the simulated CIS, the demo company and the tests (a throw-away
 * CA and "FISKAL" certificates whose subject carries `HR<OIB>`, as FINA's do). The key comes from
 * Node (fast); node-forge writes the certificate and the .p12.
 */
export function makeCertificate(options: Options): MadeCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: options.bits ?? 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // Sixteen bytes, the first 0x01: positive and in DER's shortest form. (An odd number of hex digits
  // made a leading zero byte, which OpenSSL refuses before a byte below 0x80 now and then.)
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = options.validFrom ?? new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = options.validTo ?? new Date(Date.now() + 2 * 365 * 24 * 3600_000);
  cert.setSubject(options.subject);
  const issuerCert = options.issuer ? forge.pki.certificateFromPem(options.issuer.certificatePem) : null;
  cert.setIssuer(issuerCert ? issuerCert.subject.attributes : options.subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: options.ca ?? false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyCertSign: options.ca ?? false, cRLSign: options.ca ?? false },
  ]);
  const signingKey = forge.pki.privateKeyFromPem(options.issuer?.privateKeyPem ?? privateKeyPem);
  cert.sign(signingKey, forge.md.sha256.create());
  const certificatePem = forge.pki.certificateToPem(cert);
  const password = randomBytes(9).toString('base64url');
  const chain = issuerCert ? [cert, issuerCert] : [cert];
  const asn1 = forge.pkcs12.toPkcs12Asn1(forge.pki.privateKeyFromPem(privateKeyPem), chain, password, {
    algorithm: '3des',
    friendlyName: 'fiscal',
  });
  const p12 = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  return { privateKeyPem, certificatePem, p12, password };
}

/** A throw-away CA standing in for FINA's (the demo's and the tests'). */
export const makeDemoCa = () =>
  makeCertificate({
    subject: [
      { shortName: 'C', value: 'HR' },
      { shortName: 'O', value: 'Kovanica demo' },
      { shortName: 'CN', value: 'Kovanica demo fiscal CA' },
    ],
    ca: true,
    validTo: new Date(Date.now() + 10 * 365 * 24 * 3600_000),
  });

/** A "FISKAL" certificate for a company, signed by `ca`, its subject carrying `HR<OIB>` as FINA's do. */
export const makeFiscalCertificate = (ca: MadeCertificate, company: { oib: string; name: string }, options: Partial<Options> = {}) =>
  makeCertificate({
    subject: [
      { shortName: 'C', value: 'HR' },
      { shortName: 'O', value: `${company.name} HR${company.oib}` },
      { shortName: 'L', value: 'ZAGREB' },
      { shortName: 'CN', value: 'FISKAL 1' },
    ],
    issuer: ca,
    ...options,
  });
