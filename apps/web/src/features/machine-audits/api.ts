import {
  API_BASE,
  type Device,
  formatDecimal,
  formatMoney,
  MACHINE_AUDIT_BULK_MAX,
  MACHINE_AUDIT_MAX_CHARS,
  type MachineAudit,
  VIEW_HEADER,
} from '@kovanica/contract';
import { ApiError, isApiError, type Query } from '../../lib/api.ts';
import { devicesApi } from '../../lib/apis/devices.ts';
import { machineAuditsApi } from '../../lib/apis/machine-audits.ts';
import { downloadBlob } from '../../lib/export/table.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { getSession } from '../../lib/session.ts';
import { type View, viewOf } from '../../lib/view.ts';

/** The audits and the devices they are picked among. */
export { devicesApi, machineAuditsApi };

/** Devices are told apart by their logger's IMEI where names repeat across locations. */
export const deviceLabel = (d: Device) => (d.imei ? `${d.name} (${d.imei})` : d.name);

/**
 * An amount of the audit: in euros as everywhere, or with the file's own currency's letters where the
 * machine counts in another one (ID4), so a kuna machine's figures are not read as euros.
 */
export function auditMoney(cents: number, currency: string | null): string {
  if (currency === null || currency === 'EUR' || currency === '978') return formatMoney(cents);
  return `${formatDecimal(cents / 100, 2)} ${currency}`;
}

/** The audits still to assign to a device (`assigned=false`), the list's own filters on top. */
export const unassignedAuditsSource = {
  name: machineAuditsApi.name,
  keys: machineAuditsApi.keys,
  list: (query: Query = {}, view?: View) => machineAuditsApi.list({ ...query, assigned: false }, view),
};

/** The file types the upload offers: DEX/UCS text, as handhelds and telemetry boxes save it. */
export const AUDIT_FILE_ACCEPT = '.dex,.txt,.eva,text/plain';

/** One chosen file, read as text, or why it is not sent. */
export type ReadAudit = { fileName: string; content: string } | { fileName: string; tooLarge: true } | { fileName: string; empty: true };

/** Reads each chosen file as text (FileReader, as `File.text()` is in every browser we support). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });

/** The chosen files as the API takes them; one too big or empty is kept with its reason, not sent. */
export async function readAuditFiles(files: readonly File[]): Promise<ReadAudit[]> {
  return Promise.all(
    files.map(async (file): Promise<ReadAudit> => {
      // A file far over the limit is not read at all (a wrong file picked: a photo, a log).
      if (file.size > MACHINE_AUDIT_MAX_CHARS * 4) return { fileName: file.name, tooLarge: true };
      const content = await readText(file);
      if (content.length > MACHINE_AUDIT_MAX_CHARS) return { fileName: file.name, tooLarge: true };
      if (content.trim() === '') return { fileName: file.name, empty: true };
      return { fileName: file.name, content };
    }),
  );
}

/** Whether a bulk upload may start: at most `MACHINE_AUDIT_BULK_MAX` files. */
export const tooManyFiles = (count: number) => count > MACHINE_AUDIT_BULK_MAX;

/** What became of one file of an upload. */
export type UploadOutcome =
  | { fileName: string; state: 'matched'; audit: MachineAudit }
  | { fileName: string; state: 'unassigned'; audit: MachineAudit }
  | { fileName: string; state: 'refused'; message: string }
  | { fileName: string; state: 'tooLarge' | 'empty' };

/**
 * A refusal's words: the server's message (naming the line, in the user's language), with each
 * violation's where they say more than it.
 */
export function refusalText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const message = error.userMessage ?? fallback;
  const more = (error.problem?.violations ?? []).map((v) => v.message).filter((m) => m && !message.includes(m));
  return [message, ...more].join(' ');
}

/**
 * Sends each read file as its own `POST /machine-audits`, one after the other (a hundred files at once
 * would be a hundred requests at once), and says what became of each as it comes.
 */
export async function sendAudits(
  read: readonly ReadAudit[],
  device: string | undefined,
  onOutcome: (index: number, outcome: UploadOutcome) => void,
  fallback: string,
): Promise<void> {
  for (const [index, file] of read.entries()) {
    if ('tooLarge' in file) onOutcome(index, { fileName: file.fileName, state: 'tooLarge' });
    else if ('empty' in file) onOutcome(index, { fileName: file.fileName, state: 'empty' });
    else {
      try {
        const audit = await machineAuditsApi.create({
          fileName: file.fileName.slice(0, 200),
          content: file.content,
          ...(device ? { device } : {}),
        });
        onOutcome(index, { fileName: file.fileName, state: audit.device ? 'matched' : 'unassigned', audit });
      } catch (error) {
        onOutcome(index, { fileName: file.fileName, state: 'refused', message: refusalText(error, fallback) });
      }
    }
  }
}

/** The audit's file as the machine wrote it (`GET /machine-audits/{id}/file`), saved under its name. */
export async function downloadAuditFile(audit: Pick<MachineAudit, 'id' | 'fileName'>): Promise<void> {
  const { token, accountInfo } = getSession();
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (viewOf(accountInfo) === 'all') headers[VIEW_HEADER] = 'all';
  const path = `/machine-audits/${audit.id}/file`;
  const response = await fetch(`${API_BASE}${path}`, { headers });
  if (!response.ok) {
    const problem = await response.json().catch(() => null);
    throw new ApiError(`GET ${path}: ${response.status}`, response.status, problem);
  }
  downloadBlob(await response.blob(), audit.fileName);
}
