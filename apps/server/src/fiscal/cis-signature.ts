import { type KeyObject, X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { escapeXml } from './cis-xml.ts';

/**
 * The signature algorithm of a company's requests (docs/rules.md "Bills and fiscalization", signature
 * algorithm: SHA-1 by the book; a setting, since the test service may want SHA-256).
 */
export type SignatureAlgorithm = 'rsa-sha1' | 'rsa-sha256';

const ALGORITHMS: Record<SignatureAlgorithm, { signature: string; digest: string }> = {
  'rsa-sha1': { signature: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1', digest: 'http://www.w3.org/2000/09/xmldsig#sha1' },
  'rsa-sha256': { signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256', digest: 'http://www.w3.org/2001/04/xmlenc#sha256' },
};
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';

/** A signing identity: the private key (PEM or opened) and its certificate (PEM). */
export interface Signer {
  privateKey: string | KeyObject;
  certificatePem: string;
}

/** `X509IssuerName` as RFC 4514 writes it (most specific first) and the serial in decimal. */
function issuerSerial(certificatePem: string): { issuer: string; serial: string } {
  const cert = new X509Certificate(certificatePem);
  const issuer = cert.issuer.split('\n').reverse().join(',');
  return { issuer, serial: BigInt(`0x${cert.serialNumber}`).toString(10) };
}

const derBase64 = (certificatePem: string) => new X509Certificate(certificatePem).raw.toString('base64');

/**
 * Signs a message (its root element, which carries an `Id`) with an enveloped XMLDSig as its last
 * child: one reference to `#<Id>`, enveloped-signature then exclusive C14N (CIS's own answers use the
 * inclusive one, which takes in the envelope's namespaces: such an element is signed in its envelope), and `KeyInfo/X509Data`
 * with the certificate and its issuer and serial. The result is not to be reformatted.
 */
export function signMessage(
  xml: string,
  signer: Signer,
  algorithm: SignatureAlgorithm = 'rsa-sha1',
  canonicalization: 'exclusive' | 'inclusive' = 'exclusive',
  /** The element to sign, by local name, when it is not the document's root (an answer inside its envelope). */
  element?: string,
): string {
  const target = element ? `//*[local-name(.)='${element}']` : '/*';
  const { signature, digest } = ALGORITHMS[algorithm];
  const c14n = canonicalization === 'exclusive' ? EXC_C14N : C14N;
  const { issuer, serial } = issuerSerial(signer.certificatePem);
  const signed = new SignedXml({
    privateKey: signer.privateKey,
    publicCert: signer.certificatePem,
    signatureAlgorithm: signature,
    canonicalizationAlgorithm: c14n,
    getKeyInfoContent: ({ prefix } = {}) => {
      const p = prefix ? `${prefix}:` : '';
      return (
        `<${p}X509Data><${p}X509Certificate>${derBase64(signer.certificatePem)}</${p}X509Certificate>` +
        `<${p}X509IssuerSerial><${p}X509IssuerName>${escapeXml(issuer)}</${p}X509IssuerName><${p}X509SerialNumber>${serial}</${p}X509SerialNumber></${p}X509IssuerSerial></${p}X509Data>`
      );
    },
  });
  signed.addReference({ xpath: target, transforms: [ENVELOPED, c14n], digestAlgorithm: digest });
  signed.computeSignature(xml, { location: { reference: target, action: 'append' } });
  return signed.getSignedXml();
}

/** What a signature check found: whether it holds and the certificate it was made with. */
export type SignatureCheck = { valid: true; certificatePem: string } | { valid: false; reason: string };

const toPem = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${base64
    .replace(/\s+/g, '')
    .replace(/(.{64})/g, '$1\n')
    .trim()}\n-----END CERTIFICATE-----\n`;

/**
 * Checks the enveloped signature of `element` (a `RacunZahtjev` or `RacunOdgovor`, found by name in
 * `xml`, the whole SOAP document): exactly one signature, its last child, one reference to the
 * element's own `Id`, digest and value verifying against `trusted` (the certificate that must have
 * signed) or, without one, the certificate it carries.
 */
export function checkSignature(xml: string, element: { ns: string; name: string }, trusted?: string): SignatureCheck {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.getElementsByTagNameNS(element.ns, element.name).item(0);
  if (!root) return { valid: false, reason: `no ${element.name}` };
  const signatures = root.getElementsByTagNameNS(DS_NS, 'Signature');
  if (signatures.length !== 1) return { valid: false, reason: `${signatures.length} signatures` };
  const signature = signatures.item(0);
  let last = root.lastChild;
  while (last && last.nodeType !== last.ELEMENT_NODE) last = last.previousSibling;
  if (!signature || last !== signature) return { valid: false, reason: 'the signature is not the last child' };
  const references = signature.getElementsByTagNameNS(DS_NS, 'Reference');
  const id = root.getAttribute('Id');
  if (references.length !== 1 || !id || references.item(0)?.getAttribute('URI') !== `#${id}`) {
    return { valid: false, reason: 'the reference does not name the message' };
  }
  const carried = signature.getElementsByTagNameNS(DS_NS, 'X509Certificate').item(0)?.textContent;
  const certificatePem = trusted ?? (carried ? toPem(carried) : null);
  if (!certificatePem) return { valid: false, reason: 'no certificate' };
  try {
    const verifier = new SignedXml({ publicCert: certificatePem });
    verifier.loadSignature(signature);
    if (!verifier.checkSignature(xml)) return { valid: false, reason: 'the signature does not verify' };
  } catch (error) {
    return { valid: false, reason: error instanceof Error ? error.message : String(error) };
  }
  return { valid: true, certificatePem };
}
