import { parentPort } from 'node:worker_threads';
import { type CsvRecord, csvRecords, type FileLimits, type FileRefusal, FileRefused, xlsxRecords } from './imports.files.ts';

/** A file to read, as `imports.reader.ts` sends it. */
export interface ReadJob {
  format: 'csv' | 'xlsx';
  content: string;
  limits: FileLimits;
}

/** What the thread answers: the records, or why the file is refused. */
export type ReadAnswer = { records: CsvRecord[] } | { refused: FileRefusal };

// The reader thread's body (started through `imports.reader-thread.mjs`): one job at a time.
parentPort?.on('message', async (job: ReadJob) => {
  try {
    const records = job.format === 'csv' ? csvRecords(job.content, job.limits) : await xlsxRecords(job.content, job.limits);
    parentPort?.postMessage({ records } satisfies ReadAnswer);
  } catch (error) {
    const refused: FileRefusal =
      error instanceof FileRefused ? error.refusal : { status: 422, code: job.format === 'csv' ? 'upload_not_csv' : 'upload_not_xlsx' };
    parentPort?.postMessage({ refused } satisfies ReadAnswer);
  }
});
