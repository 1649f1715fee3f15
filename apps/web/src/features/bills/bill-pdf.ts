import { loadPdfMake } from '../../lib/pdfmake.ts';
import { billQrUrl } from './bill-qr.ts';
import { qrDataUrl } from './bill-qr-code.tsx';
import { type ReceiptInput, receiptDocument } from './bill-receipt.ts';

/** Builds the bill's receipt in the browser and downloads it as `<fileName>.pdf`. */
export async function downloadReceipt(input: Omit<ReceiptInput, 'qrImage'>, fileName: string): Promise<void> {
  const [pdfMake, qrImage] = await Promise.all([loadPdfMake(), qrDataUrl(billQrUrl(input.bill))]);
  await pdfMake.createPdf(receiptDocument({ ...input, qrImage })).download(`${fileName}.pdf`);
}
