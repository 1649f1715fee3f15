import type { TVirtualFileSystem } from 'pdfmake/interfaces';

type PdfMake = typeof import('pdfmake/build/pdfmake');
/** pdfmake's browser build is CommonJS: its exports arrive as the module's default. */
const exportsOf = <T>(module: T | { default: T }): T =>
  module && typeof module === 'object' && 'default' in module ? module.default : module;

let loaded: Promise<PdfMake> | null = null;
/**
 * pdfmake and its fonts (Roboto, with č ć đ š ž), loaded on the first PDF only (a receipt, a lessor
 * statement): about 1 MB gzip-free. Import this module itself lazily, from the click.
 */
export function loadPdfMake(): Promise<PdfMake> {
  loaded ??= Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')]).then(([pdfMake, fonts]) => {
    const make = exportsOf<PdfMake>(pdfMake);
    make.addVirtualFileSystem(exportsOf<TVirtualFileSystem>(fonts as unknown as TVirtualFileSystem));
    return make;
  });
  return loaded;
}
