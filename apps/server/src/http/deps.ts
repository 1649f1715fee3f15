import type { Db } from '../db/client.ts';
import { ReadCache, TagVersions } from './cache.ts';
import type { Actor } from './context.ts';

/** What modules are given: the database and the read caches. Passed explicitly, never looked up. */
export interface Deps {
  db: Db;
  versions: TagVersions;
  /** Signed-in users' access, by user id (5 s at most). */
  actors: ReadCache<Actor | null> | null;
  /** Serialised answers of the standard GET routes, by user, view and URL (30 s at most). */
  responses: ReadCache<string> | null;
}

export function createDeps(db: Db, cache: boolean): Deps {
  const versions = new TagVersions();
  return {
    db,
    versions,
    actors: cache ? new ReadCache(versions, 5_000, 10_000) : null,
    responses: cache ? new ReadCache(versions, 30_000, 5_000) : null,
  };
}
