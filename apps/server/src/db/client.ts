import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database handle services use; the same type for PostgreSQL and embedded PGlite. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Carries tag bumps between server processes on one database (PostgreSQL `LISTEN/NOTIFY`). */
export interface TagBus {
  /** Announces this process's bumps to the others; never rejects (a lost message costs staleness only). */
  publish(payload: string): Promise<void>;
  /**
   * Calls `onMessage` with every other process's payload, and `onGap` whenever messages may have been
   * lost (the listening connection dropped and came back). Resolves with a function that stops.
   */
  subscribe(onMessage: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
}

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Applies the committed migrations. */
  migrate(): Promise<void>;
  /** Cache invalidation between server processes (PostgreSQL); null on PGlite, which one process owns. */
  bus: TagBus | null;
  /**
   * Raw SQL for libraries that bring their own (the job queue): one statement with parameters, or
   * several without. On PostgreSQL through the pool, on PGlite through its one connection.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** The pool's connections (PostgreSQL), for the metrics; null on PGlite's one connection. */
  poolStats: (() => { total: number; idle: number; waiting: number }) | null;
  close(): Promise<void>;
}

/**
 * The longest a statement may run on PostgreSQL (decision 0010): one expensive query must not hold a
 * pooled connection while other callers wait. PGlite cannot time statements out (no timers in its
 * WASM build); there the page-depth limit and cursors keep queries cheap.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget = { url: string; statementTimeoutMs?: number } | { dataDir: string } | { pglite: PGlite };

/** Opens PostgreSQL when given a URL, otherwise embedded PGlite in a directory (or an existing instance). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const timeout = target.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    // `statement_timeout` is a startup parameter of every pooled connection: PostgreSQL cancels a
    // statement that runs longer (error 57014, answered 503 by the error handler).
    // `jit=off`: PostgreSQL compiles a query whose estimated cost passes `jit_above_cost` to machine
    // code first. The app's queries are short; the fleet's figures over 3,000 devices (one row each
    // with subqueries) were estimated costly and spent some 250 ms of their ~400 compiling, to run in
    // 100 (scale bench, decision 0034). Set per connection, so a customer's server keeps its setting
    // for other clients. The URL's own `options` are kept, with this one after them (pg lets the URL's
    // replace the pool's, so they are taken out of it and passed together).
    const url = new URL(target.url);
    const urlOptions = url.searchParams.get('options');
    url.searchParams.delete('options');
    const pool = new pg.Pool({
      connectionString: url.toString(),
      max: 10,
      options: [urlOptions, '-c jit=off'].filter(Boolean).join(' '),
      ...(timeout > 0 ? { statement_timeout: timeout } : {}),
    });
    // An idle connection the server closes (restart, failover) must not take the process down;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      // Migrations may build indexes on big tables: they run on a connection of their own, untimed.
      migrate: async () => {
        const client = new pg.Client({ connectionString: target.url });
        await client.connect();
        try {
          await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), { migrationsFolder });
        } finally {
          await client.end();
        }
      },
      bus: notifyBus(pool, target.url),
      executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let release = () => {};
  if ('pglite' in target) client = target.pglite;
  else {
    mkdirSync(target.dataDir, { recursive: true });
    // One process at a time on an embedded database (the server, a migration, a backup).
    release = lockDataDir(target.dataDir, 'start');
    try {
      client = await PGlite.create(path.join(target.dataDir, 'pgdata'));
    } catch (error) {
      release();
      throw error;
    }
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    bus: null,
    poolStats: null,
    executeSql: async (text, values) =>
      values?.length ? { rows: (await client.query(text, values)).rows } : { rows: (await client.exec(text)).at(-1)?.rows ?? [] },
    close: async () => {
      await client.close();
      release();
    },
  };
}

const CHANNEL = 'kovanica_cache';

/**
 * Cache invalidation over PostgreSQL `LISTEN/NOTIFY`: messages go out through the pool and come in on
 * a connection of their own (a pooled one cannot keep listening), which is opened again when it drops.
 */
function notifyBus(pool: pg.Pool, url: string): TagBus {
  return {
    async publish(payload) {
      try {
        await pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
      } catch (error) {
        // The others' entries then live out their time limit (30 s): stale, never wrong for long.
        console.warn(`Cache invalidation not sent: ${(error as Error).message}`);
      }
    },
    async subscribe(onMessage, onGap) {
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const connect = async (again: boolean) => {
        const c = new pg.Client({ connectionString: url });
        c.on('notification', (n) => {
          if (n.channel === CHANNEL && n.payload) onMessage(n.payload);
        });
        c.on('error', () => reconnect(c));
        c.on('end', () => reconnect(c));
        await c.connect();
        await c.query(`listen ${CHANNEL}`);
        client = c;
        if (again) onGap();
      };
      const reconnect = (c: pg.Client) => {
        if (stopped || client !== c) return;
        client = null;
        c.end().catch(() => {});
        const attempt = () => {
          retry = undefined;
          if (!stopped) connect(true).catch(() => (retry = setTimeout(attempt, 1_000)));
        };
        retry = setTimeout(attempt, 1_000);
      };
      await connect(false);
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await (client as pg.Client | null)?.end();
      };
    },
  };
}

/**
 * Brings the planner's statistics up to date after a bulk load (the demo seed, an import): autovacuum
 * may be off on a customer's server, and PGlite has none, so a freshly loaded table would otherwise be
 * planned as empty (decision 0015).
 */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}
