import { createCipheriv, createDecipheriv, createHash, createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import { isValidOib } from '@kovanica/contract';
import forge from 'node-forge';

/** A fiscal certificate as read from its PKCS#12 file. */
export interface FiscalIdentity {
  privateKeyPem: string;
  certificatePem: string;
  /** The OIB in the certificate's subject (`HR<OIB>`), which must be the company's. */
  oib: string | null;
  subject: string;
  issuer: string;
  /** Decimal serial number. */
  serial: string;
  validFrom: Date;
  validTo: Date;
}

/** Why a PKCS#12 file was refused, as a code the API turns into a message in the user's language. */
export class CertificateError extends Error {
  constructor(readonly code: 'certificate_unreadable' | 'certificate_password' | 'certificate_no_key') {
    super(code);
  }
}

/** The OIB a FINA certificate names: `HR` and eleven digits with a valid check digit, anywhere in the subject. */
export function oibOfSubject(subject: string): string | null {
  for (const match of subject.matchAll(/HR(\d{11})(?!\d)/g)) if (match[1] && isValidOib(match[1])) return match[1];
  return null;
}

/**
 * Reads a .p12 with its password through node-forge, which also reads the legacy RC2 encryption of
 * older FINA files (OpenSSL 3 in Node refuses it). The certificate kept is the one of the private key.
 */
export function readP12(file: Buffer, password: string): FiscalIdentity {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(file.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CertificateError(/password|mac|decrypt/i.test(message) ? 'certificate_password' : 'certificate_unreadable');
  }
  const keyBag = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ].find((bag) => bag.key);
  if (!keyBag?.key) throw new CertificateError('certificate_no_key');
  const key = keyBag.key as forge.pki.rsa.PrivateKey;
  const certificates = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).flatMap((bag) =>
    bag.cert ? [bag.cert] : [],
  );
  const own = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!own) throw new CertificateError('certificate_no_key');
  // Re-encoded through Node, which also checks that the two make a usable RSA key and certificate.
  const privateKeyPem = createPrivateKey(forge.pki.privateKeyToPem(key)).export({ type: 'pkcs8', format: 'pem' }).toString();
  const x509 = new X509Certificate(forge.pki.certificateToPem(own));
  const certificatePem = x509.toString();
  const subject = x509.subject.split('\n').reverse().join(',');
  return {
    privateKeyPem,
    certificatePem,
    oib: oibOfSubject(x509.subject),
    subject,
    issuer: x509.issuer.split('\n').reverse().join(','),
    serial: BigInt(`0x${x509.serialNumber}`).toString(10),
    validFrom: new Date(x509.validFrom),
    validTo: new Date(x509.validTo),
  };
}

/** The AES-256 key derived from the configured secret (`FISCAL_KEY_SECRET`). */
const keyOf = (secret: string) => createHash('sha256').update(`kovanica fiscal keys\0${secret}`).digest();

/** Encrypts a private key for storage: `v1.<iv>.<tag>.<ciphertext>`, base64url, AES-256-GCM. */
export function sealPrivateKey(privateKeyPem: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const sealed = Buffer.concat([cipher.update(privateKeyPem, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** Decrypts a stored private key; throws when the secret is not the one it was sealed with. */
export function openPrivateKey(stored: string, secret: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('[kovanica-server] not a sealed private key');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}
