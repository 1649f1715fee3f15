import { type Bill, formatMoney } from '@kovanica/contract';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatBillTime } from './bill-time.ts';

/** Who issued the bill, as the receipt's head shows it. */
export interface ReceiptIssuer {
  name: string;
  address: string | null;
  oib: string;
}

export interface ReceiptInput {
  bill: Bill;
  /** Null when the company could not be read: the receipt then names only the OIB. */
  issuer: ReceiptIssuer | null;
  /** The number of the bill a storno cancels, when it is one. */
  stornoOfNumber: string | null;
  /** The QR code (`billQrUrl`) as a PNG data URL. */
  qrImage: string;
  /** The texts in the user's language (`billPage.receipt.*`). */
  t: (key: string, values?: Record<string, unknown>) => string;
}

/** A receipt roll's width: 80 mm, in PDF points. */
const RECEIPT_WIDTH = (80 / 25.4) * 72;

/** A dashed rule; a new node each time, as pdfmake writes its layout into the nodes it is given. */
const line = (): Content => ({
  canvas: [{ type: 'line', x1: 0, y1: 0, x2: RECEIPT_WIDTH - 24, y2: 0, lineWidth: 0.5, dash: { length: 2 } }],
  margin: [0, 6, 0, 6],
});

/**
 * The bill as a receipt (80 mm wide, as long as it needs): the issuer, the number and time, amount,
 * VAT and payment, ZKI and JIR, and the QR code, in the user's language. Pure, so it is tested
 * without pdfmake; `bill-pdf.ts` renders it.
 */
export function receiptDocument({ bill, issuer, stornoOfNumber, qrImage, t }: ReceiptInput): TDocumentDefinitions {
  const r = (key: string, values?: Record<string, unknown>) => t(`billPage.receipt.${key}`, values);
  const row = (label: string, value: string, bold = false): Content[] => [{ text: label }, { text: value, alignment: 'right', bold }];
  const figures: Content[][] = [row(r('total'), formatMoney(bill.totalCents), true)];
  if (bill.inVatSystem && bill.vatRate !== null) {
    figures.push(row(r('vatBase', { rate: bill.vatRate }), formatMoney(bill.vatBaseCents ?? 0)));
    figures.push(row(r('vat', { rate: bill.vatRate }), formatMoney(bill.vatCents ?? 0)));
  }
  figures.push(row(r('payment'), t(`billPage.payments.${bill.payment}`)));

  const head: Content[] = issuer
    ? [
        { text: issuer.name, bold: true, fontSize: 10 },
        ...(issuer.address ? [{ text: issuer.address }] : []),
        { text: `${r('oib')}: ${issuer.oib}` },
      ]
    : [{ text: `${r('oib')}: ${bill.oib}` }];
  if (bill.locationName) head.push({ text: bill.locationName });

  return {
    pageSize: { width: RECEIPT_WIDTH, height: 'auto' },
    pageMargins: [12, 14, 12, 14],
    info: { title: `${r(bill.kind === 'storno' ? 'stornoTitle' : 'title')} ${bill.number}`, creator: 'Kovanica' },
    defaultStyle: { font: 'Roboto', fontSize: 8, lineHeight: 1.15 },
    content: [
      { stack: head, alignment: 'center' },
      line(),
      { text: r(bill.kind === 'storno' ? 'stornoTitle' : 'title'), bold: true, fontSize: 11, alignment: 'center' },
      { text: bill.number, bold: true, fontSize: 11, alignment: 'center', margin: [0, 0, 0, 4] },
      { text: `${r('issuedAt')}: ${formatBillTime(bill.issuedAt)}` },
      ...(bill.deviceName ? [{ text: `${r('device')}: ${bill.deviceName}` }] : []),
      ...(stornoOfNumber ? [{ text: r('stornoOf', { number: stornoOfNumber }) }] : []),
      line(),
      { table: { widths: ['*', 'auto'], body: figures }, layout: 'noBorders' },
      ...(bill.inVatSystem ? [] : [{ text: r('notInVat'), italics: true, margin: [0, 2, 0, 0] } as Content]),
      line(),
      { text: [{ text: 'ZKI: ', bold: true }, bill.zki] },
      bill.jir ? { text: [{ text: 'JIR: ', bold: true }, bill.jir] } : { text: [{ text: 'JIR: ', bold: true }, r('noJir')] },
      { image: qrImage, width: 110, alignment: 'center', margin: [0, 8, 0, 4] },
      { text: r('check'), alignment: 'center', fontSize: 7 },
      ...(bill.note ? [{ text: bill.note, margin: [0, 6, 0, 0], italics: true } as Content] : []),
    ],
  };
}
