import type { ImportFormat } from '@kovanica/contract';

/** A file's bytes as base64, as the API's uploads take files (the fiscal certificate, the profile photo). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The file types an import's file input offers: CSV, and Excel workbooks (`.xlsx`; their first sheet is read). */
export const IMPORT_FILE_ACCEPT = '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A chosen file as the imports take it (`POST /imports`, the loyalty card upload): a workbook (a name
 * ending `.xlsx`) as base64 with `format: 'xlsx'`, anything else as its text.
 */
export async function importFileContent(file: File): Promise<{ content: string; format: ImportFormat }> {
  if (/\.xlsx$/i.test(file.name)) return { content: await fileToBase64(file), format: 'xlsx' };
  return { content: await file.text(), format: 'csv' };
}
