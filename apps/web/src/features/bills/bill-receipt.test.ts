import type { Bill } from '@kovanica/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enResources from '../../i18n/en.resources.json';
import hrResources from '../../i18n/hr.resources.json';
import { receiptDocument } from './bill-receipt.ts';

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: enResources }, hr: { translation: hrResources } },
  lng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
});

const bill: Bill = {
  '@id': '/api/v2/bills/7',
  '@type': 'Bill',
  id: 7,
  company: '/api/v2/companies/1',
  kind: 'device',
  device: '/api/v2/devices/3',
  deviceName: 'Autić 2',
  location: '/api/v2/locations/2',
  locationName: 'Supermarket Centar',
  number: '12/AUT2/2',
  sequence: 12,
  premises: 'AUT2',
  isu: '2',
  issuedAt: '2026-11-21T09:05:42.000Z',
  totalCents: 2200,
  inVatSystem: true,
  vatRate: 25,
  vatBaseCents: 1760,
  vatCents: 440,
  payment: 'G',
  oib: '12345678903',
  zki: 'e4d909c290d0fb1ca068ffaddf22cbd0',
  jir: '3e3a0a0b-7c0c-4f8e-9d3c-1a2b3c4d5e6f',
  fiscalizedAt: '2026-11-21T09:05:43.000Z',
  status: 'fiscalized',
  attempts: 1,
  lastError: null,
  deliverBy: '2026-11-23T09:05:42.000Z',
  stornoOf: null,
  cancelledBy: null,
  note: null,
} as Bill;

/** Every text of a pdfmake document, flattened. */
const textOf = (node: unknown): string => {
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return node.map(textOf).join(' ');
  if (node && typeof node === 'object') return Object.values(node).map(textOf).join(' ');
  return '';
};

const issuer = { name: 'Zabavni automati d.o.o.', address: 'Ilica 1, Zagreb', oib: '12345678903' };

describe('the PDF receipt', () => {
  it('says everything of the bill in the user language', () => {
    const t = i18n.getFixedT('hr');
    const doc = receiptDocument({ bill, issuer, stornoOfNumber: null, qrImage: 'data:image/png;base64,AAAA', t: (key, v) => t(key, v) });
    const text = textOf(doc.content);
    for (const part of [
      'Zabavni automati d.o.o.',
      'RAČUN',
      '12/AUT2/2',
      '21.11.2026 10:05:42',
      'UKUPNO',
      '22,00 €',
      'PDV 25 %',
      '4,40 €',
      '17,60 €',
      'Gotovina',
      bill.zki,
      bill.jir as string,
    ]) {
      expect(text).toContain(part);
    }
    expect(textOf(doc.content)).toContain('data:image/png;base64,AAAA');
  });

  it('names a storno and a bill without JIR or VAT in English', () => {
    const t = i18n.getFixedT('en');
    const storno = { ...bill, kind: 'storno', totalCents: -2200, jir: null, inVatSystem: false, vatRate: null } as Bill;
    const text = textOf(
      receiptDocument({ bill: storno, issuer: null, stornoOfNumber: '11/AUT2/2', qrImage: 'x', t: (key, v) => t(key, v) }).content,
    );
    expect(text).toContain('STORNO BILL');
    expect(text).toContain('Cancels bill 11/AUT2/2');
    expect(text).toContain('-22,00 €');
    expect(text).toContain('unfiscalized');
    expect(text).toContain('not in the VAT system');
    expect(text).not.toContain('VAT 25 %');
  });
});
