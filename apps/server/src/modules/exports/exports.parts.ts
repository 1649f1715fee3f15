import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ByteSink } from './exports.files.ts';

/**
 * A file's bytes in the database a part at a time (decision 0026): the builder appends parts as
 * they fill and the download reads a few at a time, so neither holds the whole file, whatever its
 * rows; the same on PostgreSQL and PGlite (plain statements, `bytea` parameters).
 */

/** The bytes of one part: big enough that a file is few rows, small enough to hold a few. */
export const EXPORT_PART_BYTES = 1024 * 1024;
/** Parts a download reads at a time. */
const PARTS_PER_READ = 4;

/**
 * Appends bytes to an export's parts: they gather until a part is full, which is inserted (`seq`
 * 0, 1, 2…) before the write resolves; `close` inserts what is left. Parts are exactly `partBytes`
 * long but the last.
 */
export class PartSink implements ByteSink {
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #seq = 0;
  #size = 0;

  constructor(
    private readonly db: Db,
    private readonly exportId: number,
    private readonly partBytes = EXPORT_PART_BYTES,
  ) {}

  async write(bytes: Buffer): Promise<void> {
    if (bytes.length === 0) return;
    this.#pending.push(bytes);
    this.#pendingBytes += bytes.length;
    if (this.#pendingBytes < this.partBytes) return;
    let gathered = Buffer.concat(this.#pending, this.#pendingBytes);
    while (gathered.length >= this.partBytes) {
      await this.#insert(gathered.subarray(0, this.partBytes));
      gathered = gathered.subarray(this.partBytes);
    }
    // The rest is copied: a view would keep the whole gathered buffer alive.
    this.#pending = gathered.length ? [Buffer.from(gathered)] : [];
    this.#pendingBytes = gathered.length;
  }

  /** Writes the last part; answers how many bytes the file has in all. */
  async close(): Promise<number> {
    if (this.#pendingBytes > 0) await this.#insert(Buffer.concat(this.#pending, this.#pendingBytes));
    this.#pending = [];
    this.#pendingBytes = 0;
    return this.#size;
  }

  async #insert(part: Buffer) {
    await this.db.execute(sql`insert into export_parts (export_id, seq, content) values (${this.exportId}, ${this.#seq}, ${part})`);
    this.#seq++;
    this.#size += part.length;
  }
}

/** Deletes an export's parts (a build starting again, or failing, leaves none of an earlier run's). */
export async function deleteParts(db: Db, exportId: number): Promise<void> {
  await db.execute(sql`delete from export_parts where export_id = ${exportId}`);
}

/**
 * An export's file as a stream: its parts in order, `PARTS_PER_READ` per statement, each read when
 * the consumer wants more (a slow download holds a few MiB, not the file).
 */
export function partsStream(db: Db, exportId: number): Readable {
  async function* parts() {
    let next = 0;
    for (;;) {
      const result = await db.execute(sql`
        select seq, content from export_parts where export_id = ${exportId} and seq >= ${next}
        order by seq limit ${PARTS_PER_READ}`);
      const rows = (result as unknown as { rows: { seq: number; content: Buffer | Uint8Array }[] }).rows;
      for (const row of rows) {
        yield Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength);
        next = Number(row.seq) + 1;
      }
      if (rows.length < PARTS_PER_READ) return;
    }
  }
  return Readable.from(parts(), { objectMode: false });
}
