import { createHash, type KeyObject, sign } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { cisAmount, cisTime } from './cis-format.ts';

/** What the ZKI is computed from (docs/rules.md "Talking to CIS", ZKI): the bill as CIS knows it. */
export interface ZkiInput {
  /** The company's OIB (the one in its fiscal certificate). */
  oib: string;
  issuedAt: Date;
  /** `BrOznRac`: the bill's sequence number. */
  number: number;
  /** `OznPosPr`: the premises label. */
  premises: string;
  /** `OznNapUr`: the device's ISU number. */
  isu: string;
  /** `IznosUkupno`, in cents (negative for a storno). */
  totalCents: number;
}

/** The text the ZKI signs: the fields one after another, the time with a space, Zagreb local. */
export const zkiText = (bill: ZkiInput): string =>
  `${bill.oib}${cisTime(bill.issuedAt, ' ')}${bill.number}${bill.premises}${bill.isu}${cisAmount(bill.totalCents)}`;

/**
 * The protective code of the issuer: lowercase hex MD5 of the RSA-SHA1 (PKCS#1 v1.5) signature of the
 * text with the certificate's private key. The signature is deterministic, so a bill's ZKI never changes.
 */
export const computeZki = (bill: ZkiInput, privateKey: KeyObject): string => zkiOf(zkiText(bill), privateKey);

/** The ZKI of a text already written (the simulated CIS writes it from the request's fields as sent). */
export function zkiOf(text: string, privateKey: KeyObject): string {
  const signature = sign('sha1', Buffer.from(text, 'utf8'), privateKey);
  return createHash('md5').update(signature).digest('hex');
}

/** Below this many, a batch's ZKIs are signed here: a hand-off costs more than it saves. */
const SPLIT_FROM = 64;

/** The same computation as `zkiOf`, for the signing thread (CommonJS, evaluated: no file to resolve under tsx or vitest). */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash, sign } = require('node:crypto');
parentPort.on('message', ({ id, key, texts }) => {
  try {
    const zkis = texts.map((t) => createHash('md5').update(sign('sha1', Buffer.from(t, 'utf8'), key)).digest('hex'));
    parentPort.postMessage({ id, zkis });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});`;

/**
 * One signing thread beside the main one, where the machine has a second core: a batch's RSA
 * signatures (a ZKI per bill, about 0.15 ms each at 1024 bits and 1 ms at FINA's 2048) are split
 * between the two. Started at the first large batch; it does not keep the process alive.
 */
class SigningThread {
  #worker: Worker | null = null;
  #broken = false;
  #next = 0;
  readonly #pending = new Map<number, { resolve: (zkis: string[]) => void; reject: (error: Error) => void }>();

  /** False where there is no second core, or the thread failed (the caller signs it all itself). */
  get available(): boolean {
    return !this.#broken && availableParallelism() > 1;
  }

  sign(texts: string[], key: KeyObject): Promise<string[]> {
    const worker = this.#start();
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, key, texts });
      worker.ref();
    });
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.on('message', (message: { id: number; zkis?: string[]; error?: string }) => {
      const waiting = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (this.#pending.size === 0) worker.unref();
      if (message.zkis) waiting?.resolve(message.zkis);
      else waiting?.reject(new Error(message.error));
    });
    const fail = (error: Error) => {
      this.#broken = true;
      this.#worker = null;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`signing thread exited (${code})`)));
    worker.unref();
    this.#worker = worker;
    return worker;
  }
}

const thread = new SigningThread();

/**
 * The ZKIs of many texts with one key, in order: a large batch half here and half on the signing
 * thread at the same time (an ingested batch of a busy fleet holds hundreds of payments); a small one,
 * or where the thread is not available, here. Each ZKI is the same as `zkiOf`'s.
 */
export async function zkisOf(texts: readonly string[], privateKey: KeyObject): Promise<string[]> {
  if (texts.length < SPLIT_FROM || !thread.available) return texts.map((t) => zkiOf(t, privateKey));
  const half = Math.floor(texts.length / 2);
  const away = thread.sign(texts.slice(half), privateKey);
  const here = texts.slice(0, half).map((t) => zkiOf(t, privateKey));
  try {
    return [...here, ...(await away)];
  } catch {
    // The thread failed: this batch is signed here, and the next ones too.
    return [...here, ...texts.slice(half).map((t) => zkiOf(t, privateKey))];
  }
}
