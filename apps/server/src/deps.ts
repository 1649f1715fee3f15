import type { CollectionSpec, ModuleComponent, Permission } from '@kovanica/contract';
import { ReadCache, TagVersions } from './core/cache.ts';
import type { CollectionColumns } from './core/collection.ts';
import type { Actor } from './core/context.ts';
import { Metrics } from './core/metrics.ts';
import type { CrudService } from './core/service.ts';
import type { Db, TagBus } from './db/client.ts';
import type { SimulatedCis } from './fiscal/cis-simulator.ts';
import { FiscalKeys } from './fiscal/keys.ts';
import { Limits } from './security/limits.ts';

/**
 * A resource's list as its route serves it (`registerCrud` records each): its filters and order, the
 * columns they read, and the service's own page of the rows the caller may list. Exports read lists
 * through it (decision 0026), so an export holds what the list shows, in its tenancy.
 */
export interface ListSource {
  spec: CollectionSpec;
  columns: CollectionColumns;
  list: CrudService<{ '@id': string }, never, never>['list'];
  /** The list's permission (`<name>.read`) and the module component it needs, as its route declares. */
  permission: Permission;
  component?: ModuleComponent;
}

/** What modules are given: the database and the read caches. Passed explicitly, never looked up. */
export interface Deps {
  db: Db;
  versions: TagVersions;
  /** Signed-in users' access, by user id (5 s at most). */
  actors: ReadCache<Actor | null> | null;
  /** Serialised answers of the standard GET routes, by user, view and URL (30 s at most). */
  responses: ReadCache<string> | null;
  /** The companies' fiscal signing keys (sealed at rest with `FISCAL_KEY_SECRET`). */
  fiscalKeys: FiscalKeys;
  /**
   * Asks a background job to run soon (the fiscal sender after bills are issued, the export builder after
   * an export is asked for) for the request `requestId` names: the run logs it; nothing without jobs.
   */
  wake: (job: 'fiscal-sweep' | 'export-sweep' | 'alarm-sweep', requestId?: string) => void;
  /** The simulated CIS this server runs, if any (the 'simulated' fiscal environment). */
  simulatedCis: SimulatedCis | null;
  /** The lists `registerCrud` serves, by resource name (what exports read). */
  lists: Map<string, ListSource>;
  /** The product's limits (sign-in attempts, keys, uploads), counted in the database for every instance. */
  limits: Limits;
  /** What `/metrics` reports that is counted as it happens (decision 0058). */
  metrics: Metrics;
}

/** Bytes the cached answers may hold in all (decision 0003): a few thousand typical pages. */
export const RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

/** What the composition root (`app.ts`) builds an app's dependencies from. */
export interface DepsOptions {
  db: Db;
  /** Keep the read caches (off in tests that count queries). */
  cache: boolean;
  fiscalKeySecret: string;
  /** Carries version bumps to and from the other server processes on the same database. */
  bus?: TagBus | null;
  /** Scales the product's limits (the fuzzer's many requests). */
  limitScale?: number;
  simulatedCis?: SimulatedCis | null;
  /** The app's metrics (its pool's figures among them); a registry of its own when not given. */
  metrics?: Metrics;
}

/**
 * The dependencies of one app, built in one place: `app.ts`, the composition root, calls this once,
 * starts listening (`versions.listen()`), sets `wake` when it starts the jobs, and closes it all.
 * Modules receive the result; none builds a dependency of its own.
 */
export function createDeps({
  db,
  cache,
  fiscalKeySecret,
  bus = null,
  limitScale = 1,
  simulatedCis = null,
  metrics = new Metrics(null),
}: DepsOptions): Deps {
  const versions = new TagVersions(bus);
  return {
    db,
    versions,
    fiscalKeys: new FiscalKeys(fiscalKeySecret),
    wake: () => {},
    simulatedCis,
    lists: new Map(),
    limits: new Limits(db, Date.now, limitScale),
    metrics,
    // An actor is a few hundred bytes; counted as 1 KiB, over 10,000 users fit.
    actors: cache ? new ReadCache(versions, { ttlMs: 5_000, maxBytes: 16 * 1024 * 1024, sizeOf: () => 1024 }) : null,
    // A string of Latin-1 text takes a byte per character in V8, of other text two: count two.
    responses: cache ? new ReadCache(versions, { ttlMs: 30_000, maxBytes: RESPONSE_CACHE_BYTES, sizeOf: (body) => body.length * 2 }) : null,
  };
}
