import type { TVirtualFileSystem } from 'pdfmake/interfaces';
import { billQrUrl } from './bill-qr.ts';
import { qrDataUrl } from './bill-qr-code.tsx';
import { type ReceiptInput, receiptDocument } from './bill-receipt.ts';

type PdfMake = typeof import('pdfmake/build/pdfmake');
/** pdfmake's browser build is CommonJS: its exports arrive as the module's default. */
const exportsOf = <T>(module: T | { default: T }): T =>
  module && typeof module === 'object' && 'default' in module ? module.default : module;

let loaded: Promise<PdfMake> | null = null;
/** pdfmake and its fonts (Roboto, with č ć đ š ž), loaded on the first receipt only: about 1 MB gzip-free. */
function loadPdfMake(): Promise<PdfMake> {
  loaded ??= Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')]).then(([pdfMake, fonts]) => {
    const make = exportsOf<PdfMake>(pdfMake);
    make.addVirtualFileSystem(exportsOf<TVirtualFileSystem>(fonts as unknown as TVirtualFileSystem));
    return make;
  });
  return loaded;
}

/** Builds the bill's receipt in the browser and downloads it as `<fileName>.pdf`. */
export async function downloadReceipt(input: Omit<ReceiptInput, 'qrImage'>, fileName: string): Promise<void> {
  const [pdfMake, qrImage] = await Promise.all([loadPdfMake(), qrDataUrl(billQrUrl(input.bill))]);
  await pdfMake.createPdf(receiptDocument({ ...input, qrImage })).download(`${fileName}.pdf`);
}
