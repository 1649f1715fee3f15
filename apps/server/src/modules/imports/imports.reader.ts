import { Worker } from 'node:worker_threads';
import type { CsvRecord, FileRefusal } from './imports.files.ts';
import type { ReadAnswer, ReadJob } from './imports.reader-thread.ts';

/**
 * Uploaded files are read on threads of their own (docs/api.md, "Limits"), never on the thread that
 * answers requests: a workbook that unpacks to hundreds of megabytes held every company's requests for
 * two minutes when it was read there. A thread has a heap of its own, capped (`READER_HEAP_MB`), and a
 * time limit: a file that reaches either is refused as too complex and its thread ended. A thread that
 * read a large file (`LIGHT_FILE_BYTES`), or was refused one, is ended after it, so whatever the file
 * made it allocate is given back; one that read a small file waits for the next (a thread takes a few
 * hundred milliseconds to start), and is ended after a minute without one. At most `READERS` files are
 * read at once in a process; the next wait their turn.
 */
export const READERS = 2;
export const READER_HEAP_MB = 512;
export const READ_TIME_LIMIT_MS = 30_000;
/** A file up to this size leaves its thread for the next one. */
export const LIGHT_FILE_BYTES = 512 * 1024;

const bootstrap = new URL('./imports.reader-thread.mjs', import.meta.url);

/** The refusal of a file its thread could not read within its limits. */
const TOO_COMPLEX: FileRefusal = { status: 413, code: 'upload_too_complex' };

export class FileReaders {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private spare: Worker | null = null;
  private spareTimer: NodeJS.Timeout | undefined;

  /** Reads a file's records on a thread; answers its records or why it is refused. */
  async read(job: ReadJob): Promise<{ records: CsvRecord[] } | { refused: FileRefusal }> {
    if (this.running >= READERS) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await this.run(job);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private run(job: ReadJob): Promise<ReadAnswer> {
    const worker = this.take();
    return new Promise<ReadAnswer>((resolve) => {
      let settled = false;
      const finish = (answer: ReadAnswer, alive = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onEnd).off('exit', onEnd);
        if (alive && job.content.length <= LIGHT_FILE_BYTES && !this.spare) this.keep(worker);
        else {
          void worker.terminate();
          this.prepareSpare();
        }
        resolve(answer);
      };
      const onMessage = (answer: ReadAnswer) => finish(answer, true);
      // ERR_WORKER_OUT_OF_MEMORY when the file made it reach its heap's cap, or anything else that ended it.
      const onEnd = () => finish({ refused: TOO_COMPLEX });
      const timer = setTimeout(onEnd, READ_TIME_LIMIT_MS);
      worker.on('message', onMessage).on('error', onEnd).on('exit', onEnd);
      worker.ref();
      worker.postMessage(job);
    });
  }

  /** The spare thread, or a new one. */
  private take(): Worker {
    const worker = this.spare ?? this.start();
    this.spare = null;
    clearTimeout(this.spareTimer);
    return worker;
  }

  /** A new thread ready for the next file. */
  private prepareSpare() {
    if (!this.spare) this.keep(this.start());
  }

  /** Keeps a thread for the next file; ended after a minute without one. */
  private keep(worker: Worker) {
    worker.unref();
    this.spare = worker;
    clearTimeout(this.spareTimer);
    this.spareTimer = setTimeout(() => this.close(), 60_000);
    this.spareTimer.unref();
  }

  private start(): Worker {
    const worker = new Worker(bootstrap, { resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB, maxYoungGenerationSizeMb: 32 } });
    // A thread's error is its job's answer (or its spare's end): never the process's. A spare that
    // ends while it waits (it could not start) is replaced when asked for.
    worker.on('error', () => {});
    worker.once('exit', () => {
      if (this.spare === worker) this.spare = null;
    });
    return worker;
  }

  /** Ends the spare thread (the server closing). */
  close() {
    clearTimeout(this.spareTimer);
    const spare = this.spare;
    this.spare = null;
    void spare?.terminate();
  }
}

/**
 * The process's readers: threads are the machine's, not an app's, and hold no data between files (each
 * file gets a thread of its own, ended after it).
 */
export const fileReaders = new FileReaders();
